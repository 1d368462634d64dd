import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema, scenarioJsonSchemaText } from '../../../src/harness/scenario/index.ts';

const COMMITTED = new URL('../../../scenarios/scenario.schema.json', import.meta.url);

describe('scenarios/scenario.schema.json', () => {
  it('is exactly what the zod schema generates (regenerate: npx tsx src/harness/scenario/write-json-schema.ts)', () => {
    expect(readFileSync(COMMITTED, 'utf8')).toBe(scenarioJsonSchemaText());
  });

  it('is a strict draft-07 schema carrying the descriptions editors show', () => {
    const schema = scenarioJsonSchema() as {
      $schema: string;
      additionalProperties: boolean;
      properties: Record<string, { description?: string }>;
    };
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['profile', 'session', 'turns', 'phases', 'expect']),
    );
    expect(schema.properties['profile']!.description).toMatch(/go-compat/);
    expect(schema.properties['expect']!.description).toMatch(/beyond the universal properties/);
    expect(schema.properties['sessions']!.description).toMatch(/several independent sessions in one file/);
  });

  it('names the definitions it reuses (turn groups, tool calls, phases) instead of repeating them', () => {
    const schema = scenarioJsonSchema() as {
      definitions: Record<string, { properties: Record<string, { description?: string }> }>;
    };
    expect(Object.keys(schema.definitions).sort()).toEqual(['phase', 'toolCall', 'turnGroup']);
    const rule = (
      schema.definitions['turnGroup']!.properties['rules'] as unknown as {
        items: { properties: Record<string, { description?: string }> };
      }
    ).items;
    expect(rule.properties['add']!.description).toMatch(/Every matching adding rule applies/);
  });
});

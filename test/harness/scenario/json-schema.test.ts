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
      $schema: string; additionalProperties: boolean; properties: Record<string, { description?: string }>;
    };
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['profile', 'session', 'turns', 'phases', 'expect']));
    expect(schema.properties['profile']!.description).toMatch(/go-compat/);
    expect(schema.properties['expect']!.description).toMatch(/beyond the universal properties/);
  });
});

/**
 * The JSON Schema editors use to validate scenario files, generated from the zod schema so it can
 * never drift (a test compares it with the committed `scenarios/scenario.schema.json`).
 * Regenerate: `npx tsx src/harness/scenario/write-json-schema.ts`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { scenarioSchema } from './scenario-schema.ts';

/** Draft-07: the dialect yaml-language-server and VS Code support best. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchema, { target: 'draft-7' }),
    title: 'compaction-sim scenario',
  };
}

/** The committed file's exact text (2-space JSON and a final newline). */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}

export const SCENARIO_SCHEMA_FILE = fileURLToPath(new URL('../../../scenarios/scenario.schema.json', import.meta.url));

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCENARIO_SCHEMA_FILE, scenarioJsonSchemaText());
  console.log(`wrote ${SCENARIO_SCHEMA_FILE}`);
}

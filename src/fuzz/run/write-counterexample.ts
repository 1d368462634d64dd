/**
 * Writes a counterexample file (YAML via `serializeScenario`), pointing editors at the JSON Schema
 * of the compaction-sim that wrote it (in a user's project, the installed package's
 * `node_modules/compaction-sim/scenarios/scenario.schema.json`), relative to where the file lands.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { serializeScenario } from '../../harness/scenario/index.ts';
import { SCENARIO_SCHEMA_FILE } from '../../harness/scenario/write-json-schema.ts';
import type { CounterexampleFile } from './counterexample.ts';

export async function writeCounterexample(counterexample: CounterexampleFile, cwd: string): Promise<void> {
  const absolute = resolve(cwd, counterexample.file);
  const schemaPath = relative(dirname(absolute), SCENARIO_SCHEMA_FILE).split(sep).join('/');
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, serializeScenario(counterexample.spec, { schemaPath }), 'utf8');
}

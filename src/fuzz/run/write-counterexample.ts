/**
 * Writes a counterexample file (YAML via `serializeScenario`), pointing editors at the project's
 * `scenarios/scenario.schema.json` from wherever the file lands.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { serializeScenario } from '../../harness/scenario/index.ts';
import type { CounterexampleFile } from './counterexample.ts';

export const SCHEMA_FILE = 'scenarios/scenario.schema.json';

export async function writeCounterexample(counterexample: CounterexampleFile, cwd: string): Promise<void> {
  const absolute = resolve(cwd, counterexample.file);
  const schemaPath = relative(dirname(absolute), resolve(cwd, SCHEMA_FILE)).split(sep).join('/');
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, serializeScenario(counterexample.spec, { schemaPath }), 'utf8');
}

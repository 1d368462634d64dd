/**
 * Writes a scenario file (YAML via `serializeScenario`) whose first line points editors at the
 * JSON Schema of the compaction-sim that wrote it (in a user's project, the installed package's
 * `node_modules/compaction-sim/scenarios/scenario.schema.json`), relative to where the file lands.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import type { ScenarioSpec } from './scenario-schema.ts';
import { serializeScenario } from './serialize-scenario.ts';
import { SCENARIO_SCHEMA_FILE } from './write-json-schema.ts';

export async function writeScenarioFile(file: string, spec: ScenarioSpec, cwd = process.cwd()): Promise<void> {
  const absolute = resolve(cwd, file);
  const schemaPath = relative(dirname(absolute), SCENARIO_SCHEMA_FILE).split(sep).join('/');
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, serializeScenario(spec, { schemaPath }), 'utf8');
}

/**
 * Reading and validating scenario files from code, with the command line's own loader: every
 * problem is a `ScenarioError` whose message names the file, the line, the field path and what
 * was expected, and whose `issues` list them one by one.
 */
import { dirname, resolve } from 'node:path';
import { loadScenarioSource } from '../harness/scenario/load-scenario.ts';
import type { ResolvedScenario } from '../harness/scenario/resolved-scenario.ts';

export { loadScenario, type LoadScenarioOptions } from '../harness/scenario/load-scenario.ts';
export { loadScenarios, type LoadScenariosOptions } from '../harness/scenario/load-scenarios.ts';
export { serializeScenario, type SerializeScenarioOptions } from '../harness/scenario/serialize-scenario.ts';
export { scenarioJsonSchema } from '../harness/scenario/write-json-schema.ts';

/**
 * Validates scenario text (YAML or JSON) as the file `file` would be read, without touching the
 * disk; a module path in its `strategy` is resolved from `file`'s folder (relative to `cwd`).
 */
export function parseScenario(source: string, file = 'scenario.yaml', cwd = process.cwd()): ResolvedScenario {
  return loadScenarioSource(source, file, dirname(resolve(cwd, file)));
}

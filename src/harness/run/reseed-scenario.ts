/**
 * `--seed`: re-resolves a scenario file with another seed. Setting `world.seed` alone would not
 * do: seeded size ranges (`size: { min, max }`) are drawn when the file is resolved, so the whole
 * file is resolved again through the scenario loader's own parse and resolve steps.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  issue,
  parseScenarioSource,
  resolveScenarios,
  ScenarioError,
  type ResolvedScenario,
} from '../scenario/index.ts';

export async function reseedScenario(scenario: ResolvedScenario, seed: number, cwd: string): Promise<ResolvedScenario> {
  const source = await readFile(resolve(cwd, scenario.file), 'utf8');
  const { spec, locate } = parseScenarioSource(source, scenario.file);
  let all: ResolvedScenario[];
  try {
    all = resolveScenarios({ ...spec, seed }, { file: scenario.file, baseDir: scenario.strategy.baseDir });
  } catch (error) {
    if (error instanceof ScenarioError) throw new ScenarioError(error.code, scenario.file, locate(error.issues));
    throw error;
  }
  // The same session of the same file (a file with `sessions` resolves to several).
  const same = all.find((candidate) => candidate.id === scenario.id);
  if (same === undefined) {
    throw new ScenarioError('SIM_SCENARIO_NOT_FOUND', scenario.file, [
      issue(null, `no longer holds '${scenario.name}' (was the file edited during the run?)`),
    ]);
  }
  // Acceptance pins are the steps of the file's own seed: under another seed they bound the count only.
  return seed === scenario.world.seed
    ? same
    : { ...same, accept: same.accept.map((acceptance) => ({ ...acceptance, pinnedForSeed: scenario.world.seed })) };
}

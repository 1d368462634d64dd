/**
 * `--seed`: re-resolves a scenario file with another seed. Setting `world.seed` alone would not
 * do: seeded size ranges (`size: { min, max }`) are drawn when the file is resolved, so the whole
 * file is resolved again through the scenario loader's own parse and resolve steps.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseScenarioSource, resolveScenario, ScenarioError, type ResolvedScenario } from '../scenario/index.ts';

export async function reseedScenario(scenario: ResolvedScenario, seed: number, cwd: string): Promise<ResolvedScenario> {
  const source = await readFile(resolve(cwd, scenario.file), 'utf8');
  const { spec, locate } = parseScenarioSource(source, scenario.file);
  try {
    return resolveScenario({ ...spec, seed }, { file: scenario.file, baseDir: scenario.strategy.baseDir });
  } catch (error) {
    if (error instanceof ScenarioError) throw new ScenarioError(error.code, scenario.file, locate(error.issues));
    throw error;
  }
}

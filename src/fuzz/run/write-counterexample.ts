/** Writes a counterexample file where its `file` says, relative to `cwd`. */
import { writeScenarioFile } from '../../harness/scenario/write-scenario-file.ts';
import type { CounterexampleFile } from './counterexample.ts';

export async function writeCounterexample(counterexample: CounterexampleFile, cwd: string): Promise<void> {
  await writeScenarioFile(counterexample.file, counterexample.spec, cwd);
}

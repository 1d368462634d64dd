/**
 * Pass 1 in worker threads (`fuzz --jobs N`): the same runs as `explore` (fast-check generates
 * run i of `fc.check` exactly as `fc.sample` does with the same seed), played by a pool of
 * workers with a watchdog, tallied in run order, so the report does not depend on `jobs`. A task
 * that times out is a hung strategy: a `session-completes` failure, other properties unchecked.
 */
import fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import { runInWorkerPool } from '../../harness/run/worker-pool.ts';
import type { StrategySpec } from '../../harness/strategy/load-strategy.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { CaseTask, CaseTaskOutput } from './case-task.ts';
import type { ExploreOptions } from './explore.ts';
import { addVerdict, emptyTally, type PropertyTally } from './property-tally.ts';
import type { Verdict } from './verdict.ts';

const WORKER_ENTRY = new URL('./case-worker.ts', import.meta.url);

export interface WorkerExploreOptions extends ExploreOptions {
  readonly strategy: StrategySpec;
  readonly jobs: number;
  readonly timeoutMs: number;
}

export async function exploreInWorkers(arbitrary: fc.Arbitrary<ScenarioSpec>, options: WorkerExploreOptions): Promise<PropertyTally[]> {
  const specs = fc.sample(arbitrary, { seed: options.seed, numRuns: options.runs });
  const tasks = specs.map((spec): CaseTask => ({ spec, strategy: options.strategy, properties: options.properties }));
  let done = 0;
  const outputs = await runInWorkerPool<CaseTask, CaseTaskOutput>(tasks, {
    entry: WORKER_ENTRY,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    onTimeout: (task, ms) => ({ verdicts: lostRun(task.properties, 'strategy-hung', `no result within ${ms} ms`) }),
    onCrash: (task, error) => ({ verdicts: lostRun(task.properties, 'world-error', `worker died: ${error.message}`) }),
    onOutput: () => options.onRun?.(++done),
  });
  const tallies = options.properties.map(emptyTally);
  outputs.forEach((output, run) => {
    if ('error' in output) throw new Error(`fuzz run ${run} crashed: ${output.error}`);
    const verdicts = new Map(output.verdicts);
    for (const tally of tallies) addVerdict(tally, run, verdicts.get(tally.property)!);
  });
  return tallies;
}

function lostRun(properties: readonly PropertyName[], kind: string, message: string): [PropertyName, Verdict][] {
  return properties.map((property): [PropertyName, Verdict] => [
    property,
    property === 'session-completes'
      ? { status: 'failed', violation: { property, step: null, turn: null, message: `${kind}: ${message}`, infeasible: null } }
      : { status: 'not-checked', reason: `${kind}: ${message}` },
  ]);
}

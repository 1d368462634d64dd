/**
 * Pass 1 in worker threads (`fuzz --jobs N`, what the CLI always does): the same runs as
 * `explore` (fast-check generates run i of `fc.check` exactly as `fc.sample` does with the same
 * seed), played by a pool of isolated workers with a watchdog, tallied in run order, so the
 * report does not depend on `jobs`. A run whose strategy hung, exited, wrote to stdout, threw
 * outside a step or exhausted its memory fails `session-completes` (case-task.ts).
 */
import fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import { siblingModule } from '../../harness/run/worker-entry.ts';
import type { WorkerPool } from '../../harness/run/worker-pool.ts';
import type { ProbeOutput } from '../../harness/run/strategy-probe.ts';
import type { StrategySpec } from '../../harness/strategy/load-strategy.ts';
import type { CaseTask, CaseTaskOutput } from './case-task.ts';
import { caseVerdictsOf } from './case-task.ts';
import { addVerdicts, type ExploreOptions } from './explore.ts';
import { emptyTally, type PropertyTally } from './property-tally.ts';
import { propertiesForRun } from './replay-sample.ts';
import { shardRunIds } from './fuzz-shard.ts';
import { strategyForRun } from './option-variation.ts';

export const CASE_WORKER_ENTRY = siblingModule('./case-worker', import.meta.url);

export interface WorkerExploreOptions extends ExploreOptions {
  readonly strategy: StrategySpec;
}

export async function exploreInWorkers(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  pool: WorkerPool<CaseTask, CaseTaskOutput | ProbeOutput>,
  options: WorkerExploreOptions,
): Promise<PropertyTally[]> {
  const specs = fc.sample(arbitrary, { seed: options.seed, numRuns: options.runs });
  const runIds = shardRunIds(options.runs, options.shard ?? null);
  const judged = runIds.map((run) => propertiesForRun(options.properties, run, options.replaySample));
  const tasks = runIds.map(
    (run, index): CaseTask => ({
      kind: 'case',
      spec: specs[run]!,
      strategy: strategyForRun(options.strategy, specs[run]!, options.varied === true),
      properties: judged[index]!,
    }),
  );
  let done = 0;
  const outcomes = await pool.run(tasks, { onOutcome: () => options.onRun?.(++done) });
  const tallies = options.properties.map(emptyTally);
  outcomes.forEach((outcome, index) => {
    addVerdicts(tallies, runIds[index]!, caseVerdictsOf(judged[index]!, outcome));
    const output = outcome.status === 'done' ? (outcome.output as CaseTaskOutput) : undefined;
    if (output !== undefined && 'retention' in output && output.retention !== undefined)
      options.onRetention?.(runIds[index]!, output.retention);
  });
  return tallies;
}

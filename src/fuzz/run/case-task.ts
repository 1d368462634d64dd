/**
 * One generated scenario as a task for a fuzz worker (the pool explores with them; shrinking and
 * replay use one too), or a probe that loads the strategy before anything runs: plain data in,
 * plain data out. A task never rejects: a crash comes back as `error`.
 */
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import { withHeapLimitScale } from '../../harness/run/heap-guard.ts';
import { incidentFailures, isolationFailures } from '../../harness/run/isolation-failures.ts';
import type { ProbeOutput } from '../../harness/run/strategy-probe.ts';
import type { TaskOutcome } from '../../harness/run/worker-pool.ts';
import type { StrategySpec } from '../../harness/strategy/load-strategy.ts';
import { propertyByName } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';
import type { RunRetention } from './fuzz-retention.ts';
import { createCasePlayer, type CaseVerdicts } from './play-case.ts';

export type CaseTask =
  | {
      readonly kind: 'case';
      readonly spec: ScenarioSpec;
      readonly strategy: StrategySpec;
      readonly properties: readonly PropertyName[];
      /** The worker's memory limit scaled by this for the run (a shrink candidate: heap-guard.ts); default 1. */
      readonly heapLimitScale?: number;
    }
  | { readonly kind: 'probe'; readonly strategy: StrategySpec };

export type CaseTaskOutput =
  | {
      readonly verdicts: readonly (readonly [PropertyName, Verdict])[];
      /** The session's retention by kind, when it planted facts (fuzz-retention.ts). */
      readonly retention?: RunRetention;
    }
  | { readonly error: string };

export async function playCaseTask(task: Extract<CaseTask, { kind: 'case' }>): Promise<CaseTaskOutput> {
  try {
    // A fresh module instance per run: verdicts never depend on which worker played which run.
    const player = createCasePlayer(task.strategy, task.properties.map(propertyByName), { fresh: true });
    let retention: RunRetention | undefined;
    const onRetention = (played: RunRetention) => {
      retention = played;
    };
    const verdicts = await withHeapLimitScale(task.heapLimitScale ?? 1, () =>
      player.play(task.spec, undefined, { onRetention }),
    );
    return { verdicts: [...verdicts.entries()], ...(retention === undefined ? {} : { retention }) };
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/**
 * A task's outcome as verdicts: what the sandbox saw (exit, stdout, uncaught errors), a hang or a
 * dead worker fail `session-completes`; a run that never answered leaves the others unchecked.
 * A worker that answered with `error` is a bug in the fuzzer: it is thrown.
 */
export function caseVerdictsOf(
  properties: readonly PropertyName[],
  outcome: TaskOutcome<CaseTaskOutput | ProbeOutput>,
): CaseVerdicts {
  if (outcome.status === 'done') {
    const output = outcome.output as CaseTaskOutput;
    if ('error' in output) throw new Error(`a fuzz run crashed: ${output.error}`);
    const verdicts = new Map(output.verdicts);
    const incident = incidentFailures(outcome.incidents)[0];
    if (incident !== undefined && verdicts.has('session-completes'))
      verdicts.set('session-completes', sessionFailure(incident.message));
    return verdicts;
  }
  const failure = isolationFailures(outcome).at(-1)!;
  return new Map(
    properties.map((property): [PropertyName, Verdict] => [
      property,
      property === 'session-completes'
        ? sessionFailure(failure.message)
        : { status: 'not-checked', reason: failure.message },
    ]),
  );
}

function sessionFailure(message: string): Verdict {
  return {
    status: 'failed',
    violation: { property: 'session-completes', step: null, turn: null, message, infeasible: null },
  };
}

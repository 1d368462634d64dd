/**
 * Compares the world's run of a scenario with the real adk-js run, step by step, and returns the
 * FIRST difference: which step, which field (`modelRequest.contents[3].parts[0].text`), and both
 * values. Per step, in this order: label and turn, the request the plugin saw, the request the
 * model received, the events appended, the persisted state, then the measurements (`record.*`,
 * the `StepRecord` minus the world-only logical `clock`). After the steps: the step count, the
 * failure, the session totals, and the stored session's events.
 */
import type { SessionResult, StepRecord } from '../../world/session-result.ts';
import { firstDifference, type Difference } from './first-difference.ts';
import { normalizeTrace, type ComparableStep, type ComparableTrace } from './normalize-trace.ts';

export interface RunForComparison {
  readonly result: SessionResult;
  readonly trace: { readonly steps: readonly ComparableStep[]; readonly events: readonly unknown[] };
}

export interface StepDifference extends Difference {
  /** The step the difference is in (with its turn and label, as the world recorded them); null for session-level fields. */
  readonly step: number | null;
  readonly turn: number | null;
  readonly label: string | null;
}

export interface Comparison {
  /** Steps compared before the first difference (all of them when there is none). */
  readonly stepsCompared: number;
  readonly difference: StepDifference | null;
}

const STEP_FIELDS = ['label', 'turn', 'pluginRequest', 'modelRequest', 'appendedEvents', 'stateAfter'] as const;

export function compareRuns(world: RunForComparison, adk: RunForComparison): Comparison {
  const worldTrace = normalizeTrace(world.trace);
  const adkTrace = normalizeTrace(adk.trace);
  const shared = Math.min(worldTrace.steps.length, adkTrace.steps.length);
  for (let i = 0; i < shared; i += 1) {
    const difference = stepDifference(
      worldTrace.steps[i]!,
      adkTrace.steps[i]!,
      world.result.steps[i],
      adk.result.steps[i],
    );
    if (difference) {
      const { turn, label } = worldTrace.steps[i]!;
      return { stepsCompared: i, difference: { ...difference, step: i, turn, label } };
    }
  }
  const session = sessionDifference(world, adk, worldTrace, adkTrace);
  return { stepsCompared: shared, difference: session ? { ...session, step: null, turn: null, label: null } : null };
}

function stepDifference(
  world: ComparableStep,
  adk: ComparableStep,
  worldRecord: StepRecord | undefined,
  adkRecord: StepRecord | undefined,
): Difference | null {
  for (const field of STEP_FIELDS) {
    const difference = firstDifference(world[field], adk[field], field);
    if (difference) return difference;
  }
  return firstDifference(measurements(worldRecord), measurements(adkRecord), 'record');
}

function sessionDifference(
  world: RunForComparison,
  adk: RunForComparison,
  worldTrace: ComparableTrace,
  adkTrace: ComparableTrace,
): Difference | null {
  if (worldTrace.steps.length !== adkTrace.steps.length) {
    return { path: 'steps.length', world: worldTrace.steps.length, adk: adkTrace.steps.length };
  }
  return (
    firstDifference(failureKind(world.result), failureKind(adk.result), 'failure') ??
    firstDifference(world.result.totals, adk.result.totals, 'totals') ??
    firstDifference(worldTrace.events, adkTrace.events, 'events')
  );
}

/**
 * A step's measurements, without the world's logical clock (adk-js time is the stubbed Date) and
 * the count the strategy reported against its trigger (what the strategy said, not what either
 * runtime measured: only the world's plugin records it, for the fuzzer's declared-trigger), nor
 * what a compaction covered (only the world's recorder knows history contents by their session
 * event, which that measure needs), nor the planted facts' states (the world's probe of the
 * request; the requests themselves are compared, so equal requests mean equal states).
 */
function measurements(record: StepRecord | undefined): unknown {
  if (!record) return undefined;
  const { clock: _clock, triggerCount: _triggerCount, compaction: _compaction, facts: _facts, ...rest } = record;
  return rest;
}

/** Failures compare by kind: the messages name different runtimes. */
function failureKind(result: SessionResult): string | null {
  return result.failure?.kind ?? null;
}

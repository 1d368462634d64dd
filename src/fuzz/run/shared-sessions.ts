/**
 * Several independent sessions in one fuzz run, sharing ONE strategy instance (and so one load of
 * its module), as an agent server shares one plugin between the sessions it serves. A strategy
 * that keeps what belongs to a session (its summary, its watermark, its calibration) at module
 * level or on the instance, instead of in the session's state, carries it into the next session:
 * a bug class no single-session run can show. The run's generated scenario is played `k` times
 * in a row on the same instance; the first play is judged exactly as a single-session run is, so
 * a strategy that keeps nothing across sessions gets the tallies it always got, and every later
 * play is judged on every property too (a leaked summary re-injected over a fresh history drops
 * the user's request, a leaked calibration factor overflows or compacts too early, ...).
 *
 * `k` is drawn with the run: 2 or 3, from the scenario's own seed (a field fast-check draws and
 * shrinks with it), so the same run always plays the same number of sessions in any worker,
 * shard or replayed path, and the corpus of scenarios is unchanged.
 */
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { PropertyViolation } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';

/** How many sessions the run of `spec` plays on one strategy instance (2 or 3). */
export function sessionsOfRun(spec: Pick<ScenarioSpec, 'seed'>): number {
  return 2 + ((spec.seed ?? 1) % 2);
}

/**
 * The run's verdict on a property from the verdict of each session in play order: the first
 * session's when it failed; else the first later session that failed, named for it (its failure
 * needs the sessions before it on the same instance: the step it names is in that session);
 * else the first session's (passed, infeasible or not checked).
 */
export function sharedSessionsVerdict(verdicts: readonly Verdict[]): Verdict {
  const first = verdicts[0]!;
  if (first.status === 'failed') return first;
  const index = verdicts.findIndex((verdict, at) => at > 0 && verdict.status === 'failed');
  if (index < 0) return first;
  const later = verdicts[index] as Extract<Verdict, { status: 'failed' }>;
  // No scriptedSteps: a later session's steps are not comparable with another strategy's first session.
  return { status: 'failed', violation: inSession(later.violation, index, verdicts.length) };
}

export function inSession(violation: PropertyViolation, index: number, sessions: number): PropertyViolation {
  return {
    ...violation,
    message: `in session ${index + 1} of ${sessions} played on one strategy instance (state kept across sessions): ${violation.message}`,
  };
}

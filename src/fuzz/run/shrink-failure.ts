/**
 * Pass 2: replay one failing run (`path: "<run>"`, or a full path to resume from) with the same
 * seed and arbitrary, and let fast-check shrink it against ONE property: fewer turns, fewer tools,
 * round sizes. Returns the smallest scenario that still fails, the path that replays it, and its
 * violation (re-judged on the final counterexample).
 */
import fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { PropertyName, PropertyViolation } from '../../checker/properties/property.ts';
import type { CasePlayer } from './play-case.ts';
import { SharedShrinkVerdicts } from './shared-shrink-verdicts.ts';

export interface ShrunkFailure {
  readonly property: PropertyName;
  readonly spec: ScenarioSpec;
  readonly violation: PropertyViolation;
  /** fast-check seed + path: `--seed S --path P` replays exactly this counterexample. */
  readonly seed: number;
  readonly path: string;
  readonly shrinks: number;
}

export interface ShrinkOptions {
  readonly seed: number;
  readonly runs: number;
  /** `"<run>"` from exploration, or a counterexample path printed by an earlier run. */
  readonly path: string;
  /**
   * Shrink candidates to play at most (default 600). Past it every candidate counts as passing, so
   * fast-check stops at the smallest failure found so far: a deterministic bound on shrinking time.
   */
  readonly maxCandidates?: number;
  /** Verdicts shared with the run's other shrinks (shared-shrink-verdicts.ts); default: none shared, each candidate judged on `property` alone. */
  readonly shared?: SharedShrinkVerdicts;
}

export const DEFAULT_MAX_SHRINK_CANDIDATES = 600;

/** Null when the run at `path` does not fail this property (a replay that does not reproduce). */
export async function shrinkFailure(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  player: CasePlayer,
  property: PropertyName,
  options: ShrinkOptions,
): Promise<ShrunkFailure | null> {
  let crash: unknown = null;
  let budget = options.maxCandidates ?? DEFAULT_MAX_SHRINK_CANDIDATES;
  const shared = options.shared ?? new SharedShrinkVerdicts([]);
  const holds = async (spec: ScenarioSpec): Promise<boolean> => {
    if (budget <= 0) return true;
    budget -= 1;
    try {
      // Judged as a shrink candidate (a memory limit with a margin, so the result replays), on the
      // properties the run shrinks, deterministic-replay only when it is this one.
      return (await shared.verdict(player, spec, property)).status !== 'failed';
    } catch (error) {
      // A crash is not a verdict: stop judging (every later candidate "holds") and rethrow below.
      crash ??= error;
      return true;
    }
  };
  const details = await fc.check(
    fc.asyncProperty(arbitrary, (spec) => (crash === null ? holds(spec) : Promise.resolve(true))),
    {
      seed: options.seed,
      numRuns: options.runs,
      path: options.path,
    },
  );
  if (crash !== null) throw crash;
  if (!details.failed || details.counterexample === null || details.counterexamplePath === null) return null;
  const [spec] = details.counterexample;
  const verdict = (await player.play(spec, [property])).get(property)!;
  if (verdict.status !== 'failed') return null;
  return {
    property,
    spec,
    violation: verdict.violation,
    seed: options.seed,
    path: details.counterexamplePath,
    shrinks: details.numShrinks,
  };
}

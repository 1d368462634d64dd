/**
 * Pass 1: play `runs` generated scenarios from `seed` and tally every property on each, without
 * stopping at the first failure (fast-check would stop), so the report counts every run. The
 * predicate always holds; run i here is run i of any later `fc.check` with the same seed and
 * arbitrary, which is what makes `path: "<i>"` replay it.
 */
import fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { inShard, type Shard } from './fuzz-shard.ts';
import type { CasePlayer, CaseVerdicts } from './play-case.ts';
import { addVerdict, emptyTally, type PropertyTally } from './property-tally.ts';
import { propertiesForRun } from './replay-sample.ts';
import type { RunRetention } from './fuzz-retention.ts';

export interface ExploreOptions {
  readonly seed: number;
  readonly runs: number;
  readonly properties: readonly PropertyName[];
  /** deterministic-replay judges runs 0, n, 2n, ... (replay-sample.ts). */
  readonly replaySample: number;
  /** Play only this shard's runs (`fuzz --shard i/n`); null or absent: every run. */
  readonly shard?: Shard | null;
  /** Stop playing once a property failed (fast-check's default); the tallies then cover the runs played. */
  readonly stopAtFirstFailure?: boolean;
  /** Each run plays the options drawn for it (option-variation.ts); absent: the strategy as given. */
  readonly varied?: boolean;
  readonly onRun?: (done: number) => void;
  /** Told each explored run's retention by kind when its session planted facts (fuzz-retention.ts). */
  readonly onRetention?: (run: number, retention: RunRetention) => void;
}

export async function explore(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  player: CasePlayer,
  options: ExploreOptions,
): Promise<PropertyTally[]> {
  const tallies = options.properties.map(emptyTally);
  let run = 0;
  let played = 0;
  let crash: unknown = null;
  const property = fc.asyncProperty(arbitrary, async (spec) => {
    if (crash !== null || (options.stopAtFirstFailure === true && tallies.some((t) => t.failed > 0))) return true;
    if (!inShard(run, options.shard ?? null)) {
      run += 1;
      return true;
    }
    try {
      const at = run;
      const verdicts = await player.play(spec, propertiesForRun(options.properties, run, options.replaySample), {
        onRetention: (retention) => options.onRetention?.(at, retention),
      });
      addVerdicts(tallies, run, verdicts);
    } catch (error) {
      // Bad input (a strategy that cannot load) or a fuzzer bug: rethrown once fast-check returns.
      crash = error;
      return true;
    }
    run += 1;
    options.onRun?.((played += 1));
    return true;
  });
  await fc.check(property, { seed: options.seed, numRuns: options.runs });
  if (crash !== null) throw crash;
  return tallies;
}

/** Each judged property's verdict into its tally (a property off the replay sample has none). */
export function addVerdicts(tallies: readonly PropertyTally[], run: number, verdicts: CaseVerdicts): void {
  for (const tally of tallies) {
    const verdict = verdicts.get(tally.property);
    if (verdict !== undefined) addVerdict(tally, run, verdict);
  }
}

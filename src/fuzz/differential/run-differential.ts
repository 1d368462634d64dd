/**
 * Differential fuzzing (`fuzz --strategy mine --against reference`): the same generated corpus
 * (same seed, same run ids) through both strategies, and per property the runs where one fails and
 * the other holds. A change that makes a strategy worse shows even where the reference itself
 * fails the property on many runs: a plain fuzz report cannot tell the variant's extra failures
 * from the reference's own (issue 18: threshold fails no-overflow on about a third of the runs).
 *
 * Runs where mine fails and the reference holds fail the report (exit 1); the first of them, per
 * property, is shrunk while the difference persists (mine still fails, the reference still holds)
 * and written as a counterexample that states both outcomes. Runs where only the reference fails
 * are listed (mine is better there), not shrunk. With `path`, the one run at that fast-check path
 * is played by both and shrunk further from there.
 */
import type fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';
import { scenarioSpecArbitrary } from '../arbitraries/scenario-spec.ts';
import { counterexampleFile, type CounterexampleFile, type FuzzStrategy } from '../run/counterexample.ts';
import { withFuzzPlayers } from '../run/fuzz-players.ts';
import type { CasePlayer } from '../run/play-case.ts';
import { addVerdict, emptyTally, type PropertyTally } from '../run/property-tally.ts';
import { exploreOptionsOf, isHang, strategySpecOf, unshrunk, type FuzzOptions } from '../run/run-fuzz.ts';
import { shrinkFailure, type ShrunkFailure } from '../run/shrink-failure.ts';
import { defaultReplaySample } from '../run/replay-sample.ts';
import { valueAtPath } from '../run/value-at-path.ts';
import { writeCounterexample } from '../run/write-counterexample.ts';
import { describeVerdict, differencePlayer } from './differential-verdicts.ts';

export interface DifferentialOptions extends Omit<FuzzOptions, 'shard' | 'baseline' | 'stopAtFirstFailure'> {
  /** The strategy to compare with (a built-in name or module path, as `strategy`). */
  readonly against: FuzzStrategy;
}

export interface DifferentialPropertyReport {
  readonly property: PropertyName;
  /** Runs judged for both strategies (a run either could not play compares nothing). */
  readonly compared: number;
  readonly mineFailed: number;
  readonly referenceFailed: number;
  readonly bothFailed: number;
  /** Mine fails, the reference holds (passes or infeasible): what fails the report. Ascending run ids. */
  readonly onlyMine: readonly number[];
  /** The reference fails, mine holds. */
  readonly onlyReference: readonly number[];
  /** The first `onlyMine` run, shrunk while the difference persisted; `reference`: its verdict there. */
  readonly counterexample: { readonly failure: ShrunkFailure; readonly reference: Verdict; readonly file: CounterexampleFile } | null;
  /** The first `onlyMine` run no longer differed when replayed (a non-deterministic strategy or world). */
  readonly unreproduced: boolean;
}

export interface DifferentialReport {
  readonly strategy: FuzzStrategy;
  readonly against: FuzzStrategy;
  readonly seed: number;
  readonly runs: number;
  readonly path: string | null;
  readonly properties: readonly DifferentialPropertyReport[];
  /** Mine fails some property on a run where the reference holds it. */
  readonly failed: boolean;
}

export async function runDifferentialFuzz(options: DifferentialOptions): Promise<DifferentialReport> {
  const mine = strategySpecOf(options.strategy, options.cwd);
  const reference = strategySpecOf(options.against, options.cwd);
  const arbitrary = options.arbitrary ?? scenarioSpecArbitrary();
  const path = options.path ?? null;
  const replaySample = options.replaySample ?? defaultReplaySample(options.properties);
  return withFuzzPlayers(options, [mine, reference], async (players) => {
    const minePlayer = players.player(mine);
    const referencePlayer = players.player(reference);
    const [mineTallies, referenceTallies] = path === null
      ? [await players.explore(mine, arbitrary, exploreOptionsOf(options, replaySample)), await players.explore(reference, arbitrary, exploreOptionsOf(options, replaySample))]
      : await replayBoth(arbitrary, minePlayer, referencePlayer, options, path);
    const shrinker = differencePlayer(minePlayer, referencePlayer, options.properties);
    const properties: DifferentialPropertyReport[] = [];
    for (const [index, own] of mineTallies.entries()) {
      const compared = compareTallies(own, referenceTallies[index]!);
      const first = own.failures.find((failure) => failure.run === compared.onlyMine[0]);
      if (first === undefined) {
        properties.push({ ...compared, counterexample: null, unreproduced: false });
        continue;
      }
      options.onShrink?.(own.property);
      const failure = isHang(first)
        ? unshrunk(arbitrary, own.property, first, { ...options, path: null })
        : await shrinkFailure(arbitrary, shrinker, own.property, {
          seed: options.seed,
          runs: options.runs,
          path: path ?? String(first.run),
          ...(options.maxShrinkCandidates === undefined ? {} : { maxCandidates: options.maxShrinkCandidates }),
        });
      if (failure === null) {
        properties.push({ ...compared, counterexample: null, unreproduced: true });
        continue;
      }
      const referenceVerdict = (await referencePlayer.play(failure.spec)).get(own.property)!;
      const file = counterexampleFile(failure, options.strategy, options.outDir ?? '.', options.cwd, { reference: options.against, outcome: describeVerdict(referenceVerdict) });
      if (options.outDir !== null) await writeCounterexample(file, options.cwd);
      properties.push({ ...compared, counterexample: { failure, reference: referenceVerdict, file }, unreproduced: false });
    }
    return {
      strategy: options.strategy,
      against: options.against,
      seed: options.seed,
      runs: options.runs,
      path,
      properties,
      failed: properties.some((property) => property.onlyMine.length > 0),
    };
  });
}

export type Compared = Omit<DifferentialPropertyReport, 'counterexample' | 'unreproduced'>;

/** Per run: which side failed, on the runs both could be judged on. */
export function compareTallies(mine: PropertyTally, reference: PropertyTally): Compared {
  const unjudged = new Set([...mine.notCheckedRuns, ...reference.notCheckedRuns]);
  const mineFails = new Set(mine.failures.map((failure) => failure.run).filter((run) => !unjudged.has(run)));
  const referenceFails = new Set(reference.failures.map((failure) => failure.run).filter((run) => !unjudged.has(run)));
  const mineUnjudged = new Set(mine.notCheckedRuns);
  const judgedOnlyByMine = reference.notCheckedRuns.filter((run) => !mineUnjudged.has(run)).length;
  return {
    property: mine.property,
    compared: mine.checked - judgedOnlyByMine,
    mineFailed: mineFails.size,
    referenceFailed: referenceFails.size,
    bothFailed: [...mineFails].filter((run) => referenceFails.has(run)).length,
    onlyMine: [...mineFails].filter((run) => !referenceFails.has(run)),
    onlyReference: [...referenceFails].filter((run) => !mineFails.has(run)),
  };
}

/** Replay mode: both strategies on the one scenario at `path`; each tally is that single run. */
async function replayBoth(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  mine: CasePlayer,
  reference: CasePlayer,
  options: DifferentialOptions,
  path: string,
): Promise<[PropertyTally[], PropertyTally[]]> {
  const spec = valueAtPath(arbitrary, options.seed, options.runs, path);
  const tallies = async (player: CasePlayer) => {
    const verdicts = await player.play(spec);
    return options.properties.map((property) => {
      const tally = emptyTally(property);
      addVerdict(tally, 0, verdicts.get(property)!);
      return tally;
    });
  };
  return [await tallies(mine), await tallies(reference)];
}

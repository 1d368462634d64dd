/**
 * Differential fuzzing (`fuzz --strategy mine --against reference`): the same generated corpus
 * (same seed, same run ids) through both strategies, and per property the runs where one fails and
 * the other holds. A change that makes a strategy worse shows even where the reference itself
 * fails the property on many runs: a plain fuzz report cannot tell the variant's extra failures
 * from the reference's own (issue 18: threshold fails no-overflow on about a third of the runs).
 *
 * Runs where mine fails and the reference holds fail the report (exit 1): the reference passes,
 * is excused, or breaks the property too but only later in the same conversation (a change that
 * loses the user's request one step sooner than a reference that loses it too:
 * differential-verdicts.ts). The first of them, per property, is shrunk while the difference
 * persists and written as a counterexample that states both outcomes. Runs where the reference
 * fails and mine holds (mine is better there: what a change fixed) never fail the report; the first of them, per
 * property, is shrunk the same way with the roles swapped, so the fix has its own replayable
 * scenario. With `path`, the one run at that fast-check path is played by both and shrunk further
 * from there.
 */
import type fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';
import { counterexampleFile, type CounterexampleFile, type FuzzStrategy } from '../run/counterexample.ts';
import { corpusFingerprint } from '../run/corpus-fingerprint.ts';
import { withFuzzPlayers } from '../run/fuzz-players.ts';
import type { Shard } from '../run/fuzz-shard.ts';
import type { CasePlayer } from '../run/play-case.ts';
import { addVerdict, emptyTally, type PropertyTally } from '../run/property-tally.ts';
import {
  exploreOptionsOf,
  isHang,
  playedArbitrary,
  strategySpecOf,
  unshrunk,
  variationOf,
  type FuzzOptions,
} from '../run/run-fuzz.ts';
import { describeOptionSpace, drawnOptions, sameOptionSpace } from '../run/option-variation.ts';
import type { RunRetention } from '../run/fuzz-retention.ts';
import { compareRetention, retentionCounterexampleFile, type DifferentialRetention } from './retention-difference.ts';
import { variedSpace } from '../../harness/strategy/option-space.ts';
import type { OptionSpace } from '../../engine/types.ts';
import { SharedShrinkVerdicts } from '../run/shared-shrink-verdicts.ts';
import { shrinkFailure, type ShrunkFailure } from '../run/shrink-failure.ts';
import { defaultReplaySample } from '../run/replay-sample.ts';
import { valueAtPath } from '../run/value-at-path.ts';
import { writeCounterexample } from '../run/write-counterexample.ts';
import { describeHolding, differencePlayer, failsEarlier } from './differential-verdicts.ts';
import { StrategyLoadError } from '../../harness/strategy/strategy-load-error.ts';

export interface DifferentialOptions extends Omit<FuzzOptions, 'baseline' | 'stopAtFirstFailure'> {
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
  /** Of the runs both fail: mine broke the property earlier in the conversation (those runs are in `onlyMine` too). */
  readonly mineFailedFirst: number;
  /** Of the runs both fail: the reference broke it earlier (in `onlyReference` too). */
  readonly referenceFailedFirst: number;
  /**
   * Mine fails where the reference holds: the reference passes, is excused (infeasible), or breaks
   * the property only later in the same conversation (differential-verdicts.ts). What fails the
   * report. Ascending run ids.
   */
  readonly onlyMine: readonly number[];
  /** The reference fails where mine holds. */
  readonly onlyReference: readonly number[];
  /** The first `onlyMine` run, shrunk while the difference persisted; `reference`: the reference's verdict there. */
  readonly counterexample: DifferenceCounterexample | null;
  /** The first `onlyMine` run no longer differed when replayed (a non-deterministic strategy or world). */
  readonly unreproduced: boolean;
  /**
   * The first `onlyReference` run (mine is better there), shrunk while the reference still fails
   * and mine still holds: the file's strategy is the reference, and `reference` holds mine's verdict.
   */
  readonly referenceCounterexample: DifferenceCounterexample | null;
  readonly referenceUnreproduced: boolean;
}

/** A shrunk run where one strategy fails a property and the other holds it. */
export interface DifferenceCounterexample {
  /** The failing strategy's shrunk failure. */
  readonly failure: ShrunkFailure;
  /** The holding strategy's verdict on the shrunk scenario: passed, infeasible, or failed later in the conversation. */
  readonly reference: Verdict;
  readonly file: CounterexampleFile;
}

export interface DifferentialReport {
  readonly strategy: FuzzStrategy;
  readonly against: FuzzStrategy;
  readonly seed: number;
  readonly runs: number;
  readonly path: string | null;
  /** The slice of the runs this report covers (`--shard`; merge-differential-reports.ts); null: all of them. */
  readonly shard: Shard | null;
  /** Fingerprint of the corpus `seed` generates (corpus-fingerprint.ts): shards of one run share it. */
  readonly corpus: string;
  /** The options both strategies drew per run (their shared declared space minus either's fixed options); null: none drawn. */
  readonly optionSpace: OptionSpace | null;
  readonly varyOptions: boolean;
  /** Why nothing was drawn although a strategy declares options (the spaces differ); null otherwise. */
  readonly optionsNote: string | null;
  /** deterministic-replay judged one explored run in this many (replay-sample.ts). */
  readonly replaySample: number;
  readonly properties: readonly DifferentialPropertyReport[];
  /**
   * The runs each side could not play to the end (it threw, hung, died or the world failed: its
   * session-completes verdict failed there, judged whether asked for or not). Nothing is compared
   * on such a run, so any of them fails the report: a run compared on fewer runs than asked must
   * say so, never read as "no difference".
   */
  readonly unplayed: { readonly strategy: UnplayedRuns; readonly against: UnplayedRuns };
  /** Mine fails some property on a run where the reference holds it, or some run could not be compared. */
  readonly failed: boolean;
  /**
   * Planted facts (issue 29): the runs where one side lost facts the other kept, and the first of
   * mine as a scenario file (retention-difference.ts). Reported, never failing the report; absent
   * when no compared run planted facts.
   */
  readonly retention?: DifferentialRetention;
}

export interface UnplayedRuns {
  /** Ascending run ids. */
  readonly runs: readonly number[];
  /** The first of them and why (session-completes' message). */
  readonly first: { readonly run: number; readonly reason: string } | null;
}

/** Whether a run could be compared: every run both sides played to the end. */
export function uncomparedRuns(report: Pick<DifferentialReport, 'unplayed'>): number[] {
  return [...new Set([...report.unplayed.strategy.runs, ...report.unplayed.against.runs])].sort((a, b) => a - b);
}

export async function runDifferentialFuzz(options: DifferentialOptions): Promise<DifferentialReport> {
  const mine = strategySpecOf(options.strategy, options.cwd);
  const reference = strategySpecOf(options.against, options.cwd);
  const path = options.path ?? null;
  const replaySample = options.replaySample ?? defaultReplaySample(options.properties);
  // session-completes is always judged: it says which runs a side could not play (nothing to compare there).
  const judged: readonly PropertyName[] = options.properties.includes('session-completes')
    ? options.properties
    : [...options.properties, 'session-completes'];
  const played = { ...options, properties: judged };
  return withFuzzPlayers(played, [mine, reference], async (players) => {
    const { space, note } = sharedOptionSpace(options, players.optionSpace(mine), players.optionSpace(reference));
    const varied = space !== null;
    const arbitrary = playedArbitrary(options, space);
    const minePlayer = players.player(mine, varied);
    const referencePlayer = players.player(reference, varied);
    const explored = { ...exploreOptionsOf(played, replaySample), varied };
    // What each side retained of the planted facts, per explored run (absent on a replayed path).
    const retained = { mine: new Map<number, RunRetention>(), reference: new Map<number, RunRetention>() };
    const [mineTallies, referenceTallies] =
      path === null
        ? [
            await players.explore(mine, arbitrary, {
              ...explored,
              onRetention: (run, retention) => retained.mine.set(run, retention),
            }),
            await players.explore(reference, arbitrary, {
              ...explored,
              onRetention: (run, retention) => retained.reference.set(run, retention),
            }),
          ]
        : await replayBoth(arbitrary, minePlayer, referencePlayer, played, path);
    const unplayed = { strategy: unplayedRuns(mineTallies), against: unplayedRuns(referenceTallies) };
    assertReferencePlays(options.against, referenceTallies, unplayed.against);
    // A side that stopped early "holds" whatever it never reached: such a run is compared on session-completes alone.
    const unfinished = new Set([...unplayed.strategy.runs, ...unplayed.against.runs]);
    const worse = differencePlayer(minePlayer, referencePlayer, options.properties);
    const better = differencePlayer(referencePlayer, minePlayer, options.properties);
    const comparisons = mineTallies.flatMap((own, index) => {
      if (!options.properties.includes(own.property)) return [];
      const theirs = referenceTallies[index]!;
      return [{ own, theirs, compared: compareTallies(own, theirs, unfinished) }];
    });
    // Each side's shrinks share their candidates' verdicts (shared-shrink-verdicts.ts).
    const sharedFor = (side: 'onlyMine' | 'onlyReference', failing: 'own' | 'theirs') =>
      new SharedShrinkVerdicts(
        comparisons
          .filter((comparison) => {
            const run = comparison.compared[side][0];
            const first = comparison[failing].failures.find((failure) => failure.run === run);
            return first !== undefined && !isHang(first);
          })
          .map((comparison) => comparison.own.property),
      );
    const worseShared = sharedFor('onlyMine', 'own');
    const betterShared = sharedFor('onlyReference', 'theirs');
    const properties: DifferentialPropertyReport[] = [];
    for (const { own, theirs, compared } of comparisons) {
      const mineWorse = await shrinkDifference(
        own,
        compared.onlyMine[0],
        { player: worse, shared: worseShared },
        referencePlayer,
        { failing: options.strategy, holding: options.against },
        arbitrary,
        options,
        path,
        space,
      );
      const mineBetter = await shrinkDifference(
        theirs,
        compared.onlyReference[0],
        { player: better, shared: betterShared },
        minePlayer,
        { failing: options.against, holding: options.strategy },
        arbitrary,
        options,
        path,
        space,
      );
      properties.push({
        ...compared,
        counterexample: mineWorse === 'unreproduced' ? null : mineWorse,
        unreproduced: mineWorse === 'unreproduced',
        referenceCounterexample: mineBetter === 'unreproduced' ? null : mineBetter,
        referenceUnreproduced: mineBetter === 'unreproduced',
      });
    }
    const retention = await retentionFinding(retained, unfinished, arbitrary, options, space);
    return {
      strategy: options.strategy,
      against: options.against,
      seed: options.seed,
      runs: options.runs,
      path,
      shard: path === null ? (options.shard ?? null) : null,
      corpus: corpusFingerprint(arbitrary, options.seed, options.runs),
      optionSpace: space,
      varyOptions: options.varyOptions !== false,
      optionsNote: note,
      replaySample,
      properties,
      unplayed,
      failed:
        properties.some((property) => property.onlyMine.length > 0) ||
        unplayed.strategy.runs.length + unplayed.against.runs.length > 0,
      ...(retention === null ? {} : { retention }),
    };
  });
}

/** The runs where one side lost facts the other kept, the first of mine written as a scenario file. */
async function retentionFinding(
  retained: { readonly mine: ReadonlyMap<number, RunRetention>; readonly reference: ReadonlyMap<number, RunRetention> },
  unfinished: ReadonlySet<number>,
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  options: DifferentialOptions,
  space: OptionSpace | null,
): Promise<DifferentialRetention | null> {
  const compared = compareRetention(retained.mine, retained.reference, unfinished);
  if (compared === null) return null;
  const first = compared.onlyMine[0];
  if (first === undefined) return { ...compared, counterexample: null };
  const spec = valueAtPath(arbitrary, options.seed, options.runs, String(first.run));
  const file = retentionCounterexampleFile({
    spec,
    run: first.run,
    seed: options.seed,
    facts: first.facts,
    mine: { strategy: options.strategy, retention: retained.mine.get(first.run)! },
    reference: { strategy: options.against, retention: retained.reference.get(first.run)! },
    outDir: options.outDir ?? '.',
    cwd: options.cwd,
    variation: { vary: options.varyOptions !== false, drawn: space === null ? {} : drawnOptions(spec) },
  });
  if (options.outDir !== null) await writeCounterexample(file, options.cwd);
  return { ...compared, counterexample: file };
}

function sessionTally(tallies: readonly PropertyTally[]): PropertyTally {
  return tallies.find((tally) => tally.property === 'session-completes')!;
}

/** The runs a side did not play to the end: its session-completes failures (a throw, a hang, a dead worker, a world error). */
function unplayedRuns(tallies: readonly PropertyTally[]): UnplayedRuns {
  const failures = sessionTally(tallies).failures;
  const first = failures[0];
  return {
    runs: failures.map((failure) => failure.run),
    first: first === undefined ? null : { run: first.run, reason: first.violation.message },
  };
}

/**
 * A reference that plays none of the runs to the end compares nothing: bad input (exit 2), naming
 * the reference and what happened, never "runs compared 0" and a pass.
 */
function assertReferencePlays(against: FuzzStrategy, tallies: readonly PropertyTally[], unplayed: UnplayedRuns): void {
  const tally = sessionTally(tallies);
  const played = tally.checked + tally.notChecked;
  if (played === 0 || unplayed.runs.length < played || unplayed.first === null) return;
  throw new StrategyLoadError(
    `--against ${against.name} cannot play: it did not finish any of the ${played} run${played === 1 ? '' : 's'} played ` +
      `(run ${unplayed.first.run}: ${unplayed.first.reason}), so nothing could be compared with it`,
  );
}

export type Compared = Omit<
  DifferentialPropertyReport,
  'counterexample' | 'unreproduced' | 'referenceCounterexample' | 'referenceUnreproduced'
>;

/**
 * The first run where `failing` fails the property and `holding` holds it, shrunk while that
 * difference persists (a hung run is kept unshrunk: every candidate would cost a watchdog) and
 * written as a counterexample that states both outcomes; null when there is no such run,
 * 'unreproduced' when it no longer differed on replay.
 */
async function shrinkDifference(
  failingTally: PropertyTally,
  run: number | undefined,
  difference: { readonly player: CasePlayer; readonly shared: SharedShrinkVerdicts },
  holdingPlayer: CasePlayer,
  sides: { readonly failing: FuzzStrategy; readonly holding: FuzzStrategy },
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  options: DifferentialOptions,
  path: string | null,
  space: OptionSpace | null,
): Promise<DifferenceCounterexample | null | 'unreproduced'> {
  const first = failingTally.failures.find((failure) => failure.run === run);
  if (first === undefined) return null;
  const property = failingTally.property;
  options.onShrink?.(property, sides.failing.name);
  const failure = isHang(first)
    ? unshrunk(arbitrary, property, first, { ...options, path: null })
    : await shrinkFailure(arbitrary, difference.player, property, {
        seed: options.seed,
        runs: options.runs,
        path: path ?? String(first.run),
        ...(options.maxShrinkCandidates === undefined ? {} : { maxCandidates: options.maxShrinkCandidates }),
        shared: difference.shared,
      });
  if (failure === null) return 'unreproduced';
  const holding = (await holdingPlayer.play(failure.spec, [property])).get(property)!;
  const file = counterexampleFile(
    failure,
    sides.failing,
    options.outDir ?? '.',
    options.cwd,
    {
      reference: sides.holding,
      outcome: describeHolding(failure.violation, holding),
      failsLater: holding.status === 'failed',
    },
    variationOf(options, space, failure),
  );
  if (options.outDir !== null) await writeCounterexample(file, options.cwd);
  return { failure, reference: holding, file };
}

/**
 * The options both sides draw: a difference between two strategies means something only when
 * both played the same options, so they draw only when they declare the same space (same options,
 * ranges and defaults), minus what either side's user fixed. Otherwise each plays its own given
 * options on every run, and `note` says why for the report.
 */
export function sharedOptionSpace(
  options: Pick<DifferentialOptions, 'varyOptions' | 'strategy' | 'against'>,
  mine: OptionSpace | null,
  reference: OptionSpace | null,
): { space: OptionSpace | null; note: string | null } {
  if (options.varyOptions === false || (mine === null && reference === null)) return { space: null, note: null };
  if (!sameOptionSpace(mine, reference)) {
    const side = (name: string, space: OptionSpace | null) =>
      `${name}: ${space === null ? 'none' : describeOptionSpace(space)}`;
    return {
      space: null,
      note: `strategy options not drawn: the declared option spaces differ (${side(options.strategy.name, mine)}; ${side(options.against.name, reference)}), so each side plays its given options on every run`,
    };
  }
  return { space: variedSpace(variedSpace(mine, options.strategy.options), options.against.options), note: null };
}

/**
 * Per run: which side failed, on the runs both could be judged on. `unfinished`: runs a side did
 * not play to the end, compared on session-completes only.
 */
export function compareTallies(
  mine: PropertyTally,
  reference: PropertyTally,
  unfinished: ReadonlySet<number> = new Set(),
): Compared {
  const skipped = mine.property === 'session-completes' ? [] : [...unfinished];
  const unjudged = new Set([...mine.notCheckedRuns, ...reference.notCheckedRuns, ...skipped]);
  const mineFails = new Map(
    mine.failures.filter((failure) => !unjudged.has(failure.run)).map((failure) => [failure.run, failure]),
  );
  const referenceFails = new Map(
    reference.failures.filter((failure) => !unjudged.has(failure.run)).map((failure) => [failure.run, failure]),
  );
  const mineUnjudged = new Set(mine.notCheckedRuns);
  const judgedOnlyByMine = [...new Set([...reference.notCheckedRuns, ...skipped])].filter(
    (run) => !mineUnjudged.has(run),
  ).length;
  const both = [...mineFails.keys()].filter((run) => referenceFails.has(run));
  // A run both fail still differs when one broke the property earlier in the conversation.
  const mineFirst = new Set(both.filter((run) => failsEarlier(mineFails.get(run)!, referenceFails.get(run)!)));
  const referenceFirst = new Set(both.filter((run) => failsEarlier(referenceFails.get(run)!, mineFails.get(run)!)));
  return {
    property: mine.property,
    compared: mine.checked - judgedOnlyByMine,
    mineFailed: mineFails.size,
    referenceFailed: referenceFails.size,
    bothFailed: both.length,
    mineFailedFirst: mineFirst.size,
    referenceFailedFirst: referenceFirst.size,
    onlyMine: [...mineFails.keys()].filter((run) => !referenceFails.has(run) || mineFirst.has(run)),
    onlyReference: [...referenceFails.keys()].filter((run) => !mineFails.has(run) || referenceFirst.has(run)),
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

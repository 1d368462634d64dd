/**
 * The fuzzer as a library function (the `fuzz` command is a thin shell over it): explore `runs`
 * generated scenarios from `seed`, tally every property, shrink the first failure of each failing
 * property into a counterexample scenario file. With `path`, skip exploration and replay (and
 * shrink further from) that exact fast-check path. With `shard`, play only that slice of the run
 * ids (reports merge into one machine's: ci/merge-fuzz-reports.ts). With `baseline`, only runs it
 * does not list as failing count against the strategy, and the first of those is what gets
 * shrunk. Never prints: progress goes to callbacks.
 */
import type fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import { scenarioSpecArbitrary } from '../arbitraries/scenario-spec.ts';
import type { InfeasibilityReason } from '../../checker/infeasibility/infeasibility.ts';
import { propertyByName, propertyKind } from '../../checker/properties/index.ts';
import type { PropertyKind, PropertyName } from '../../checker/properties/property.ts';
import {
  counterexampleFile,
  type CounterexampleFile,
  type FuzzStrategy,
  type OptionVariation,
} from './counterexample.ts';
import { withDrawnOptions } from '../arbitraries/strategy-options.ts';
import { variedSpace } from '../../harness/strategy/option-space.ts';
import type { OptionSpace } from '../../engine/types.ts';
import { drawnOptions } from './option-variation.ts';
import type { ExploreOptions } from './explore.ts';
import { withFuzzPlayers } from './fuzz-players.ts';
import type { CasePlayer } from './play-case.ts';
import type { StrategySpec } from '../../harness/strategy/load-strategy.ts';
import { addVerdict, emptyTally, type PropertyTally } from './property-tally.ts';
import { corpusFingerprint } from './corpus-fingerprint.ts';
import { inShard, type Shard } from './fuzz-shard.ts';
import {
  assertComparable,
  compareWithFuzzBaseline,
  hasNewFailures,
  knownFailures,
  type BaselineComparison,
  type FuzzBaseline,
} from '../ci/fuzz-baseline.ts';
import { SharedShrinkVerdicts } from './shared-shrink-verdicts.ts';
import { shrinkFailure, type ShrunkFailure } from './shrink-failure.ts';
import { defaultReplaySample } from './replay-sample.ts';
import { valueAtPath } from './value-at-path.ts';
import { writeCounterexample } from './write-counterexample.ts';
import { assertFuzzJudgedAs } from './judged-as.ts';
import { addRetention, type FuzzRetention, type RunRetention } from './fuzz-retention.ts';

export const DEFAULT_RUNS = 100;
export { DEFAULT_FUZZ_MAX_MEMORY_MB, DEFAULT_TIMEOUT_MS } from './fuzz-players.ts';

export interface FuzzOptions {
  readonly strategy: FuzzStrategy;
  readonly runs: number;
  readonly seed: number;
  readonly properties: readonly PropertyName[];
  /**
   * deterministic-replay judges one run in this many (runs 0, n, 2n, ...; 1 = every run). Default:
   * 10, or 1 when it is the only property (replay-sample.ts).
   */
  readonly replaySample?: number;
  /** Replay this fast-check path instead of exploring (needs exactly one property). */
  readonly path?: string | null;
  /** Folder counterexample files are written to; null writes nothing. */
  readonly outDir: string | null;
  /** Where relative paths (strategy module, outDir) start. */
  readonly cwd: string;
  readonly maxShrinkCandidates?: number;
  /**
   * Isolated mode (what the CLI uses): the strategy runs only in worker threads (this many explore
   * in parallel; shrinking and replay use one), each run under a `timeoutMs` watchdog, in the
   * sandbox, with a heap limit: a run whose strategy hangs, exits, writes to stdout, throws
   * outside a step or exhausts memory fails `session-completes`. Absent: everything runs in this
   * thread (no watchdog, no sandbox: for tests and trusted strategies).
   */
  readonly jobs?: number;
  readonly timeoutMs?: number;
  readonly maxMemoryMb?: number;
  /** What the strategy wrote (isolated mode; default: this process's stderr). */
  readonly onStrategyOutput?: (text: string) => void;
  /** Stop exploring at the first failing run, as fast-check does (the tallies then cover fewer runs). */
  readonly stopAtFirstFailure?: boolean;
  /** Play only this shard's runs (run r when r mod n = i − 1); null or absent: every run. */
  readonly shard?: Shard | null;
  /**
   * Known failures (`fuzz --baseline`, already checked comparable: ci/fuzz-baseline.ts): only the
   * other failing runs fail the report, and the first of them is shrunk.
   */
  readonly baseline?: { readonly file: string; readonly baseline: FuzzBaseline } | null;
  /**
   * Draw the strategy's options per run from the space it declares (`optionSpace`; options given
   * in `strategy.options` stay fixed). Default true; false plays the given options on every run.
   */
  readonly varyOptions?: boolean;
  /**
   * The module strategy is a fork of this built-in: it is judged by the built-in's declarations
   * (trigger, estimator, summarizer cut) instead of its own (judged-as.ts).
   */
  readonly judgedAs?: string;
  /** Scenarios to play; defaults to `scenarioSpecArbitrary()`. */
  readonly arbitrary?: fc.Arbitrary<ScenarioSpec>;
  readonly onRun?: (done: number) => void;
  /** Shrinking starts for a property; `failing`: the strategy that fails it there (differential: either side). */
  readonly onShrink?: (property: PropertyName, failing: string) => void;
}

export interface PropertyReport {
  readonly property: PropertyName;
  /** behaviour (judged on what happened) or contract (what the strategy declares about itself); property.ts. */
  readonly kind?: PropertyKind;
  readonly checked: number;
  readonly passed: number;
  readonly infeasible: number;
  readonly failed: number;
  readonly notChecked: number;
  readonly infeasibleReasons: Readonly<Partial<Record<InfeasibilityReason, number>>>;
  readonly counterexample: { readonly failure: ShrunkFailure; readonly file: CounterexampleFile } | null;
  /** The failing run could not be replayed to a failure (a non-deterministic strategy or world). */
  readonly unreproduced: boolean;
  /** Ids of the runs that failed, ascending (what a fuzz baseline records). */
  readonly failedRuns: readonly number[];
}

export interface FuzzReport {
  readonly strategy: string;
  readonly strategyOptions: Readonly<Record<string, unknown>>;
  /** The built-in whose declarations judged the strategy (`judgedAs`); absent: its own. */
  readonly judgedAs?: string;
  readonly seed: number;
  readonly runs: number;
  readonly path: string | null;
  /** deterministic-replay judged one explored run in this many (replay-sample.ts). */
  readonly replaySample: number;
  /** The slice of the runs this report covers; null: all of them. */
  readonly shard: Shard | null;
  /** Fingerprint of the corpus `seed` generates (corpus-fingerprint.ts), drawn options included. */
  readonly corpus: string;
  /** The options drawn per run and their ranges (the declared space minus the fixed options); null: none drawn. */
  readonly optionSpace: OptionSpace | null;
  /** Whether drawing was on (`--no-vary-options` turns it off). */
  readonly varyOptions: boolean;
  readonly properties: readonly PropertyReport[];
  /** What changed against `--baseline`; null without one. */
  readonly baseline: BaselineComparison | null;
  /** A property failed (with a baseline: a run failed that the baseline does not list). */
  readonly failed: boolean;
  /** Facts retained by kind over the explored runs that planted facts (issue 29); absent when none did. */
  readonly retention?: FuzzRetention;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  assertFuzzJudgedAs(options.strategy.name, options.judgedAs);
  const strategy: StrategySpec = {
    ...strategySpecOf(options.strategy, options.cwd),
    ...(options.judgedAs === undefined ? {} : { judgedAs: options.judgedAs }),
  };
  const replaySample = options.replaySample ?? defaultReplaySample(options.properties);
  return withFuzzPlayers(options, [strategy], (players) => {
    const space = drawnSpace(options, players.optionSpace(strategy));
    const varied = space !== null;
    return fuzzWith(options, replaySample, space, players.player(strategy, varied), (arbitrary, onRetention) =>
      players.explore(strategy, arbitrary, { ...exploreOptionsOf(options, replaySample), varied, onRetention }),
    );
  });
}

/** The options this run draws: the declared space minus the user's fixed options, unless drawing is off. */
export function drawnSpace(
  options: Pick<FuzzOptions, 'varyOptions' | 'strategy'>,
  declared: OptionSpace | null,
): OptionSpace | null {
  return options.varyOptions === false ? null : variedSpace(declared, options.strategy.options);
}

/** The scenarios a run plays: `base`, each with options drawn from `space` when there is one. */
export function playedArbitrary(
  options: Pick<FuzzOptions, 'arbitrary'>,
  space: OptionSpace | null,
): fc.Arbitrary<ScenarioSpec> {
  const base = options.arbitrary ?? scenarioSpecArbitrary();
  return space === null ? base : withDrawnOptions(base, space);
}

/** How a failure's options were chosen, for its counterexample file. */
export function variationOf(
  options: Pick<FuzzOptions, 'varyOptions'>,
  space: OptionSpace | null,
  failure: ShrunkFailure,
): OptionVariation {
  return { vary: options.varyOptions !== false, drawn: space === null ? {} : drawnOptions(failure.spec) };
}

/** A strategy as the loader takes it: module paths start at `cwd`. */
export function strategySpecOf(strategy: FuzzStrategy, cwd: string): StrategySpec {
  return { name: strategy.name, options: strategy.options, baseDir: cwd };
}

/** What exploring takes from the run's options. */
export function exploreOptionsOf(options: FuzzOptions, replaySample: number): ExploreOptions {
  return {
    seed: options.seed,
    runs: options.runs,
    properties: options.properties,
    replaySample,
    shard: options.shard ?? null,
    stopAtFirstFailure: options.stopAtFirstFailure === true,
    ...(options.onRun ? { onRun: options.onRun } : {}),
  };
}

/** Explore (or replay `path`), then shrink the first failure of each failing property with `player`. */
async function fuzzWith(
  options: FuzzOptions,
  replaySample: number,
  space: OptionSpace | null,
  player: CasePlayer,
  exploreAll: (
    arbitrary: fc.Arbitrary<ScenarioSpec>,
    onRetention: (run: number, retention: RunRetention) => void,
  ) => Promise<PropertyTally[]>,
): Promise<FuzzReport> {
  const arbitrary = playedArbitrary(options, space);
  const corpus = corpusFingerprint(arbitrary, options.seed, options.runs);
  // Checked here, not by the caller: the corpus depends on the options the strategy lets us draw,
  // known only once it has loaded.
  if (options.baseline)
    assertComparable(options.baseline.baseline, options.baseline.file, { ...options, corpus, replaySample });
  const path = options.path ?? null;
  // Summed in any order: the counts do not depend on which worker finished first.
  let retention: FuzzRetention | null = null;
  const tallies =
    path !== null
      ? await replayOne(arbitrary, player, options, path)
      : await exploreAll(arbitrary, (_run, played) => {
          retention = addRetention(retention, played.byKind);
        });
  const retained = retention as FuzzRetention | null;

  const reports: PropertyReport[] = [];
  const targets = tallies.map((tally) => firstToShrink(tally, options.baseline?.baseline ?? null));
  const shared = new SharedShrinkVerdicts(
    tallies.filter((_, at) => targets[at] && !isHang(targets[at])).map((tally) => tally.property),
  );
  for (const [at, tally] of tallies.entries()) {
    const target = targets[at] ?? null;
    const from = target === null ? null : (path ?? String(target.run));
    if (from === null) {
      reports.push(report(tally, null, false));
      continue;
    }
    options.onShrink?.(tally.property, options.strategy.name);
    const failure = isHang(target!)
      ? unshrunk(arbitrary, tally.property, target!, options)
      : await shrinkFailure(arbitrary, player, tally.property, {
          seed: options.seed,
          runs: options.runs,
          path: from,
          ...(options.maxShrinkCandidates === undefined ? {} : { maxCandidates: options.maxShrinkCandidates }),
          shared,
        });
    const file = failure === null ? null : await fileFor(failure, options, variationOf(options, space, failure));
    reports.push(report(tally, failure && file && { failure, file }, failure === null));
  }
  const shard = path === null ? (options.shard ?? null) : null;
  const baseline =
    options.baseline && path === null
      ? compareWithFuzzBaseline(options.baseline.baseline, options.baseline.file, reports, (run) => inShard(run, shard))
      : null;
  return {
    strategy: options.strategy.name,
    strategyOptions: options.strategy.options,
    ...(options.judgedAs === undefined ? {} : { judgedAs: options.judgedAs }),
    seed: options.seed,
    runs: options.runs,
    path,
    replaySample,
    shard,
    corpus,
    optionSpace: space,
    varyOptions: options.varyOptions !== false,
    properties: reports,
    baseline,
    failed: baseline === null ? reports.some((r) => r.failed > 0) : hasNewFailures(baseline),
    ...(retained === null ? {} : { retention: retained }),
  };
}

/** The failing run to shrink: the first one, or with a baseline the first one it does not list. */
function firstToShrink(tally: PropertyTally, baseline: FuzzBaseline | null): PropertyTally['failures'][number] | null {
  if (baseline === null) return tally.failures[0] ?? null;
  const known = knownFailures(baseline, tally.property);
  return tally.failures.find((failure) => !known.has(failure.run)) ?? null;
}

async function fileFor(
  failure: ShrunkFailure,
  options: FuzzOptions,
  variation: OptionVariation,
): Promise<CounterexampleFile> {
  const file = counterexampleFile(failure, options.strategy, options.outDir ?? '.', options.cwd, undefined, variation);
  if (options.outDir !== null) await writeCounterexample(file, options.cwd);
  return file;
}

/** Every candidate of a hung run would cost a whole watchdog (or hang this thread): keep that run unshrunk. */
export function isHang(failure: PropertyTally['failures'][number]): boolean {
  return failure.violation.message.startsWith('strategy-hung');
}

export function unshrunk(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  property: PropertyName,
  failure: PropertyTally['failures'][number],
  options: FuzzOptions,
): ShrunkFailure {
  const { run, violation } = failure;
  return {
    property,
    spec: valueAtPath(arbitrary, options.seed, options.runs, String(run)),
    violation,
    seed: options.seed,
    path: String(run),
    shrinks: 0,
  };
}

/** Replay mode: judge the one scenario at `path`; the tally is that single run. */
async function replayOne(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  player: CasePlayer,
  options: FuzzOptions,
  path: string,
): Promise<PropertyTally[]> {
  const verdicts = await player.play(valueAtPath(arbitrary, options.seed, options.runs, path));
  return options.properties.map((property) => {
    const tally = emptyTally(property);
    addVerdict(tally, 0, verdicts.get(property)!);
    return tally;
  });
}

function report(
  tally: PropertyTally,
  counterexample: PropertyReport['counterexample'],
  unreproduced: boolean,
): PropertyReport {
  return {
    property: tally.property,
    kind: propertyKind(propertyByName(tally.property)),
    checked: tally.checked,
    passed: tally.passed,
    infeasible: tally.infeasible,
    failed: tally.failed,
    notChecked: tally.notChecked,
    // By name, so a report does not depend on which run met a reason first (shards merge into it).
    infeasibleReasons: Object.fromEntries([...tally.infeasibleReasons].sort(([a], [b]) => a.localeCompare(b))),
    counterexample,
    unreproduced,
    failedRuns: tally.failures.map((failure) => failure.run),
  };
}

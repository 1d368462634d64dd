/**
 * `fuzz()`: the `compaction-sim fuzz` command as a function. Plays `runs` scenarios generated
 * from `seed` through a strategy, tallies every property on each, and shrinks the first failure
 * of each failing property into a counterexample scenario (returned in the report; written as a
 * file only when `outDir` is given). The same seed always generates the same scenarios.
 * `fuzzAgainst()` is `fuzz --against`: the same runs through a reference strategy too, failing
 * only where the strategy fails a property the reference holds (did my change make anything worse?).
 * For CI, as the command: `shard` plays a slice of the runs, `baseline` fails only on runs a fuzz
 * baseline does not list (`recordFuzzBaseline` records one, `mergeFuzzShards` merges the shards'
 * reports: fuzz-ci.ts). The command line only parses its arguments and calls these.
 */
import { resolve } from 'node:path';
import type { PropertyName } from '../checker/properties/property.ts';
import { runDifferentialFuzz, type DifferentialReport } from '../fuzz/differential/run-differential.ts';
import { runFuzz, type FuzzOptions as RunOptions, type FuzzReport } from '../fuzz/run/run-fuzz.ts';
import { defaultReplaySample } from '../fuzz/run/replay-sample.ts';
import type { Shard } from '../fuzz/run/fuzz-shard.ts';
import { assertComparable, readFuzzBaseline } from '../fuzz/ci/fuzz-baseline.ts';
import { checkFuzzOptions } from './fuzz-options.ts';
import { API_OPTION_NAMES, OptionError, type OptionNames } from './option-error.ts';

export interface FuzzOptions {
  /**
   * A built-in name (`threshold`, the default, or `sliding_window`) or a module path relative to
   * `cwd` whose default export is a `CompactionStrategy` or a `StrategyFactory`.
   */
  readonly strategy?: string;
  /** Fixed options (never drawn). */
  readonly strategyOptions?: Readonly<Record<string, unknown>>;
  /**
   * Draw the strategy's other options per run from the space it declares (`optionSpace`),
   * shrinking towards the defaults (default true; `--no-vary-options`).
   */
  readonly varyOptions?: boolean;
  /** `strategy` (a module) is a fork of this built-in: judged by its declarations (fuzz/run/judged-as.ts). */
  readonly judgedAs?: string;
  /** Generated scenarios to play (default 100). */
  readonly runs?: number;
  /** fast-check seed (default 1). */
  readonly seed?: number;
  /** The properties to check (default: all eleven, `PROPERTY_NAMES`). */
  readonly properties?: readonly PropertyName[];
  /**
   * `deterministic-replay` plays one run in this many twice (runs 0, n, 2n, ...; 1 = every run).
   * Default 10, or 1 when it is the only property.
   */
  readonly replaySample?: number;
  /** Replay this fast-check path (printed with a failure) instead of exploring; needs one property. */
  readonly path?: string;
  /** Write each counterexample as a scenario file in this folder (relative to `cwd`); default: none written. */
  readonly outDir?: string;
  /** Where relative paths start (default: `process.cwd()`). */
  readonly cwd?: string;
  /** Shrink candidates played at most per failing property (default 600). */
  readonly maxShrinks?: number;
  /** Worker threads exploring (default: the number of CPUs). The report does not depend on it. */
  readonly jobs?: number;
  /** Per-run watchdog in ms while exploring (default 60,000): a hung strategy fails `session-completes`. */
  readonly timeoutMs?: number;
  /** Heap limit of each worker in MB: a run whose strategy exhausts it fails `session-completes` as strategy-out-of-memory. */
  readonly maxMemoryMb?: number;
  /** Play only shard `index` of `count` (the runs r with r mod count = index - 1); merge the shards with `mergeFuzzShards`. */
  readonly shard?: Shard;
  /**
   * A fuzz baseline file (relative to `cwd`): the run fails only on runs it does not list as
   * failing. Checked before anything runs: recorded for another strategy, options, seed, budget,
   * properties or compaction-sim version, it is a `BaselineError`. Not with `fuzzAgainst`.
   */
  readonly baseline?: string;
  /** Called after each explored run. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Called when shrinking the first failure of `property` starts (`failing`: the strategy that fails). */
  readonly onShrink?: (property: PropertyName, failing: string) => void;
}

export interface FuzzAgainstOptions extends FuzzOptions {
  /** The reference: a built-in name or a module path relative to `cwd`, as `strategy`. */
  readonly against: string;
  readonly againstOptions?: Readonly<Record<string, unknown>>;
}

export type { FuzzReport, PropertyReport } from '../fuzz/run/run-fuzz.ts';
export type {
  DifferentialReport,
  DifferentialPropertyReport,
  DifferenceCounterexample,
} from '../fuzz/differential/run-differential.ts';
export type { CounterexampleFile } from '../fuzz/run/counterexample.ts';
export type { ShrunkFailure } from '../fuzz/run/shrink-failure.ts';

export async function fuzz(
  options: FuzzOptions = {},
  names: OptionNames = API_OPTION_NAMES,
  combinations?: () => void,
): Promise<FuzzReport> {
  const run = checkFuzzOptions(options, { names, sides: 1, ...(combinations === undefined ? {} : { combinations }) });
  return runFuzz({ ...run, baseline: await baselineOf(options, run, names) });
}

/**
 * Differential fuzzing: per property, the runs where one strategy fails and the other holds; the
 * first of each kind shrunk while the difference persists. `failed` when the strategy fails some
 * property on a run where `against` holds it, or when some run could not be compared (a side did
 * not play it to the end). A reference that plays none of the runs is a `StrategyLoadError`.
 * (`names`, `combinations`: how the command line names its flags and checks how they combine.)
 */
export async function fuzzAgainst(
  options: FuzzAgainstOptions,
  names: OptionNames = API_OPTION_NAMES,
  combinations?: () => void,
): Promise<DifferentialReport> {
  if (typeof options.against !== 'string' || options.against === '')
    throw new OptionError(`${names('against')} must name the reference strategy (a built-in name or a module path)`);
  if (options.baseline !== undefined)
    throw new OptionError(
      `${names('baseline')} compares a plain fuzz run: a differential run already compares with its reference`,
    );
  const run = checkFuzzOptions(options, { names, sides: 2, ...(combinations === undefined ? {} : { combinations }) });
  return runDifferentialFuzz({ ...run, against: { name: options.against, options: options.againstOptions ?? {} } });
}

/** The baseline to compare with, read and checked against this run before anything runs; null without one. */
async function baselineOf(options: FuzzOptions, run: RunOptions, names: OptionNames): Promise<RunOptions['baseline']> {
  if (options.baseline === undefined) return null;
  if (run.path !== null) throw new OptionError(`${names('baseline')} compares an exploration: drop ${names('path')}`);
  // Read as given when it resolves the same (messages then name the file as the user wrote it).
  const file = run.cwd === process.cwd() ? options.baseline : resolve(run.cwd, options.baseline);
  const baseline = await readFuzzBaseline(file);
  const replaySample = run.replaySample ?? defaultReplaySample(run.properties);
  // The corpus is checked by runFuzz: the options drawn are part of it, known once the strategy loaded.
  assertComparable(baseline, options.baseline, {
    seed: run.seed,
    runs: run.runs,
    replaySample,
    properties: run.properties,
    strategy: run.strategy,
    cwd: run.cwd,
  });
  return { file: options.baseline, baseline };
}

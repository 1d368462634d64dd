/**
 * The fuzz baseline for CI (`fuzz --baseline <file>`): for one seed and budget (and the corpus
 * they generate), each property's tallies and the ids of the runs that failed it. A later run
 * fails only on NEW failures, runs that fail a property now and did not in the baseline: a
 * strategy's known limitations stop blocking CI without hiding a regression (a run that newly
 * fails is named, and shrunk). Known failures that no longer fail are listed so the baseline can
 * be tightened with `--update-baseline`, as the gate's.
 *
 * A baseline is only meaningful for the run ids it was recorded with and the strategy it was
 * recorded for: a different seed, budget, generator, compaction-sim version, strategy or strategy
 * options is bad input naming what differs, never a silent pass (a baseline recorded for another
 * strategy once compared nothing of the strategy it names). A changed strategy is compared with
 * what it did before under the same name: the module path edited in place.
 */
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { PROPERTY_NAMES } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { BaselineError } from '../../harness/gate/baseline-error.ts';
import type { FuzzReport } from '../run/run-fuzz.ts';
import { readJsonFile } from './read-json-file.ts';
import { packageVersion } from '../../harness/package-version.ts';
import { isModulePath, moduleFile } from '../../harness/strategy/module-path.ts';
import type { FuzzStrategy } from '../run/counterexample.ts';

export const FUZZ_BASELINE_FORMAT = 'compaction-sim fuzz baseline';

export interface BaselineTally {
  readonly checked: number;
  readonly passed: number;
  readonly infeasible: number;
  readonly failed: number;
  /** Ids of the runs that failed the property, ascending. */
  readonly failedRuns: readonly number[];
}

export interface FuzzBaseline {
  readonly format: typeof FUZZ_BASELINE_FORMAT;
  readonly version: 1;
  /** The compaction-sim version that recorded it; absent in baselines recorded before it was (refused). */
  readonly toolVersion?: string;
  readonly strategy: string;
  readonly strategyOptions: Readonly<Record<string, unknown>>;
  readonly seed: number;
  readonly runs: number;
  /** Fingerprint of the generated corpus (corpus-fingerprint.ts). */
  readonly corpus: string;
  /** deterministic-replay judged one run in this many (its failing runs mean nothing under another sample). */
  readonly replaySample: number;
  readonly properties: Readonly<Partial<Record<PropertyName, BaselineTally>>>;
}

/** Per property: what changed against the baseline. */
export interface BaselineDelta {
  readonly property: PropertyName;
  /** Failing now and in the baseline. */
  readonly known: number;
  /** Failing now, not in the baseline: what fails the run. */
  readonly newRuns: readonly number[];
  /** Failing in the baseline (among the runs played), not now: the baseline can be tightened. */
  readonly fixedRuns: readonly number[];
}

export interface BaselineComparison {
  readonly file: string;
  readonly deltas: readonly BaselineDelta[];
}

const count = z.number().int().min(0);
const tallySchema = z.strictObject({
  checked: count,
  passed: count,
  infeasible: count,
  failed: count,
  failedRuns: z.array(count),
});
const baselineSchema = z.strictObject({
  format: z.literal(FUZZ_BASELINE_FORMAT),
  version: z.literal(1),
  // Optional in the shape so an older baseline gets a sentence (assertComparable), not a schema error.
  toolVersion: z.string().optional(),
  strategy: z.string(),
  strategyOptions: z.record(z.string(), z.unknown()),
  seed: z.number().int(),
  runs: z.number().int().min(1),
  corpus: z.string(),
  replaySample: z.number().int().min(1),
  properties: z.partialRecord(z.enum(PROPERTY_NAMES as [PropertyName, ...PropertyName[]]), tallySchema),
});

export async function readFuzzBaseline(file: string): Promise<FuzzBaseline> {
  return readJsonFile(file, baselineSchema, 'fuzz baseline') as Promise<FuzzBaseline>;
}

export async function writeFuzzBaseline(file: string, baseline: FuzzBaseline): Promise<void> {
  await writeFile(file, `${JSON.stringify(baseline, null, 2)}\n`, 'utf8');
}

/**
 * Why `report` may not be recorded, or null. session-completes fails only where the strategy threw,
 * hung, ran out of memory or its worker died: such a run measured nothing, and a baseline never
 * records a crash, hang or timeout as a known failure (the gate's rule too: harness/gate/unrecordable.ts).
 */
export function fuzzBaselineRefusal(report: FuzzReport, file: string): string | null {
  const crashed = report.properties.find((property) => property.property === 'session-completes')?.failedRuns ?? [];
  if (crashed.length === 0) return null;
  const shown = crashed.slice(0, 8).join(', ');
  return (
    `fuzz baseline not written: the strategy crashed, hung or timed out on ${crashed.length} of ${report.runs} runs (session-completes failed on run${crashed.length === 1 ? '' : 's'} ${shown}${crashed.length > 8 ? ', ...' : ''}). ` +
    `A run that did not play measures nothing and is never recorded into ${file}: fix the strategy (or raise --timeout / --max-memory) and record again.`
  );
}

/** The baseline a whole run (no shard, no replayed path) records. */
export function baselineFromReport(report: FuzzReport): FuzzBaseline {
  if (report.shard !== null)
    throw new BaselineError('--update-baseline needs every run: drop --shard (or merge the shards first with --merge)');
  if (report.path !== null) throw new BaselineError('--update-baseline needs an exploration, not a replayed --path');
  return {
    format: FUZZ_BASELINE_FORMAT,
    version: 1,
    toolVersion: packageVersion(),
    strategy: report.strategy,
    strategyOptions: report.strategyOptions,
    seed: report.seed,
    runs: report.runs,
    corpus: report.corpus,
    replaySample: report.replaySample,
    properties: Object.fromEntries(
      report.properties.map((p) => [
        p.property,
        {
          checked: p.checked,
          passed: p.passed,
          infeasible: p.infeasible,
          failed: p.failed,
          failedRuns: [...p.failedRuns],
        },
      ]),
    ),
  };
}

/**
 * Bad input unless the baseline's runs are this run's runs (same seed, budget, generator, drawn
 * options, properties, compaction-sim version) played by the same strategy with the same options.
 * `corpus` absent: checked later (runFuzz checks it once the strategy has loaded, since the options
 * it lets the fuzzer draw are part of the corpus). `strategy` absent: not known yet.
 */
export function assertComparable(
  baseline: FuzzBaseline,
  file: string,
  run: {
    seed: number;
    runs: number;
    corpus?: string;
    replaySample: number;
    properties: readonly PropertyName[];
    strategy?: FuzzStrategy;
    cwd?: string;
  },
): void {
  const recorded = `seed ${baseline.seed}, ${baseline.runs} runs`;
  const mismatch = (what: string): never => {
    throw new BaselineError(
      `fuzz baseline ${file} was recorded for ${recorded}; ${what}. Fuzz with the same --seed and --runs, or re-record it with --update-baseline`,
    );
  };
  const refuse = (what: string): never => {
    throw new BaselineError(
      `fuzz baseline ${file} ${what}: it says nothing about this run. Fuzz what it was recorded for, or record a baseline for this run with --update-baseline`,
    );
  };
  const version = packageVersion();
  if (baseline.toolVersion === undefined)
    refuse(`was recorded by a compaction-sim version that did not write its version (this is ${version})`);
  if (baseline.toolVersion !== version)
    refuse(
      `was recorded by compaction-sim ${baseline.toolVersion}, this is ${version} (the generator and the properties may differ)`,
    );
  if (run.strategy !== undefined) {
    if (!sameStrategy(baseline.strategy, run.strategy.name, run.cwd ?? process.cwd())) {
      refuse(`was recorded for strategy ${baseline.strategy}; this run fuzzes ${run.strategy.name}`);
    }
    if (canonical(baseline.strategyOptions) !== canonical(run.strategy.options)) {
      refuse(
        `was recorded with strategy options ${canonical(baseline.strategyOptions)}; this run gives ${canonical(run.strategy.options)}`,
      );
    }
  }
  if (baseline.seed !== run.seed || baseline.runs !== run.runs)
    mismatch(`this run is seed ${run.seed}, ${run.runs} runs`);
  if (run.corpus !== undefined && baseline.corpus !== run.corpus) {
    mismatch(
      'this run generates other scenarios or strategy options from them (the generator changed, or the strategy declares other options to draw, or --no-vary-options differs)',
    );
  }
  if (run.properties.includes('deterministic-replay') && baseline.replaySample !== run.replaySample) {
    mismatch(
      `deterministic-replay was judged on one run in ${baseline.replaySample} there, in ${run.replaySample} here: give --replay-sample ${baseline.replaySample}`,
    );
  }
  const missing = run.properties.filter((property) => baseline.properties[property] === undefined);
  if (missing.length > 0) mismatch(`it has no tallies for ${missing.join(', ')}`);
}

/** One strategy: the same built-in name, or module paths naming the same file (`./a.ts` and `a.ts`). */
function sameStrategy(recorded: string, current: string, cwd: string): boolean {
  if (recorded === current) return true;
  return isModulePath(recorded) && isModulePath(current) && moduleFile(recorded, cwd) === moduleFile(current, cwd);
}

/** JSON with sorted keys: the same options however they were written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
    .join(',')}}`;
}

/** Known runs per property, restricted to `played` (a shard's runs). */
export function knownFailures(baseline: FuzzBaseline, property: PropertyName): ReadonlySet<number> {
  return new Set(baseline.properties[property]?.failedRuns ?? []);
}

export function compareWithFuzzBaseline(
  baseline: FuzzBaseline,
  file: string,
  failed: readonly { readonly property: PropertyName; readonly failedRuns: readonly number[] }[],
  played: (run: number) => boolean,
): BaselineComparison {
  const deltas = failed.map(({ property, failedRuns }): BaselineDelta => {
    const known = knownFailures(baseline, property);
    const now = new Set(failedRuns);
    return {
      property,
      known: failedRuns.filter((run) => known.has(run)).length,
      newRuns: failedRuns.filter((run) => !known.has(run)),
      fixedRuns: [...known].filter((run) => played(run) && !now.has(run)).sort((a, b) => a - b),
    };
  });
  return { file, deltas };
}

export function hasNewFailures(comparison: BaselineComparison): boolean {
  return comparison.deltas.some((delta) => delta.newRuns.length > 0);
}

/**
 * The CI half of `compaction-sim fuzz`, as functions (the command only parses its arguments and
 * calls these): `recordFuzzBaseline` writes a whole run as a fuzz baseline, unless the strategy
 * crashed, hung or timed out on some run (never recorded); `mergeFuzzShards` reads the `--json`
 * reports of every shard of one run (plain or differential), checks they are the shards of one run
 * (check-shards.ts: same strategy, options, seed, runs, shard count and compaction-sim version;
 * counts that add up), merges them into the report one machine would give, and writes the
 * counterexample files to `outDir` as that machine would have.
 */
import { resolve } from 'node:path';
import {
  assertComparable,
  baselineFromReport,
  fuzzBaselineRefusal,
  readFuzzBaseline,
  writeFuzzBaseline,
  type FuzzBaseline,
} from '../fuzz/ci/fuzz-baseline.ts';
import { DIFFERENTIAL_REPORT_FORMAT, FUZZ_REPORT_FORMAT, readReportFile } from '../fuzz/ci/fuzz-report-file.ts';
import { mergeFuzzReports } from '../fuzz/ci/merge-fuzz-reports.ts';
import { describeVerdict } from '../fuzz/differential/differential-verdicts.ts';
import { mergeDifferentialReports } from '../fuzz/differential/merge-differential-reports.ts';
import type { DifferentialPropertyReport, DifferentialReport } from '../fuzz/differential/run-differential.ts';
import { counterexampleFile, type FuzzStrategy } from '../fuzz/run/counterexample.ts';
import { variationOf, type FuzzReport } from '../fuzz/run/run-fuzz.ts';
import { writeCounterexample } from '../fuzz/run/write-counterexample.ts';
import { BaselineError } from '../harness/gate/baseline-error.ts';

export type RecordedFuzzBaseline =
  | { readonly status: 'written'; readonly file: string; readonly baseline: FuzzBaseline }
  /** Not written: the strategy crashed, hung or timed out on some run (`reason` says where). */
  | { readonly status: 'refused'; readonly file: string; readonly reason: string };

/**
 * Writes `report` (a whole run: no shard, no replayed path) as the fuzz baseline `file` (relative
 * to `cwd`), or refuses: a run that did not play measures nothing and is never recorded.
 */
export async function recordFuzzBaseline(
  report: FuzzReport,
  file: string,
  cwd = process.cwd(),
): Promise<RecordedFuzzBaseline> {
  const reason = fuzzBaselineRefusal(report, file);
  if (reason !== null) return { status: 'refused', file, reason };
  const baseline = baselineFromReport(report);
  await writeFuzzBaseline(resolve(cwd, file), baseline);
  return { status: 'written', file, baseline };
}

export interface MergeFuzzShardsOptions {
  /** The `--json` report files of every shard of one run (relative to `cwd`). */
  readonly files: readonly string[];
  /** Where the counterexample files are written (relative to `cwd`). */
  readonly outDir: string;
  /** A fuzz baseline to compare the merged plain report with (not for differential reports). */
  readonly baseline?: string;
  readonly cwd?: string;
}

export type MergedFuzzShards =
  | { readonly kind: 'plain'; readonly report: FuzzReport }
  | { readonly kind: 'differential'; readonly report: DifferentialReport };

export async function mergeFuzzShards(options: MergeFuzzShardsOptions): Promise<MergedFuzzShards> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (options.files.length === 0) throw new RangeError('files: give the --json report files of the shards');
  const inputs = await Promise.all(
    options.files.map(async (file) => ({ file, content: await readReportFile(readPath(file, cwd)) })),
  );
  const plain = inputs.flatMap(({ file, content }) =>
    content.format === FUZZ_REPORT_FORMAT ? [{ file, report: content.report, toolVersion: content.toolVersion }] : [],
  );
  const differential = inputs.flatMap(({ file, content }) =>
    content.format === DIFFERENTIAL_REPORT_FORMAT
      ? [{ file, report: content.report, toolVersion: content.toolVersion }]
      : [],
  );
  if (plain.length > 0 && differential.length > 0) {
    throw new BaselineError(
      `--merge: ${differential[0]!.file} is a differential (--against) report and ${plain[0]!.file} a plain one: merge the shards of one run`,
    );
  }
  if (differential.length > 0) {
    if (options.baseline !== undefined)
      throw new BaselineError(
        '--baseline compares a plain fuzz run: a differential run already compares with its --against reference',
      );
    return { kind: 'differential', report: await mergeDifferential(differential, options.outDir, cwd) };
  }
  return { kind: 'plain', report: await mergePlain(plain, options, cwd) };
}

async function mergePlain(
  inputs: readonly { file: string; report: FuzzReport; toolVersion: string }[],
  options: MergeFuzzShardsOptions,
  cwd: string,
): Promise<FuzzReport> {
  const first = inputs[0]?.report;
  let baseline: { file: string; baseline: FuzzBaseline } | null = null;
  if (first !== undefined && options.baseline !== undefined) {
    const recorded = await readFuzzBaseline(readPath(options.baseline, cwd));
    assertComparable(recorded, options.baseline, {
      seed: first.seed,
      runs: first.runs,
      corpus: first.corpus,
      replaySample: first.replaySample,
      properties: first.properties.map((p) => p.property),
      strategy: { name: first.strategy, options: first.strategyOptions },
      cwd,
    });
    baseline = { file: options.baseline, baseline: recorded };
  }
  const merged = mergeFuzzReports(inputs, baseline);
  // Written again where outDir says, as one machine would have written them.
  const properties = await Promise.all(
    merged.properties.map(async (property) => {
      if (property.counterexample === null) return property;
      const failure = property.counterexample.failure;
      const file = counterexampleFile(
        failure,
        { name: merged.strategy, options: merged.strategyOptions },
        options.outDir,
        cwd,
        undefined,
        variationOf(merged, merged.optionSpace, failure),
      );
      await writeCounterexample(file, cwd);
      return { ...property, counterexample: { failure: property.counterexample.failure, file } };
    }),
  );
  return { ...merged, properties };
}

async function mergeDifferential(
  inputs: readonly { file: string; report: DifferentialReport; toolVersion: string }[],
  outDir: string,
  cwd: string,
): Promise<DifferentialReport> {
  const merged = mergeDifferentialReports(inputs);
  const rewrite = async (
    found: DifferentialPropertyReport['counterexample'],
    failing: FuzzStrategy,
    holding: FuzzStrategy,
  ) => {
    if (found === null) return null;
    const file = counterexampleFile(
      found.failure,
      failing,
      outDir,
      cwd,
      { reference: holding, outcome: describeVerdict(found.reference) },
      variationOf(merged, merged.optionSpace, found.failure),
    );
    await writeCounterexample(file, cwd);
    return { ...found, file };
  };
  const properties = await Promise.all(
    merged.properties.map(async (property) => ({
      ...property,
      counterexample: await rewrite(property.counterexample, merged.strategy, merged.against),
      referenceCounterexample: await rewrite(property.referenceCounterexample, merged.against, merged.strategy),
    })),
  );
  return { ...merged, properties };
}

/** A path as given when it resolves the same from the process (messages then name it as written). */
function readPath(file: string, cwd: string): string {
  return cwd === process.cwd() ? file : resolve(cwd, file);
}

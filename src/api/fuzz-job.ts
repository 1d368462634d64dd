/**
 * `fuzzJob()`: the whole `compaction-sim fuzz` command as one call, the command line's only door
 * to the fuzzer. It checks every option and how they combine (one place, fuzz-options.ts), checks
 * that the counterexample folder can be written before anything runs, then does one of:
 *
 * - plays the runs (`fuzz()`), a `shard` of them, compared with a fuzz `baseline` if given;
 * - plays them through a reference strategy too (`against`: `fuzzAgainst()`, differential);
 * - merges the `reportFile`s of every shard of one run (`merge`: `mergeFuzzShards()`), plain or
 *   differential, playing nothing;
 *
 * then hands the report to `onReport` (the command line prints it there, before any file is
 * written, so a write error never hides it), writes it as JSON to `reportFile`, and with
 * `updateBaseline` records a plain run as the `baseline` file (`recordFuzzBaseline()`).
 *
 * The result says how it went, as a discriminated union the command line maps to exit codes.
 * Bad input throws before anything runs (`invalidInputOf` tells it from a bug).
 */
import { resolve } from 'node:path';
import type { FuzzBaseline } from '../fuzz/ci/fuzz-baseline.ts';
import { writeDifferentialReportFile, writeFuzzReportFile } from '../fuzz/ci/fuzz-report-file.ts';
import type { DifferentialReport } from '../fuzz/differential/run-differential.ts';
import type { FuzzReport } from '../fuzz/run/run-fuzz.ts';
import { prepareOutputDir } from '../harness/report/output-dir.ts';
import { fuzz, fuzzAgainst, type FuzzOptions } from './fuzz.ts';
import { mergeFuzzShards, recordFuzzBaseline } from './fuzz-ci.ts';
import { checkFuzzOptions } from './fuzz-options.ts';
import { API_OPTION_NAMES, OptionError, type OptionNames } from './option-error.ts';

export interface FuzzJobOptions extends FuzzOptions {
  /**
   * Differential fuzzing: the reference strategy (a built-in name or a module path relative to
   * `cwd`); the run fails only where `strategy` fails a property the reference holds.
   */
  readonly against?: string;
  readonly againstOptions?: Readonly<Record<string, unknown>>;
  /** Merge these `reportFile`s (every shard of one run, relative to `cwd`) instead of playing. */
  readonly merge?: readonly string[];
  /** Record this run (every run: no `shard`, no `path`) as the `baseline` file instead of comparing with it. */
  readonly updateBaseline?: boolean;
  /** Also write the report as JSON to this file, relative to `cwd` (what `merge` reads). */
  readonly reportFile?: string;
  /** The report, as soon as it is complete and before any file is written. */
  readonly onReport?: (played: FuzzPlayed) => void;
}

/** What was played (or merged). */
export type FuzzPlayed =
  | { readonly mode: 'plain'; readonly merged: boolean; readonly report: FuzzReport }
  | { readonly mode: 'differential'; readonly merged: boolean; readonly report: DifferentialReport };

export type FuzzJobResult =
  /** Every property held (differential: `strategy` fails nothing the reference holds; with a baseline: no new failing run). */
  | (FuzzPlayed & { readonly kind: 'passed' })
  | (FuzzPlayed & { readonly kind: 'failed' })
  /** `updateBaseline`: the run was recorded as the baseline `file`. */
  | {
      readonly kind: 'baseline-written';
      readonly mode: 'plain';
      readonly merged: boolean;
      readonly report: FuzzReport;
      readonly file: string;
      readonly baseline: FuzzBaseline;
    }
  /** `updateBaseline`: not recorded, the strategy crashed, hung or timed out on some run (`reason`). */
  | {
      readonly kind: 'baseline-refused';
      readonly mode: 'plain';
      readonly merged: boolean;
      readonly report: FuzzReport;
      readonly file: string;
      readonly reason: string;
    };

/** `names`: how options are named in messages (the command line passes its flags). */
export async function fuzzJob(options: FuzzJobOptions, names: OptionNames = API_OPTION_NAMES): Promise<FuzzJobResult> {
  const n = names;
  const updateBaseline = options.updateBaseline === true;
  // How the options combine, checked after the numbers and the path, before the shard.
  const combinations = (): void => {
    if (updateBaseline && options.baseline === undefined)
      throw new OptionError(`${n('updateBaseline')} writes the ${n('baseline')} file: give ${n('baseline')} <file>`);
    if (options.merge !== undefined && options.merge.length === 0)
      throw new OptionError(`${n('merge')} needs the ${n('reportFile')} report files of the shards`);
    if (options.against !== undefined) {
      // The reference plays the part a fuzz baseline would: a run fails only where mine fails and it holds.
      const clash = options.baseline !== undefined ? 'baseline' : updateBaseline ? 'updateBaseline' : null;
      if (clash !== null)
        throw new OptionError(
          `${n('against')} already compares with a reference strategy's verdicts on the same runs: drop ${n(clash)}`,
        );
      if (options.merge !== undefined)
        throw new OptionError(`${n('merge')} reads both strategies from the shard reports: drop ${n('against')}`);
    }
    if (options.againstOptions !== undefined && options.against === undefined)
      throw new OptionError(`${n('againstOptions')} needs ${n('against')} <reference strategy>`);
    if (options.merge !== undefined && options.outDir === undefined)
      throw new OptionError(
        `${n('merge')} writes the counterexamples again, as one machine would: give ${n('outDir')}`,
      );
    if (updateBaseline && options.shard !== undefined) {
      throw new OptionError(
        `${n('updateBaseline')} needs every run: drop ${n('shard')}, or record from the merged shards (${n('merge')} ... ${n('updateBaseline')})`,
      );
    }
  };
  // Every option and combination, then the counterexample folder, before anything plays (the
  // play checks its options again, as any caller of fuzz() gets them checked).
  checkFuzzOptions(options, { names, sides: options.against === undefined ? 1 : 2, combinations });
  const cwd = resolve(options.cwd ?? process.cwd());
  if (options.outDir !== undefined) await prepareOutputDir(options.outDir, n('outDir'), cwd, { checkOnly: true });
  // Recording: the baseline file is the one to write, not one to compare with.
  const compareWith = options.baseline === undefined || updateBaseline ? {} : { baseline: options.baseline };

  if (options.merge !== undefined) {
    const merged = await mergeFuzzShards({ files: options.merge, outDir: options.outDir!, cwd, ...compareWith });
    const played: FuzzPlayed =
      merged.kind === 'plain'
        ? { mode: 'plain', merged: true, report: merged.report }
        : { mode: 'differential', merged: true, report: merged.report };
    return finish(played, options, cwd);
  }
  if (options.against !== undefined) {
    const report = await fuzzAgainst({ ...options, against: options.against }, names);
    return finish({ mode: 'differential', merged: false, report }, options, cwd);
  }
  const { baseline: _recordedTo, ...plain } = options;
  const report = await fuzz({ ...plain, ...compareWith }, names);
  return finish({ mode: 'plain', merged: false, report }, options, cwd);
}

async function finish(played: FuzzPlayed, options: FuzzJobOptions, cwd: string): Promise<FuzzJobResult> {
  options.onReport?.(played);
  if (options.reportFile !== undefined) {
    // As given when it resolves the same (a write error then names it as the caller wrote it).
    const file = cwd === process.cwd() ? options.reportFile : resolve(cwd, options.reportFile);
    if (played.mode === 'plain') await writeFuzzReportFile(file, played.report);
    else await writeDifferentialReportFile(file, played.report);
  }
  if (played.mode === 'plain' && options.updateBaseline === true) {
    const written = await recordFuzzBaseline(played.report, options.baseline!, cwd);
    if (written.status === 'refused')
      return { ...played, kind: 'baseline-refused', file: written.file, reason: written.reason };
    return { ...played, kind: 'baseline-written', file: written.file, baseline: written.baseline };
  }
  return { ...played, kind: played.report.failed ? 'failed' : 'passed' } as FuzzJobResult;
}

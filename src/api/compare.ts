/**
 * `compare()`: the `compaction-sim compare` command as a function. Plays the same scenario files,
 * and with `fuzzRuns` the same fuzzed corpus, through each contender (only ever in worker
 * threads, under `simulate`'s watchdog, sandbox and heap limit) and returns the comparison: the
 * league table (ranked), the fuzz tallies per property and the museum matrix. With `reportDir`,
 * also writes compare.json, compare.md, compare.html and run-meta.json there. Bad input (a path
 * with no scenario, a contender that cannot load or rejects its options, the same contender
 * twice) throws before anything runs. It ranks; it does not judge.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { ComparisonReport } from '../compare/comparison-report.ts';
import type { Contender } from '../compare/contender.ts';
import { writeComparisonReports } from '../compare/report/comparison-reporters.ts';
import { runComparison } from '../compare/run-comparison.ts';
import { prepareOutputDir } from '../harness/report/output-dir.ts';
import { lockReportDir } from '../harness/report/report-folder.ts';
import { DEFAULT_COMPARE_MAX_MEMORY_MB } from '../compare/compare-memory.ts';
import { STRATEGY_CATALOG } from '../harness/strategy/strategy-catalog.ts';
import { integerOption } from './check-options.ts';
import { API_OPTION_NAMES, OptionError, type OptionNames } from './option-error.ts';
import { DEFAULT_TIMEOUT_MS } from './defaults.ts';
import { packageVersion } from '../harness/package-version.ts';

export interface CompareOptions {
  /** Scenario files or folders every contender plays, relative to `cwd`. */
  readonly paths: readonly string[];
  /**
   * The strategies entered, in order: a built-in name or a module path relative to `cwd`, with
   * options used wherever a scenario file does not configure that same strategy itself
   * (default: every built-in with its defaults).
   */
  readonly contenders?: readonly Contender[];
  /** Generated scenarios each contender also plays, the same corpus for all (default 0). */
  readonly fuzzRuns?: number;
  /** fast-check seed of the fuzzed corpus (default 1). */
  readonly seed?: number;
  /** Worker threads (default: the number of CPUs). Results do not depend on it. */
  readonly jobs?: number;
  /** Per-scenario (and per-run) watchdog in ms (default 60,000). */
  readonly timeoutMs?: number;
  /** Heap limit of each worker in MB (default 4096). */
  readonly maxMemoryMb?: number;
  /** Where relative paths start (default: `process.cwd()`). */
  readonly cwd?: string;
  /** Also write compare.json, compare.md, compare.html and run-meta.json to this folder, relative to `cwd`. */
  readonly reportDir?: string;
  /** Called once the plays are known, with their number (scenarios and fuzz runs, every contender). */
  readonly onStart?: (total: number) => void;
  /** Called after each scenario or fuzz run a contender played, with the count done, the total, and what was played (`strategy: scenario`). */
  readonly onProgress?: (done: number, total: number, played: string) => void;
  /** The comparison, as soon as it is complete and before any file is written. */
  readonly onReport?: (report: ComparisonReport) => void;
  /** What run-meta.json records as the command that ran (default: `compare (api)`, no arguments). */
  readonly invocation?: { readonly command: string; readonly argv: readonly string[] };
  /** What a strategy wrote to stdout or stderr (default: this process's stderr). */
  readonly onStrategyOutput?: (text: string) => void;
}

/** `names`: how options are named in messages (the command line passes its flags). */
export async function compare(
  options: CompareOptions,
  names: OptionNames = API_OPTION_NAMES,
): Promise<ComparisonReport> {
  const n = names;
  const cwd = resolve(options.cwd ?? process.cwd());
  const fuzzRuns = integerOption(n('fuzzRuns'), options.fuzzRuns ?? 0, 0);
  const jobs = integerOption(n('jobs'), options.jobs ?? availableParallelism(), 1);
  const timeoutMs = integerOption(n('timeoutMs'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1);
  const maxMemoryMb = integerOption(n('maxMemoryMb'), options.maxMemoryMb ?? DEFAULT_COMPARE_MAX_MEMORY_MB, 16);
  // Any integer: fast-check takes negative seeds too.
  const seed = integerOption(n('seed'), options.seed ?? 1, Number.MIN_SAFE_INTEGER);
  if (options.paths.length === 0) throw new OptionError(`${n('paths')} must name at least one scenario file or folder`);
  // Shown as given when it resolves the same (messages name it as the user wrote it).
  const reportDir =
    options.reportDir === undefined
      ? undefined
      : cwd === process.cwd()
        ? options.reportDir
        : resolve(cwd, options.reportDir);
  // A folder that cannot be written to is bad input, found before anything runs.
  if (reportDir !== undefined) await prepareOutputDir(reportDir, n('reportDir'), cwd);
  // One run writes a folder at a time: a second one is refused now, before it plays anything.
  const lock = reportDir === undefined ? null : await lockReportDir(reportDir, n('reportDir'), cwd);
  try {
    const contenders = options.contenders ?? STRATEGY_CATALOG.map((strategy) => ({ name: strategy.name }));
    let total = 0;
    let done = 0;
    const report = await runComparison({
      paths: options.paths,
      contenders,
      fuzzRuns,
      seed,
      jobs,
      timeoutMs,
      maxMemoryMb,
      cwd,
      onStart: (count) => {
        total = count;
        options.onStart?.(count);
      },
      onDone: (strategy, what) => options.onProgress?.(++done, total, `${strategy}: ${what}`),
      ...(options.onStrategyOutput === undefined ? {} : { onStrategyOutput: options.onStrategyOutput }),
    });
    options.onReport?.(report);
    if (reportDir !== undefined) {
      const invocation = options.invocation ?? { command: 'compare (api)', argv: [] };
      await writeComparisonReports(reportDir, report, {
        tool: 'compaction-sim',
        version: packageVersion(),
        node: process.version,
        command: invocation.command,
        argv: [...invocation.argv],
      });
    }
    return report;
  } finally {
    await lock?.release();
  }
}

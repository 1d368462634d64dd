/**
 * What `simulate()` and `gate()` share (and so the command line's two suite commands): check the
 * options (named in the caller's words), make sure the report folder can be written and hold it
 * for this run, load the accepted limitations, play the suite, refuse a filter that matches
 * nothing, build the report, and hand back how to write the report files once the caller has
 * shown the results (a write error then never hides them).
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { packageVersion } from '../harness/package-version.ts';
import { prepareOutputDir } from '../harness/report/output-dir.ts';
import { lockReportDir, type ReportFile, type ReportLock } from '../harness/report/report-folder.ts';
import { buildSuiteReport, type SuiteReport } from '../harness/report/suite-report.ts';
import { writeReports } from '../harness/report/write-reports.ts';
import { runSuite, type SuiteRun } from '../harness/run/run-suite.ts';
import type { Shard } from '../harness/run/shard.ts';
import { DEFAULT_MAX_MEMORY_MB } from '../harness/run/task-worker.ts';
import { loadAcceptances } from '../harness/scenario/load-acceptances.ts';
import { integerOption, optionalInteger } from './check-options.ts';
import { DEFAULT_TIMEOUT_MS } from './defaults.ts';
import { OptionError, type OptionNames } from './option-error.ts';
import type { SimulateOptions } from './simulate.ts';

export interface PlayedSuite {
  readonly run: SuiteRun;
  readonly report: SuiteReport;
  /** Writes every report file (and `extra`) to the report folder, if any, then lets the folder go. Call it once, always. */
  readonly finish: (extra?: readonly ReportFile[]) => Promise<string[]>;
}

export async function playSuite(options: SimulateOptions, names: OptionNames): Promise<PlayedSuite> {
  const n = names;
  const cwd = resolve(options.cwd ?? process.cwd());
  const settings = checkSuiteSettings(options, n);
  // Shown as given when it resolves the same (messages and the closing line name it as the user wrote it).
  const reportDir =
    options.reportDir === undefined
      ? undefined
      : cwd === process.cwd()
        ? options.reportDir
        : resolve(cwd, options.reportDir);
  // A folder that cannot be written to is bad input, found before anything runs.
  if (reportDir !== undefined) await prepareOutputDir(reportDir, n('reportDir'), cwd);
  // One run writes a folder at a time (report-folder.ts): a second is refused before it plays.
  const lock: ReportLock | null = reportDir === undefined ? null : await lockReportDir(reportDir, n('reportDir'), cwd);
  try {
    const accept = options.acceptFile === undefined ? undefined : await loadAcceptances(options.acceptFile, cwd);
    let total = 0;
    let done = 0;
    const run = await runSuite({
      paths: options.paths,
      filter: options.filter,
      ...settings,
      strategy: options.strategy,
      strategyOptions: options.strategyOptions,
      judgedAs: options.judgedAs,
      accept,
      cwd,
      realSummarizer: options.realSummarizer,
      onStart: (count) => {
        total = count;
        options.onStart?.(count);
      },
      onScenarioDone: (scenario) => options.onProgress?.(++done, total, scenario.name),
      ...(options.onStrategyOutput === undefined
        ? {}
        : { onStrategyOutput: (scenario, text) => options.onStrategyOutput?.(scenario?.id ?? null, text) }),
    });
    if (options.filter !== undefined && run.allIds.length === 0) {
      throw new OptionError(`no scenario in ${options.paths.join(', ')} matches ${n('filter')} "${options.filter}"`);
    }
    const report = buildSuiteReport(run.outcomes, cwd, options.realSummarizer);
    const invocation = options.invocation ?? { command: 'simulate (api)', argv: [] };
    const meta = {
      tool: 'compaction-sim',
      version: packageVersion(),
      node: process.version,
      command: invocation.command,
      argv: [...invocation.argv],
    };
    let released = false;
    const finish = async (extra: readonly ReportFile[] = []): Promise<string[]> => {
      released = true;
      try {
        return reportDir === undefined ? [] : await writeReports(reportDir, report, meta, extra);
      } finally {
        await lock?.release();
      }
    };
    return { run, report, finish: (extra) => (released ? Promise.resolve([]) : finish(extra)) };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** The numbers of a suite run, checked (an `OptionError` names the first bad one) with the defaults filled in. */
export function checkSuiteSettings(options: SimulateOptions, n: OptionNames) {
  return {
    seed: optionalInteger(n('seed'), options.seed, 0),
    jobs: integerOption(n('jobs'), options.jobs ?? availableParallelism(), 1),
    shard: checkShard(options.shard, n),
    timeoutMs: integerOption(n('timeoutMs'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1),
    maxMemoryMb: integerOption(n('maxMemoryMb'), options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB, 16),
  };
}

function checkShard(shard: Shard | undefined, n: OptionNames): Shard | null {
  if (shard === undefined) return null;
  integerOption(`${n('shard')}.count`, shard.count, 1);
  integerOption(`${n('shard')}.index`, shard.index, 1);
  if (shard.index > shard.count)
    throw new OptionError(`${n('shard')}.index must be <= ${n('shard')}.count, got ${shard.index}/${shard.count}`);
  return shard;
}

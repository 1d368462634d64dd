/**
 * `simulate()`: the `compaction-sim simulate` command as a function. Plays scenario files through
 * a strategy in worker threads (each scenario under a watchdog) and returns the report every
 * reporter renders; with `reportDir`, also writes report.json, report.md, junit.xml and
 * report.html there. Bad input (a malformed scenario file, a strategy that cannot load, options
 * it rejects) throws before anything runs; a failing scenario is data in the report.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { prepareOutputDir } from '../harness/report/output-dir.ts';
import { lockReportDir } from '../harness/report/report-folder.ts';
import { buildSuiteReport, type SuiteReport } from '../harness/report/suite-report.ts';
import { writeReports } from '../harness/report/write-reports.ts';
import type { RealSummarizerConfig } from '../harness/run/real-summarizer.ts';
import { runSuite } from '../harness/run/run-suite.ts';
import type { Shard } from '../harness/run/shard.ts';
import { DEFAULT_MAX_MEMORY_MB } from '../harness/run/task-worker.ts';
import { loadAcceptances } from '../harness/scenario/load-acceptances.ts';
import { integerOption, optionalInteger } from './check-options.ts';
import { DEFAULT_TIMEOUT_MS } from './defaults.ts';
import { packageVersion } from '../harness/package-version.ts';

export interface SimulateOptions {
  /** Scenario files or folders (searched recursively for .yaml, .yml and .json), relative to `cwd`. */
  readonly paths: readonly string[];
  /**
   * The strategy for every scenario, replacing each file's own: a built-in name (`threshold`,
   * `sliding_window`) or a module path relative to `cwd` whose default export is a
   * `CompactionStrategy` or a `StrategyFactory` (`.js`/`.mjs` as they are; `.ts` needs tsx installed).
   */
  readonly strategy?: string;
  /** Options for the strategy (replace the files' own options). */
  readonly strategyOptions?: Readonly<Record<string, unknown>>;
  /**
   * `strategy` (a module) is a fork of this built-in: the options, expectations (`appliesTo`) and
   * accepted limitations the files write for the built-in apply to it, so the built-in's regression
   * pins tell whether the fork changed what they pin. Without it a module gets none of them, even
   * when it reports the built-in's name.
   */
  readonly judgedAs?: string;
  /** Replaces every scenario's seed. */
  readonly seed?: number;
  /** Keep scenarios whose id or name contains this text, or matches it as a glob (`*`, `?`). */
  readonly filter?: string;
  /** Run only this slice of the suite (sorted by id, dealt round-robin; `index` from 1). */
  readonly shard?: Shard;
  /** Worker threads (default: the number of CPUs). Results do not depend on it. */
  readonly jobs?: number;
  /** Per-scenario watchdog in ms (default 60,000): a strategy still running then fails as strategy-hung. */
  readonly timeoutMs?: number;
  /** Heap limit of each scenario worker in MB (default 4096): past it the strategy fails as strategy-out-of-memory. */
  readonly maxMemoryMb?: number;
  /**
   * A YAML/JSON file of accepted limitations (`{ strategy, property, reason, scenarios? }` per
   * entry), relative to `cwd`: violations it names are tolerated and reported with their reason.
   */
  readonly acceptFile?: string;
  /** Where relative paths start (default: `process.cwd()`). Report paths are shown relative to it. */
  readonly cwd?: string;
  /** Also write every report file (and run-meta.json) to this folder, relative to `cwd`. */
  readonly reportDir?: string;
  /**
   * Summarize with this real Gemini model (needs GEMINI_API_KEY) while everything else stays
   * simulated. Results are then not deterministic.
   */
  readonly realSummarizer?: RealSummarizerConfig;
  /** Called as scenarios finish (completion order), e.g. for a progress display. */
  readonly onProgress?: (done: number, total: number) => void;
  /** What a strategy wrote to stdout or stderr while playing a scenario (default: this process's stderr). */
  readonly onStrategyOutput?: (scenarioId: string | null, text: string) => void;
}

export interface SimulateResult {
  /** True when every expectation of every scenario held. */
  readonly passed: boolean;
  /** One record per scenario (sorted by id) with its verdict, every measurement and the per-step series. */
  readonly report: SuiteReport;
  /** Ids of every scenario the paths hold, before `shard` and after `filter`, sorted. */
  readonly allIds: readonly string[];
}

export async function simulate(options: SimulateOptions): Promise<SimulateResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  // A folder that cannot be written to is bad input, found before anything runs.
  if (options.reportDir !== undefined) await prepareOutputDir(options.reportDir, 'reportDir', cwd);
  // One run writes a folder at a time (report-folder.ts): a second is refused before it plays.
  const lock = options.reportDir === undefined ? null : await lockReportDir(options.reportDir, 'reportDir', cwd);
  try {
    const accept = options.acceptFile === undefined ? undefined : await loadAcceptances(options.acceptFile, cwd);
    let total = 0;
    let done = 0;
    const run = await runSuite({
      paths: options.paths,
      filter: options.filter,
      seed: optionalInteger('seed', options.seed, 0),
      strategy: options.strategy,
      strategyOptions: options.strategyOptions,
      judgedAs: options.judgedAs,
      shard: checkShard(options.shard),
      jobs: integerOption('jobs', options.jobs ?? availableParallelism(), 1),
      timeoutMs: integerOption('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1),
      maxMemoryMb: integerOption('maxMemoryMb', options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB, 16),
      accept,
      cwd,
      realSummarizer: options.realSummarizer,
      onStart: (count) => {
        total = count;
      },
      onScenarioDone: () => options.onProgress?.(++done, total),
      ...(options.onStrategyOutput === undefined
        ? {}
        : { onStrategyOutput: (scenario, text) => options.onStrategyOutput?.(scenario?.id ?? null, text) }),
    });
    const report = buildSuiteReport(run.outcomes, cwd, options.realSummarizer);
    if (options.reportDir !== undefined) {
      await writeReports(resolve(cwd, options.reportDir), report, {
        tool: 'compaction-sim',
        version: packageVersion(),
        node: process.version,
        command: 'simulate (api)',
        argv: [],
      });
    }
    return { passed: report.summary.failed === 0, report, allIds: run.allIds };
  } finally {
    await lock?.release();
  }
}

function checkShard(shard: Shard | undefined): Shard | null {
  if (shard === undefined) return null;
  integerOption('shard.count', shard.count, 1);
  integerOption('shard.index', shard.index, 1);
  if (shard.index > shard.count) throw new RangeError(`shard.index must be <= shard.count, got ${shard.index}/${shard.count}`);
  return shard;
}

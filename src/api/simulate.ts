/**
 * `simulate()`: the `compaction-sim simulate` command as a function. Plays scenario files through
 * a strategy in worker threads (each scenario under a watchdog) and returns the report every
 * reporter renders; with `reportDir`, also writes report.json, report.md, junit.xml and
 * report.html there. Bad input (a malformed scenario file, a strategy that cannot load, options
 * it rejects) throws before anything runs; a failing scenario is data in the report.
 */
import type { ReportFile } from '../harness/report/report-folder.ts';
import type { SuiteReport } from '../harness/report/suite-report.ts';
import type { RealSummarizerConfig } from '../harness/run/real-summarizer.ts';
import type { Shard } from '../harness/run/shard.ts';
import { API_OPTION_NAMES, type OptionNames } from './option-error.ts';
import { playSuite } from './play-suite.ts';

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
  /** Called once the suite is known, with the number of scenarios to play. */
  readonly onStart?: (total: number) => void;
  /** Called as scenarios finish (completion order), e.g. for a progress display; `scenario`: its name. */
  readonly onProgress?: (done: number, total: number, scenario: string) => void;
  /** The report, as soon as it is built and before any file is written (a write error then never hides it). */
  readonly onReport?: (report: SuiteReport) => void;
  /** What run-meta.json records as the command that ran (default: `simulate (api)`, no arguments). */
  readonly invocation?: { readonly command: string; readonly argv: readonly string[] };
  /** What a strategy wrote to stdout or stderr while playing a scenario (default: this process's stderr). */
  readonly onStrategyOutput?: (scenarioId: string | null, text: string) => void;
}

export interface SimulateResult {
  /** `passed` when every expectation of every scenario held. */
  readonly kind: 'passed' | 'failed';
  /** True when every expectation of every scenario held (`kind === 'passed'`). */
  readonly passed: boolean;
  /** One record per scenario (sorted by id) with its verdict, every measurement and the per-step series. */
  readonly report: SuiteReport;
  /** Ids of every scenario the paths hold, before `shard` and after `filter`, sorted. */
  readonly allIds: readonly string[];
  /** The report files written to `reportDir` (none without it). */
  readonly written: readonly string[];
}

/**
 * Bad input throws before anything runs: an `OptionError` for a bad option or a `filter` that
 * matches no scenario, a `ScenarioError`, `StrategyLoadError`, `StrategyOptionsError` or
 * `OutputDirError` (`invalidInputOf` tells them from a bug). `names`: how options are named in
 * messages (the command line passes its flags); `extra`: report files of the caller's own.
 */
export async function simulate(
  options: SimulateOptions,
  names: OptionNames = API_OPTION_NAMES,
  extra: (report: SuiteReport) => readonly ReportFile[] = () => [],
): Promise<SimulateResult> {
  const { run, report, finish } = await playSuite(options, names);
  let written: string[];
  try {
    options.onReport?.(report);
  } finally {
    written = await finish(extra(report));
  }
  const passed = report.summary.failed === 0;
  return { kind: passed ? 'passed' : 'failed', passed, report, allIds: run.allIds, written };
}

/**
 * The options every suite-running command shares (`simulate`, `gate`), declared once, and their
 * parsing into the API's options. Text yargs cannot parse (JSON, i/n) is parsed here and rejected
 * as `UsageError` (exit 2); the numbers are the API's to check (same sentence, same exit code).
 */
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { DEFAULT_TIMEOUT_MS } from '../api/defaults.ts';
import type { SimulateOptions } from '../api/simulate.ts';
import { parseShard } from '../harness/run/shard.ts';
import { DEFAULT_MAX_MEMORY_MB } from '../harness/run/task-worker.ts';
import { UsageError } from './usage-error.ts';

export const DEFAULT_REPORT_DIR = 'reports/out';
export { DEFAULT_TIMEOUT_MS };

export interface RunArgs {
  readonly strategy?: string | undefined;
  readonly 'strategy-options'?: string | undefined;
  readonly 'judged-as'?: string | undefined;
  readonly seed?: number | undefined;
  readonly jobs: number;
  readonly shard?: string | undefined;
  readonly 'report-dir': string;
  readonly quiet: boolean;
  /** Undefined when not given: the command picks the default (see parseRunArgs). */
  readonly timeout?: number | undefined;
  readonly 'max-memory': number;
  readonly accept?: string | undefined;
}

/** `timeoutDefault`: how the help shows the watchdog's default (a command may pick its own). */
export function withRunOptions<T>(yargs: Argv<T>, timeoutDefault = String(DEFAULT_TIMEOUT_MS)): Argv<T & RunArgs> {
  return yargs
    .option('strategy', {
      type: 'string',
      describe:
        'Strategy for every scenario: a built-in name (threshold, sliding_window) or a module path whose default export is a CompactionStrategy, a StrategyFactory or a strategy class',
    })
    .option('strategy-options', {
      type: 'string',
      describe: "Strategy options as a JSON object (replaces the files' options)",
    })
    .option('judged-as', {
      type: 'string',
      describe:
        "The --strategy module is a fork of this built-in: the files' options, expectations and accepted limitations for that built-in apply to it",
    })
    .option('seed', { type: 'number', describe: 'Seed for every scenario (overrides the files)' })
    .option('jobs', {
      type: 'number',
      default: availableParallelism(),
      defaultDescription: 'number of CPUs',
      describe: 'Scenarios run in parallel (worker threads); results do not depend on it',
    })
    .option('shard', {
      type: 'string',
      describe: 'Run shard i of n (e.g. 2/4): scenarios sorted by id, dealt round-robin',
    })
    .option('report-dir', {
      type: 'string',
      default: DEFAULT_REPORT_DIR,
      describe: 'Where report.json, report.md, junit.xml, report.html and run-meta.json are written',
    })
    .option('quiet', {
      type: 'boolean',
      default: false,
      describe: 'No progress bar; print only failures and the closing line',
    })
    .option('max-memory', {
      type: 'number',
      default: DEFAULT_MAX_MEMORY_MB,
      describe:
        'Heap limit of each scenario worker in MB: a strategy that exhausts it fails its scenario as strategy-out-of-memory',
    })
    .option('accept', {
      type: 'string',
      describe:
        'A YAML/JSON file of accepted limitations ({ strategy, property, reason, scenarios? } per entry): violations it names are tolerated and reported with their reason',
    })
    .option('timeout', {
      type: 'number',
      // No yargs default, so a command can tell "not given" and pick its own (simulate --real-summarizer).
      defaultDescription: timeoutDefault,
      describe: 'Per-scenario watchdog in ms: a strategy with no result by then fails as strategy-hung',
    }) as Argv<T & RunArgs>;
}

/**
 * The run flags as the API's options (`simulate()`, `gate()`): what only the command line can
 * parse (`--shard i/n`, JSON) is parsed here; the numbers are checked by the API, in one place,
 * named by their flags (CLI_OPTION_NAMES).
 */
export type RunSettings = Pick<
  SimulateOptions,
  'strategy' | 'strategyOptions' | 'judgedAs' | 'seed' | 'jobs' | 'shard' | 'timeoutMs' | 'maxMemoryMb' | 'acceptFile'
>;

/** `defaultTimeoutMs`: the watchdog when --timeout is not given. */
export function parseRunArgs(args: RunArgs, defaultTimeoutMs = DEFAULT_TIMEOUT_MS): RunSettings {
  const shard = args.shard === undefined ? undefined : parseShard(args.shard);
  if (typeof shard === 'string') throw new UsageError(shard);
  const strategyOptions = parseStrategyOptions(args['strategy-options']);
  return {
    ...(args.strategy === undefined ? {} : { strategy: args.strategy }),
    ...(strategyOptions === undefined ? {} : { strategyOptions }),
    ...(args['judged-as'] === undefined ? {} : { judgedAs: args['judged-as'] }),
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    jobs: args.jobs,
    ...(shard === undefined ? {} : { shard }),
    timeoutMs: args.timeout ?? defaultTimeoutMs,
    maxMemoryMb: args['max-memory'],
    ...(args.accept === undefined ? {} : { acceptFile: args.accept }),
  };
}

export function parseStrategyOptions(
  text: string | undefined,
  flag = '--strategy-options',
): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`${flag} must be a JSON object, e.g. '{"maxCompactionAttempts": 3}'`);
  }
  return value as Record<string, unknown>;
}

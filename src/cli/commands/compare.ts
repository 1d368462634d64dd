/**
 * `compaction-sim compare [paths..] [--strategy a --strategy b ...] [--fuzz-runs N --seed S]`:
 * the same suites (and the same fuzzed corpus) through each strategy, ranked in a league table,
 * with the museum matrix (a thin shell over the API's `compare()`). Prints the chosen
 * format and writes compare.json, compare.md and compare.html to --report-dir. It ranks, it does
 * not gate: exit 0 once the comparison ran, 2 on bad input.
 */
import { availableParallelism } from 'node:os';
import type { Argv, CommandModule } from 'yargs';
import { compare as compareApi } from '../../api/compare.ts';
import { DEFAULT_COMPARE_PATHS } from '../../api/defaults.ts';
import type { Contender } from '../../compare/contender.ts';
import {
  COMPARISON_FORMATS,
  COMPARISON_REPORTERS,
  type ComparisonFormat,
} from '../../compare/report/comparison-reporters.ts';
import { colorAllowed } from '../../harness/report/ansi.ts';
import { DEFAULT_COMPARE_MAX_MEMORY_MB } from '../../compare/compare-memory.ts';
import { STRATEGY_CATALOG } from '../../harness/strategy/strategy-catalog.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { CLI_OPTION_NAMES } from '../option-names.ts';
import { createProgress } from '../progress.ts';
import { runCommand } from '../run-command.ts';
import { DEFAULT_TIMEOUT_MS, parseStrategyOptions } from '../run-options.ts';
import { UsageError } from '../usage-error.ts';

export const DEFAULT_COMPARE_REPORT_DIR = 'reports/out/compare';

interface CompareArgs {
  readonly paths?: string[] | undefined;
  /** One value, or several when the flag is repeated (not a yargs array: those swallow the paths after them). */
  readonly strategy?: string | string[] | undefined;
  readonly 'strategy-options'?: string | string[] | undefined;
  readonly 'fuzz-runs': number;
  readonly seed: number;
  readonly jobs: number;
  readonly timeout: number;
  readonly 'max-memory': number;
  readonly 'report-dir': string;
  readonly format: ComparisonFormat;
  readonly quiet: boolean;
}

const compare: CommandModule<object, CompareArgs> = {
  ...COMMAND_LINES.compare,
  builder: (yargs) =>
    (yargs as Argv<object>)
      .positional('paths', {
        type: 'string',
        array: true,
        describe: `Scenario files or folders (default: ${DEFAULT_COMPARE_PATHS.join(' ')})`,
      })
      .option('strategy', {
        type: 'string',
        describe:
          'A strategy to enter (repeat it): a built-in name or a module path (default: every built-in, see compaction-sim strategies)',
      })
      .option('strategy-options', {
        type: 'string',
        describe:
          'name=JSON: the options of that strategy (repeat per strategy) wherever a scenario file does not configure it; a file that does (a museum entry) keeps its own',
      })
      .option('fuzz-runs', {
        type: 'number',
        default: 0,
        describe: 'Generated scenarios each strategy also plays (the same corpus for all)',
      })
      .option('seed', { type: 'number', default: 1, describe: 'fast-check seed of the fuzzed corpus' })
      .option('jobs', {
        type: 'number',
        default: availableParallelism(),
        defaultDescription: 'number of CPUs',
        describe: 'Scenarios played in parallel (worker threads); results do not depend on it',
      })
      .option('timeout', {
        type: 'number',
        default: DEFAULT_TIMEOUT_MS,
        describe: 'Per-scenario (and per-run) watchdog in ms',
      })
      .option('max-memory', {
        type: 'number',
        default: DEFAULT_COMPARE_MAX_MEMORY_MB,
        describe: 'Heap limit of each worker in MB',
      })
      .option('report-dir', {
        type: 'string',
        default: DEFAULT_COMPARE_REPORT_DIR,
        describe: 'Where compare.json, compare.md, compare.html and run-meta.json are written',
      })
      .option('format', {
        choices: COMPARISON_FORMATS,
        default: 'table' as ComparisonFormat,
        describe: 'What to print on stdout',
      })
      .option('quiet', {
        type: 'boolean',
        default: false,
        describe: 'No progress bar',
      }) as unknown as Argv<CompareArgs>,
  handler: (args) =>
    runCommand(async () => {
      const contenders = parseContenders(listOf(args.strategy), listOf(args['strategy-options']));
      const progress = createProgress(args.quiet);
      try {
        await compareApi(
          {
            paths: args.paths !== undefined && args.paths.length > 0 ? args.paths : DEFAULT_COMPARE_PATHS,
            contenders,
            fuzzRuns: args['fuzz-runs'],
            seed: args.seed,
            jobs: args.jobs,
            timeoutMs: args.timeout,
            maxMemoryMb: args['max-memory'],
            reportDir: args['report-dir'],
            invocation: { command: 'compare', argv: process.argv.slice(2) },
            onStart: (total) => progress.start(total),
            onProgress: (_done, _total, played) => progress.tick(played),
            onReport: (report) => {
              progress.stop();
              process.stdout.write(
                COMPARISON_REPORTERS[args.format].render(report, { color: colorAllowed(process.stdout) }),
              );
            },
          },
          CLI_OPTION_NAMES,
        );
      } finally {
        progress.stop();
      }
      return EXIT_OK;
    }),
};

/** The strategies entered (default: every built-in) with the options `--strategy-options name=JSON` gives them. */
export function parseContenders(
  strategies: readonly string[] | undefined,
  optionArgs: readonly string[] | undefined,
): Contender[] {
  const names =
    strategies !== undefined && strategies.length > 0 ? strategies : STRATEGY_CATALOG.map((strategy) => strategy.name);
  const options = new Map<string, Record<string, unknown>>();
  for (const arg of optionArgs ?? []) {
    const at = arg.indexOf('=');
    if (at <= 0)
      throw new UsageError(`--strategy-options must be name=JSON (e.g. cline-sdk='{"enabled": true}'), got ${arg}`);
    const name = arg.slice(0, at);
    if (!names.includes(name))
      throw new UsageError(`--strategy-options names ${name}, which is not entered (strategies: ${names.join(', ')})`);
    if (options.has(name)) throw new UsageError(`--strategy-options gives ${name} options twice`);
    options.set(name, parseStrategyOptions(arg.slice(at + 1)) ?? {});
  }
  return names.map((name) => ({ name, options: options.get(name) }));
}

function listOf(value: string | string[] | undefined): string[] | undefined {
  return value === undefined ? undefined : [value].flat();
}

export default compare;

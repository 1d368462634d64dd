/**
 * `compaction-sim verify-adk [paths..]`: plays every scenario twice, in the world and in the real
 * @google/adk 2.0.0 runtime (`Runner` + `InMemorySessionService`, the engine as a plugin), and
 * compares them step by step. Prints one row per scenario (steps compared, verdict, first
 * difference) and the closing line `N passed, N failed`. Exit 0 when every compared scenario is
 * identical, 1 on any difference, 2 on bad input.
 *
 * `--compactor adk-token-based` also plays each scenario with adk-js's own
 * TokenBasedContextCompactor and adds both compactors' measurements to the table.
 * `--real-summarizer <gemini model>` summarizes with a real Gemini model (GEMINI_API_KEY): the
 * adk-js runs are then measured, not compared.
 *
 * `--fuzz-runs N --seed S` also draws N scenarios from the fuzzer's generator and verifies them the
 * same way; a run whose plays differ is shrunk and written to `--out` as a scenario file
 * (verify-fuzz.ts). Without paths, only the generated scenarios are verified.
 *
 * `@google/adk` is an optional peer dependency: it is loaded only when this command runs.
 */
import type { Argv, CommandModule } from 'yargs';
import { renderVerifyAdk } from '../../api/render-verify-adk.ts';
import {
  DEFAULT_VERIFY_FUZZ_OUT,
  DEFAULT_VERIFY_PATHS,
  DEFAULT_VERIFY_SHRINK_CANDIDATES,
  verifyAdk as verifyAdkApi,
  type VerifyAdkOptions,
} from '../../api/verify-adk.ts';
import { colorAllowed } from '../../harness/report/ansi.ts';
import { summaryLine } from '../../harness/report/format.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { CLI_OPTION_NAMES } from '../option-names.ts';
import { runCommand } from '../run-command.ts';
import { parseStrategyOptions } from '../run-options.ts';

const COMPACTORS = ['context-guard', 'adk-token-based'] as const;
const FORMATS = ['table', 'json'] as const;

interface VerifyAdkArgs {
  readonly paths?: string[] | undefined;
  readonly filter?: string | undefined;
  readonly format: (typeof FORMATS)[number];
  readonly compactor: (typeof COMPACTORS)[number];
  readonly 'adk-token-threshold'?: number | undefined;
  readonly 'adk-event-retention'?: number | undefined;
  readonly strategy?: string | undefined;
  readonly 'strategy-options'?: string | undefined;
  readonly 'real-summarizer'?: string | undefined;
  readonly 'summarizer-timeout': number;
  readonly quiet: boolean;
  readonly 'fuzz-runs'?: number | undefined;
  readonly seed?: number | undefined;
  readonly out?: string | undefined;
  readonly 'shrink-candidates'?: number | undefined;
}

const DEFAULT_FUZZ_OUT = DEFAULT_VERIFY_FUZZ_OUT;
const DEFAULT_SHRINK_CANDIDATES = DEFAULT_VERIFY_SHRINK_CANDIDATES;

const verifyAdk: CommandModule<object, VerifyAdkArgs> = {
  ...COMMAND_LINES['verify-adk'],
  builder: (yargs) =>
    (yargs as Argv<object>)
      .positional('paths', {
        type: 'string',
        array: true,
        describe: `Scenario files or folders (default: ${DEFAULT_VERIFY_PATHS.join(' ')})`,
      })
      .option('filter', { type: 'string', describe: 'Only scenarios whose id or name matches this pattern' })
      .option('format', { choices: FORMATS, default: 'table' as const, describe: 'What to print on stdout' })
      .option('compactor', {
        choices: COMPACTORS,
        default: 'context-guard' as const,
        describe:
          "adk-token-based: also run adk-js's own TokenBasedContextCompactor and show both compactors' measurements",
      })
      .option('adk-token-threshold', {
        type: 'number',
        describe:
          "TokenBasedContextCompactor tokenThreshold (default: ContextGuard's threshold, window minus buffer, per phase)",
      })
      .option('adk-event-retention', {
        type: 'number',
        describe: 'TokenBasedContextCompactor eventRetentionSize (default 4)',
      })
      .option('strategy', {
        type: 'string',
        describe: 'Strategy for every scenario: a built-in name or a module path (overrides the files)',
      })
      .option('strategy-options', {
        type: 'string',
        describe: 'Strategy options as a JSON object (overrides the files)',
      })
      .option('real-summarizer', {
        type: 'string',
        describe: 'Summarize with this real Gemini model (needs GEMINI_API_KEY); runs are measured, not compared',
      })
      .option('summarizer-timeout', { type: 'number', default: 60_000, describe: 'Real summarizer timeout in ms' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress on stderr' })
      .option('fuzz-runs', {
        type: 'number',
        describe: "Also verify this many scenarios drawn by the fuzzer's generator (under adk-js)",
      })
      .option('seed', { type: 'number', describe: 'fast-check seed of --fuzz-runs (default 1)' })
      .option('out', {
        type: 'string',
        describe: `Where a shrunk difference of --fuzz-runs is written as a scenario file (default ${DEFAULT_FUZZ_OUT})`,
      })
      .option('shrink-candidates', {
        type: 'number',
        describe: `Candidates verified at most while shrinking one difference, each two full plays (default ${DEFAULT_SHRINK_CANDIDATES})`,
      }) as unknown as Argv<VerifyAdkArgs>,
  handler: (args) =>
    runCommand(async () => {
      const progress = !args.quiet && process.stderr.isTTY === true;
      const color = colorAllowed(process.stdout);
      const generated = args['fuzz-runs'] !== undefined;
      const result = await verifyAdkApi(
        {
          ...verifyAdkOptions(args),
          ...(progress
            ? {
                onScenario: (v, i, total) => process.stderr.write(`[${i + 1}/${total}] ${v.name}: ${v.verdict}\n`),
                onFuzzRun: (v, done, total) =>
                  process.stderr.write(`[fuzz ${done}/${total}] ${v.name}: ${v.verdict}\n`),
              }
            : {}),
          // The files' table is printed before the generated runs play.
          onSuiteReport: async (report) => {
            process.stdout.write(
              await renderVerifyAdk({ kind: 'suite', report, format: args.format, closing: !generated }, color),
            );
          },
        },
        CLI_OPTION_NAMES,
      );
      if (result.fuzz === null) return result.kind === 'passed' ? EXIT_OK : EXIT_FAILED;
      const fuzz = result.fuzz;
      if (args.format === 'table')
        process.stdout.write(
          await renderVerifyAdk({ kind: 'fuzz', runs: fuzz.runs, report: fuzz.report, files: fuzz.files }, color),
        );
      else
        process.stdout.write(
          `${JSON.stringify({ ...(result.suite === null ? {} : { files: result.suite }), fuzz: fuzz.report }, null, 2)}\n`,
        );
      const failed = (result.suite?.summary.failed ?? 0) + fuzz.report.summary.different;
      if (args.format === 'table')
        process.stdout.write(
          `${summaryLine((result.suite?.summary.passed ?? 0) + fuzz.report.summary.identical, failed)}\n`,
        );
      return result.kind === 'passed' ? EXIT_OK : EXIT_FAILED;
    }),
};

/** The flags as the API's options (verifyAdk checks them, named by these flags). */
function verifyAdkOptions(args: VerifyAdkArgs): VerifyAdkOptions {
  const strategyOptions = parseStrategyOptions(args['strategy-options']);
  return {
    ...(args.paths === undefined ? {} : { paths: args.paths }),
    ...(args.filter === undefined ? {} : { filter: args.filter }),
    compactor: args.compactor,
    ...(args['adk-token-threshold'] === undefined ? {} : { adkTokenThreshold: args['adk-token-threshold'] }),
    ...(args['adk-event-retention'] === undefined ? {} : { adkEventRetention: args['adk-event-retention'] }),
    ...(args.strategy === undefined ? {} : { strategy: args.strategy }),
    ...(strategyOptions === undefined ? {} : { strategyOptions }),
    ...(args['real-summarizer'] === undefined ? {} : { realSummarizer: args['real-summarizer'] }),
    summarizerTimeoutMs: args['summarizer-timeout'],
    ...(args['fuzz-runs'] === undefined ? {} : { fuzzRuns: args['fuzz-runs'] }),
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    ...(args.out === undefined ? {} : { outDir: args.out }),
    ...(args['shrink-candidates'] === undefined ? {} : { shrinkCandidates: args['shrink-candidates'] }),
  };
}

export default verifyAdk;

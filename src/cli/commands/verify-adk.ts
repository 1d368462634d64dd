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
 * `@google/adk` is an optional peer dependency: it is loaded only when this command runs.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { colorAllowed } from '../../harness/report/ansi.ts';
import type { ResolvedStrategy } from '../../harness/scenario/index.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { runCommand } from '../run-command.ts';
import { parseStrategyOptions } from '../run-options.ts';
import { UsageError } from '../usage-error.ts';

export const DEFAULT_VERIFY_PATHS = ['scenarios/stress', 'scenarios/brutal'];
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
}

const verifyAdk: CommandModule<object, VerifyAdkArgs> = {
  ...COMMAND_LINES['verify-adk'],
  builder: (yargs) =>
    (yargs as Argv<object>)
      .positional('paths', { type: 'string', array: true, describe: `Scenario files or folders (default: ${DEFAULT_VERIFY_PATHS.join(' ')})` })
      .option('filter', { type: 'string', describe: 'Only scenarios whose id or name matches this pattern' })
      .option('format', { choices: FORMATS, default: 'table' as const, describe: 'What to print on stdout' })
      .option('compactor', {
        choices: COMPACTORS,
        default: 'context-guard' as const,
        describe: 'adk-token-based: also run adk-js\'s own TokenBasedContextCompactor and show both compactors\' measurements',
      })
      .option('adk-token-threshold', { type: 'number', describe: 'TokenBasedContextCompactor tokenThreshold (default: ContextGuard\'s threshold, window minus buffer, per phase)' })
      .option('adk-event-retention', { type: 'number', describe: 'TokenBasedContextCompactor eventRetentionSize (default 4)' })
      .option('strategy', { type: 'string', describe: 'Strategy for every scenario: a built-in name or a module path (overrides the files)' })
      .option('strategy-options', { type: 'string', describe: 'Strategy options as a JSON object (overrides the files)' })
      .option('real-summarizer', { type: 'string', describe: 'Summarize with this real Gemini model (needs GEMINI_API_KEY); runs are measured, not compared' })
      .option('summarizer-timeout', { type: 'number', default: 60_000, describe: 'Real summarizer timeout in ms' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress on stderr' }) as unknown as Argv<VerifyAdkArgs>,
  handler: (args) =>
    runCommand(async () => {
      const options = await parseVerifyArgs(args);
      const { verifySuite } = await import('../../adk/differential/verify-suite.ts');
      const { renderVerifyReport } = await import('../../adk/differential/verify-report.ts');
      const progress = !args.quiet && process.stderr.isTTY === true;
      const report = await verifySuite({
        ...options,
        onScenario: progress ? (v, i, total) => process.stderr.write(`[${i + 1}/${total}] ${v.name}: ${v.verdict}\n`) : undefined,
      });
      process.stdout.write(renderVerifyReport(report, args.format, colorAllowed(process.stdout)));
      return report.summary.failed === 0 ? EXIT_OK : EXIT_FAILED;
    }),
};

type ParsedVerifyArgs = Omit<Parameters<typeof import('../../adk/differential/verify-suite.ts').verifySuite>[0], 'onScenario'>;

async function parseVerifyArgs(args: VerifyAdkArgs): Promise<ParsedVerifyArgs> {
  const tokenBasedOnly = ['adk-token-threshold', 'adk-event-retention'] as const;
  if (args.compactor !== 'adk-token-based') {
    for (const flag of tokenBasedOnly) if (args[flag] !== undefined) throw new UsageError(`--${flag} needs --compactor adk-token-based`);
  }
  const threshold = args['adk-token-threshold'] === undefined ? null : positiveInteger('--adk-token-threshold', args['adk-token-threshold']);
  const retention = args['adk-event-retention'] === undefined ? undefined : positiveInteger('--adk-event-retention', args['adk-event-retention']);
  const { DEFAULT_EVENT_RETENTION_SIZE } = await import('../../adk/differential/adk-compactor.ts');
  return {
    paths: args.paths && args.paths.length > 0 ? args.paths : DEFAULT_VERIFY_PATHS,
    filter: args.filter,
    ...(args.compactor === 'adk-token-based'
      ? { tokenBased: { kind: 'adk-token-based' as const, tokenThreshold: threshold, eventRetentionSize: retention ?? DEFAULT_EVENT_RETENTION_SIZE } }
      : {}),
    ...strategyOverride(args),
    // A strategy never runs in this thread: every scenario is verified in a sandboxed worker.
    isolation: {
      jobs: availableParallelism(),
      timeoutMs: VERIFY_TIMEOUT_MS,
      ...(args['real-summarizer'] === undefined ? {} : { realSummarizer: await realSummarizer(args['real-summarizer'], args['summarizer-timeout']) }),
    },
  };
}

/** Watchdog of one scenario's two runs (the world's and real adk-js's). */
const VERIFY_TIMEOUT_MS = 300_000;

function strategyOverride(args: VerifyAdkArgs): { strategyOverride?: (file: ResolvedStrategy) => ResolvedStrategy } {
  const options = parseStrategyOptions(args['strategy-options']);
  const name = args.strategy;
  if (name === undefined && options === undefined) return {};
  return {
    strategyOverride: (file) =>
      name === undefined
        ? { ...file, options: options ?? file.options }
        : { name, options: options ?? {}, baseDir: resolve('.') },
  };
}

/** Checks the key and options here (bad input is exit 2 before anything runs); each worker builds its own. */
async function realSummarizer(model: string, timeoutMs: number) {
  const { geminiSummarizer, GeminiSummarizerConfigError } = await import('../../summarizers/gemini-summarizer.ts');
  try {
    geminiSummarizer({ model, timeoutMs });
    return { model, timeoutMs };
  } catch (error) {
    if (error instanceof GeminiSummarizerConfigError) throw new UsageError(error.message);
    throw error;
  }
}

function positiveInteger(flag: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`${flag} must be an integer >= 1, got ${String(value)}`);
  return value;
}

export default verifyAdk;

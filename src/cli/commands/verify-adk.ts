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
import { summaryLine } from '../../harness/report/format.ts';
import { writeScenarioFile } from '../../harness/scenario/write-scenario-file.ts';
import { GeminiSummarizerConfigError } from '../../summarizers/gemini-summarizer-config-error.ts';
import { loadGeminiSummarizer } from '../../summarizers/load-gemini-summarizer.ts';

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
  readonly 'fuzz-runs'?: number | undefined;
  readonly seed?: number | undefined;
  readonly out?: string | undefined;
  readonly 'shrink-candidates'?: number | undefined;
}

const DEFAULT_FUZZ_OUT = 'reports/out/verify-adk';
const DEFAULT_SHRINK_CANDIDATES = 60;

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
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress on stderr' })
      .option('fuzz-runs', { type: 'number', describe: 'Also verify this many scenarios drawn by the fuzzer\'s generator (under adk-js)' })
      .option('seed', { type: 'number', describe: 'fast-check seed of --fuzz-runs (default 1)' })
      .option('out', { type: 'string', describe: `Where a shrunk difference of --fuzz-runs is written as a scenario file (default ${DEFAULT_FUZZ_OUT})` })
      .option('shrink-candidates', { type: 'number', describe: `Candidates verified at most while shrinking one difference, each two full plays (default ${DEFAULT_SHRINK_CANDIDATES})` }) as unknown as Argv<VerifyAdkArgs>,
  handler: (args) =>
    runCommand(async () => {
      const options = await parseVerifyArgs(args);
      const { verifySuite } = await import('../../adk/differential/verify-suite.ts');
      const { renderVerifyReport } = await import('../../adk/differential/verify-report.ts');
      const progress = !args.quiet && process.stderr.isTTY === true;
      const fuzz = parseFuzzArgs(args);
      const files = fuzz !== null && (args.paths === undefined || args.paths.length === 0) ? null : await verifySuite({
        ...options,
        onScenario: progress ? (v, i, total) => process.stderr.write(`[${i + 1}/${total}] ${v.name}: ${v.verdict}\n`) : undefined,
      });
      const color = colorAllowed(process.stdout);
      if (files !== null) process.stdout.write(renderVerifyReport(files, args.format, color, fuzz === null));
      if (fuzz === null) return files!.summary.failed === 0 ? EXIT_OK : EXIT_FAILED;
      const fuzzed = await verifyGenerated(fuzz, options, args, progress);
      if (args.format === 'table') process.stdout.write(fuzzed.text);
      else process.stdout.write(`${JSON.stringify({ ...(files === null ? {} : { files }), fuzz: fuzzed.report }, null, 2)}\n`);
      const failed = (files?.summary.failed ?? 0) + fuzzed.report.summary.different;
      if (args.format === 'table') process.stdout.write(`${summaryLine((files?.summary.passed ?? 0) + fuzzed.report.summary.identical, failed)}\n`);
      return failed === 0 ? EXIT_OK : EXIT_FAILED;
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

interface FuzzArgs {
  readonly runs: number;
  readonly seed: number;
  readonly out: string;
  readonly shrinkCandidates: number;
}

function parseFuzzArgs(args: VerifyAdkArgs): FuzzArgs | null {
  const flags = ['seed', 'out', 'shrink-candidates'] as const;
  if (args['fuzz-runs'] === undefined) {
    const given = flags.find((flag) => args[flag] !== undefined);
    if (given !== undefined) throw new UsageError(`--${given} goes with --fuzz-runs`);
    return null;
  }
  if (args['real-summarizer'] !== undefined) throw new UsageError('--fuzz-runs compares runs; --real-summarizer only measures them: use one or the other');
  const seed = args.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got ${String(seed)}`);
  return {
    runs: positiveInteger('--fuzz-runs', args['fuzz-runs']),
    seed,
    out: args.out ?? DEFAULT_FUZZ_OUT,
    shrinkCandidates: positiveInteger('--shrink-candidates', args['shrink-candidates'] ?? DEFAULT_SHRINK_CANDIDATES),
  };
}

/** The generated scenarios verified, each difference shrunk and written as a scenario file. */
async function verifyGenerated(fuzz: FuzzArgs, options: ParsedVerifyArgs, args: VerifyAdkArgs, progress: boolean) {
  const { verifyFuzz, differenceScenarioFile } = await import('../../adk/differential/verify-fuzz.ts');
  const { renderFuzzVerification } = await import('../../adk/differential/verify-report.ts');
  const strategy = options.strategyOverride
    ? options.strategyOverride({ name: 'threshold', options: {}, baseDir: resolve('.') })
    : { name: 'threshold', options: {}, baseDir: resolve('.') };
  const report = await verifyFuzz({
    runs: fuzz.runs,
    seed: fuzz.seed,
    strategy,
    isolation: { jobs: options.isolation!.jobs, timeoutMs: VERIFY_TIMEOUT_MS },
    maxShrinkCandidates: fuzz.shrinkCandidates,
    onRun: progress ? (v, done, total) => process.stderr.write(`[fuzz ${done}/${total}] ${v.name}: ${v.verdict}\n`) : undefined,
  });
  const files = new Map<number, string>();
  for (const run of report.runs.filter((r) => r.shrunk !== null)) {
    const counterexample = differenceScenarioFile(report, run, fuzz.out, strategy);
    await writeScenarioFile(counterexample.file, counterexample.spec);
    files.set(run.run, counterexample.file);
  }
  return { report, text: renderFuzzVerification(report, files, args['fuzz-runs']!, colorAllowed(process.stdout)) };
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
  try {
    const { geminiSummarizer } = await loadGeminiSummarizer();
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

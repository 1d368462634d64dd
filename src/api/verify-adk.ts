/**
 * `verifyAdk()`: the `compaction-sim verify-adk` command as a function. Plays every scenario twice,
 * in the world and in the real @google/adk 2.0.0 runtime (`Runner` + `InMemorySessionService`,
 * the engine as a plugin), and compares them step by step, each scenario in a sandboxed worker.
 * `compactor: 'adk-token-based'` also plays each scenario with adk-js's own
 * TokenBasedContextCompactor; `realSummarizer` summarizes with a real Gemini model (the adk-js
 * runs are then measured, not compared). `fuzzRuns` also draws that many scenarios from the
 * fuzzer's generator and verifies them the same way; a run whose plays differ is shrunk and
 * written to `outDir` as a scenario file. Without paths and with `fuzzRuns`, only the generated
 * scenarios are verified.
 *
 * Every option is checked before anything runs (`OptionError`, named in the caller's words).
 * `@google/adk` is an optional peer dependency: it is loaded only when this function runs.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { VerifyFuzzReport } from '../adk/differential/verify-fuzz.ts';
import type { VerifySuiteOptions, VerifySuiteReport } from '../adk/differential/verify-suite.ts';
import type { ScenarioVerification } from '../adk/differential/verify-scenario.ts';
import type { ResolvedStrategy } from '../harness/scenario/index.ts';
import { writeScenarioFile } from '../harness/scenario/write-scenario-file.ts';
import { GeminiSummarizerConfigError } from '../summarizers/gemini-summarizer-config-error.ts';
import { loadGeminiSummarizer } from '../summarizers/load-gemini-summarizer.ts';
import { integerOption } from './check-options.ts';
import { API_OPTION_NAMES, OptionError, type OptionNames } from './option-error.ts';

/** What verify-adk plays when given no paths (and no fuzzRuns). */
export const DEFAULT_VERIFY_PATHS: readonly string[] = ['scenarios/stress', 'scenarios/brutal'];
/** Where a shrunk difference of `fuzzRuns` is written unless `outDir` says otherwise. */
export const DEFAULT_VERIFY_FUZZ_OUT = 'reports/out/verify-adk';
export const DEFAULT_VERIFY_SHRINK_CANDIDATES = 60;
/** Watchdog of one scenario's two runs (the world's and real adk-js's). */
const VERIFY_TIMEOUT_MS = 300_000;
const DEFAULT_SUMMARIZER_TIMEOUT_MS = 60_000;

export interface VerifyAdkOptions {
  /** Scenario files or folders (default: the stress and brutal suites; none when only `fuzzRuns`). */
  readonly paths?: readonly string[];
  /** Only scenarios whose id or name matches this pattern. */
  readonly filter?: string;
  /** `adk-token-based`: also run adk-js's own TokenBasedContextCompactor (default `context-guard` only). */
  readonly compactor?: 'context-guard' | 'adk-token-based';
  /** TokenBasedContextCompactor tokenThreshold (default: ContextGuard's threshold per phase); needs `adk-token-based`. */
  readonly adkTokenThreshold?: number;
  /** TokenBasedContextCompactor eventRetentionSize (default 4); needs `adk-token-based`. */
  readonly adkEventRetention?: number;
  /** Strategy for every scenario: a built-in name or a module path (overrides the files). */
  readonly strategy?: string;
  /** Strategy options (override the files). */
  readonly strategyOptions?: Readonly<Record<string, unknown>>;
  /** Summarize with this real Gemini model (needs GEMINI_API_KEY): runs are measured, not compared. */
  readonly realSummarizer?: string;
  /** Real summarizer timeout in ms (default 60,000). */
  readonly summarizerTimeoutMs?: number;
  /** Also verify this many scenarios drawn by the fuzzer's generator. */
  readonly fuzzRuns?: number;
  /** fast-check seed of `fuzzRuns` (default 1). */
  readonly seed?: number;
  /** Where a shrunk difference of `fuzzRuns` is written (default reports/out/verify-adk). */
  readonly outDir?: string;
  /** Candidates verified at most while shrinking one difference, each two full plays (default 60). */
  readonly shrinkCandidates?: number;
  /** After each scenario file verified. */
  readonly onScenario?: (verification: ScenarioVerification, index: number, total: number) => void;
  /** After each generated run verified. */
  readonly onFuzzRun?: (verification: ScenarioVerification, done: number, total: number) => void;
  /** The files' report, as soon as it is complete (before the generated runs play). */
  readonly onSuiteReport?: (report: VerifySuiteReport) => void | Promise<void>;
}

export interface VerifyAdkResult {
  /** `passed` when every compared scenario (and generated run) played identically in both. */
  readonly kind: 'passed' | 'failed';
  /** The scenario files verified (null when only generated runs were asked for). */
  readonly suite: VerifySuiteReport | null;
  /** The generated runs verified, and the scenario file written per differing run (null without `fuzzRuns`). */
  readonly fuzz: {
    readonly runs: number;
    readonly report: VerifyFuzzReport;
    readonly files: ReadonlyMap<number, string>;
  } | null;
}

/** `names`: how options are named in messages (the command line passes its flags). */
export async function verifyAdk(
  options: VerifyAdkOptions = {},
  names: OptionNames = API_OPTION_NAMES,
): Promise<VerifyAdkResult> {
  const suiteOptions = await checkSuiteOptions(options, names);
  const fuzz = checkFuzzOptions(options, names);
  const { verifySuite } = await import('../adk/differential/verify-suite.ts');
  const onlyGenerated = fuzz !== null && (options.paths === undefined || options.paths.length === 0);
  const suite = onlyGenerated
    ? null
    : await verifySuite({
        ...suiteOptions,
        ...(options.onScenario === undefined ? {} : { onScenario: options.onScenario }),
      });
  if (suite !== null) await options.onSuiteReport?.(suite);
  if (fuzz === null) return { kind: suite!.summary.failed === 0 ? 'passed' : 'failed', suite, fuzz: null };
  const generated = await verifyGenerated(fuzz, suiteOptions, options);
  const failed = (suite?.summary.failed ?? 0) + generated.report.summary.different;
  return { kind: failed === 0 ? 'passed' : 'failed', suite, fuzz: generated };
}

type SuiteOptions = Omit<VerifySuiteOptions, 'onScenario'>;

async function checkSuiteOptions(options: VerifyAdkOptions, n: OptionNames): Promise<SuiteOptions> {
  const tokenBasedOnly = ['adkTokenThreshold', 'adkEventRetention'] as const;
  if (options.compactor !== 'adk-token-based') {
    for (const option of tokenBasedOnly)
      if (options[option] !== undefined) throw new OptionError(`${n(option)} needs ${n('compactor')} adk-token-based`);
  }
  const threshold =
    options.adkTokenThreshold === undefined
      ? null
      : integerOption(n('adkTokenThreshold'), options.adkTokenThreshold, 1);
  const retention =
    options.adkEventRetention === undefined
      ? undefined
      : integerOption(n('adkEventRetention'), options.adkEventRetention, 1);
  const { DEFAULT_EVENT_RETENTION_SIZE } = await import('../adk/differential/adk-compactor.ts');
  return {
    paths: options.paths && options.paths.length > 0 ? options.paths : DEFAULT_VERIFY_PATHS,
    filter: options.filter,
    ...(options.compactor === 'adk-token-based'
      ? {
          tokenBased: {
            kind: 'adk-token-based' as const,
            tokenThreshold: threshold,
            eventRetentionSize: retention ?? DEFAULT_EVENT_RETENTION_SIZE,
          },
        }
      : {}),
    ...strategyOverride(options),
    // A strategy never runs in this thread: every scenario is verified in a sandboxed worker.
    isolation: {
      jobs: availableParallelism(),
      timeoutMs: VERIFY_TIMEOUT_MS,
      ...(options.realSummarizer === undefined
        ? {}
        : {
            realSummarizer: await realSummarizer(
              options.realSummarizer,
              options.summarizerTimeoutMs ?? DEFAULT_SUMMARIZER_TIMEOUT_MS,
            ),
          }),
    },
  };
}

interface FuzzSettings {
  readonly runs: number;
  readonly seed: number;
  readonly out: string;
  readonly shrinkCandidates: number;
}

function checkFuzzOptions(options: VerifyAdkOptions, n: OptionNames): FuzzSettings | null {
  const withFuzz = ['seed', 'outDir', 'shrinkCandidates'] as const;
  if (options.fuzzRuns === undefined) {
    const given = withFuzz.find((option) => options[option] !== undefined);
    if (given !== undefined) throw new OptionError(`${n(given)} goes with ${n('fuzzRuns')}`);
    return null;
  }
  if (options.realSummarizer !== undefined)
    throw new OptionError(
      `${n('fuzzRuns')} compares runs; ${n('realSummarizer')} only measures them: use one or the other`,
    );
  const seed = integerOption(n('seed'), options.seed ?? 1, Number.MIN_SAFE_INTEGER);
  return {
    runs: integerOption(n('fuzzRuns'), options.fuzzRuns, 1),
    seed,
    out: options.outDir ?? DEFAULT_VERIFY_FUZZ_OUT,
    shrinkCandidates: integerOption(
      n('shrinkCandidates'),
      options.shrinkCandidates ?? DEFAULT_VERIFY_SHRINK_CANDIDATES,
      1,
    ),
  };
}

/** The generated scenarios verified, each difference shrunk and written as a scenario file. */
async function verifyGenerated(
  fuzz: FuzzSettings,
  suite: SuiteOptions,
  options: VerifyAdkOptions,
): Promise<NonNullable<VerifyAdkResult['fuzz']>> {
  const { verifyFuzz, differenceScenarioFile } = await import('../adk/differential/verify-fuzz.ts');
  const strategy = suite.strategyOverride
    ? suite.strategyOverride({ name: 'threshold', options: {}, baseDir: resolve('.') })
    : { name: 'threshold', options: {}, baseDir: resolve('.') };
  const report = await verifyFuzz({
    runs: fuzz.runs,
    seed: fuzz.seed,
    strategy,
    isolation: { jobs: suite.isolation!.jobs, timeoutMs: VERIFY_TIMEOUT_MS },
    maxShrinkCandidates: fuzz.shrinkCandidates,
    onRun: options.onFuzzRun,
  });
  const files = new Map<number, string>();
  for (const run of report.runs.filter((r) => r.shrunk !== null)) {
    const counterexample = differenceScenarioFile(report, run, fuzz.out, strategy);
    await writeScenarioFile(counterexample.file, counterexample.spec);
    files.set(run.run, counterexample.file);
  }
  return { runs: fuzz.runs, report, files };
}

function strategyOverride(options: VerifyAdkOptions): {
  strategyOverride?: (file: ResolvedStrategy) => ResolvedStrategy;
} {
  const strategyOptions = options.strategyOptions;
  const name = options.strategy;
  if (name === undefined && strategyOptions === undefined) return {};
  return {
    strategyOverride: (file) =>
      name === undefined
        ? { ...file, options: strategyOptions ?? file.options }
        : { name, options: strategyOptions ?? {}, baseDir: resolve('.') },
  };
}

/** Checks the key and options here (bad input before anything runs); each worker builds its own. */
async function realSummarizer(model: string, timeoutMs: number) {
  try {
    // @google/genai is an optional peer: its absence is bad input with the fix in the message.
    const { geminiSummarizer } = await loadGeminiSummarizer();
    geminiSummarizer({ model, timeoutMs });
    return { model, timeoutMs };
  } catch (error) {
    if (error instanceof GeminiSummarizerConfigError) throw new OptionError(error.message);
    throw error;
  }
}

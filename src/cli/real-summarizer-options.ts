/**
 * `--real-summarizer <gemini model>` and `--summarizer-timeout <ms>`: offered by `simulate` only.
 * `gate` and `fuzz` declare them hidden just to refuse them with a reason (exit 2): real summaries
 * are not deterministic, so a gate cannot compare them with its baseline, and the fuzzer replays
 * and shrinks every case, which needs a summarizer that answers the same way twice.
 */
import type { Argv } from 'yargs';
import {
  createRealSummarizer,
  DEFAULT_REAL_SUMMARIZER_TIMEOUT_MS,
  type RealSummarizerConfig,
} from '../harness/run/real-summarizer.ts';
import { UsageError } from './usage-error.ts';
import { GeminiSummarizerConfigError } from '../summarizers/gemini-summarizer-config-error.ts';

/**
 * The per-scenario watchdog when --timeout is not given and a real model summarizes: its calls
 * take seconds each (and up to --summarizer-timeout), so the simulated default of 60 s would stop
 * healthy scenarios as strategy-hung.
 */
export const REAL_SUMMARIZER_WATCHDOG_MS = 30 * 60_000;

export interface RealSummarizerArgs {
  readonly 'real-summarizer'?: string | undefined;
  readonly 'summarizer-timeout'?: number | undefined;
}

export function withRealSummarizerOptions<T>(yargs: Argv<T>): Argv<T & RealSummarizerArgs> {
  return yargs
    .option('real-summarizer', {
      type: 'string',
      describe:
        'Summarize with this real Gemini model (needs GEMINI_API_KEY), everything else simulated; reports show its summaries. Not deterministic',
    })
    .option('summarizer-timeout', {
      type: 'number',
      defaultDescription: String(DEFAULT_REAL_SUMMARIZER_TIMEOUT_MS),
      describe:
        'With --real-summarizer: abort a summarizer call after this many ms (it then fails like any summarizer failure)',
    }) as Argv<T & RealSummarizerArgs>;
}

/** Validates the options (and that a key is set) before anything runs; undefined when not asked for. */
export async function parseRealSummarizerArgs(args: RealSummarizerArgs): Promise<RealSummarizerConfig | undefined> {
  const model = args['real-summarizer'];
  const timeout = args['summarizer-timeout'];
  if (model === undefined) {
    if (timeout !== undefined) throw new UsageError('--summarizer-timeout needs --real-summarizer <gemini model>');
    return undefined;
  }
  if (model.trim() === '') throw new UsageError('--real-summarizer needs a Gemini model id, e.g. gemini-2.5-flash');
  const timeoutMs = timeout ?? DEFAULT_REAL_SUMMARIZER_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    throw new UsageError(`--summarizer-timeout must be an integer >= 1 (ms), got ${String(timeout)}`);
  }
  const config = { model, timeoutMs };
  try {
    await createRealSummarizer(config);
  } catch (error) {
    if (error instanceof GeminiSummarizerConfigError) throw new UsageError(`--real-summarizer: ${error.message}`);
    throw error;
  }
  return config;
}

/** Declares the options hidden, so `refuseRealSummarizer` can explain instead of "Unknown argument". */
export function withRefusedRealSummarizer<T>(yargs: Argv<T>): Argv<T & RealSummarizerArgs> {
  return yargs
    .option('real-summarizer', { type: 'string', hidden: true })
    .option('summarizer-timeout', { type: 'number', hidden: true }) as Argv<T & RealSummarizerArgs>;
}

export function refuseRealSummarizer(args: RealSummarizerArgs, command: string, why: string): void {
  if (args['real-summarizer'] === undefined && args['summarizer-timeout'] === undefined) return;
  throw new UsageError(
    `${command} does not take --real-summarizer: ${why}; use simulate --real-summarizer to judge real summaries`,
  );
}

export const GATE_REFUSAL = 'real summaries are not deterministic, so they cannot be compared with the baseline';
export const FUZZ_REFUSAL = 'it replays and shrinks every case, which needs a deterministic summarizer';

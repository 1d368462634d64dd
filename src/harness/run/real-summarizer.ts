/**
 * `simulate --real-summarizer`: the plain config that crosses into the scenario workers, and the
 * summarizer each worker builds from it: a real Gemini model through `@google/genai` (never
 * `@google/adk`). The API key (GEMINI_API_KEY) and an endpoint override (GOOGLE_GEMINI_BASE_URL,
 * read by the SDK) come from the environment the workers inherit, so the key never travels in a
 * message and never lands in a report.
 */
import type { LlmRequest, LlmResponse, SummarizerModel } from '../../engine/types.ts';
import type { ExpectationFailure } from '../scenario/expectations.ts';
import { loadGeminiSummarizer } from '../../summarizers/load-gemini-summarizer.ts';

/** Default bound of one real summarizer call (ms). */
export const DEFAULT_REAL_SUMMARIZER_TIMEOUT_MS = 60_000;

export interface RealSummarizerConfig {
  /** Gemini model id, e.g. `gemini-2.5-flash`. */
  readonly model: string;
  /** Each summarizer call is aborted after this many ms (the strategy then falls back). */
  readonly timeoutMs: number;
}

/** Throws `GeminiSummarizerConfigError` on a missing key, an empty model id or a bad timeout. */
export async function createRealSummarizer(config: RealSummarizerConfig): Promise<SummarizerModel> {
  // Imported only in this mode, so deterministic runs never load the genai client.
  const { geminiSummarizer } = await loadGeminiSummarizer();
  return geminiSummarizer({ model: config.model, timeoutMs: config.timeoutMs });
}

/**
 * The real summarizer, watched: every call it failed (a rejection: transport, auth, an HTTP
 * status, its own timeout; or an answer with an error code). A scenario's scripted summarizer
 * faults never reach the model (the world answers them itself, "not sent"), so what this sees is
 * the real model failing. A run whose real summarizer failed judged the engine's fallback
 * summaries, not the model's: it fails (`realSummarizerFailure`), never "1 passed" while every
 * call said `fetch failed`.
 */
export interface WatchedSummarizer {
  readonly model: SummarizerModel;
  /** Calls made, and why each failed one failed, in call order. */
  readonly calls: () => number;
  readonly failures: () => readonly string[];
}

export function watchSummarizer(model: SummarizerModel): WatchedSummarizer {
  const failures: string[] = [];
  let calls = 0;
  return {
    model: {
      name: model.name,
      async generateContent(request: LlmRequest): Promise<LlmResponse> {
        calls += 1;
        let response: LlmResponse;
        try {
          response = await model.generateContent(request);
        } catch (error) {
          failures.push(describeError(error));
          throw error;
        }
        if (response?.errorCode)
          failures.push(`${response.errorCode}${response.errorMessage ? `: ${response.errorMessage}` : ''}`);
        return response;
      },
    },
    calls: () => calls,
    failures: () => failures,
  };
}

/** The run's failure when its real summarizer failed some call, else null. */
export function realSummarizerFailure(
  watched: WatchedSummarizer,
  config: RealSummarizerConfig,
): ExpectationFailure | null {
  const failures = watched.failures();
  if (failures.length === 0) return null;
  const calls = watched.calls();
  return {
    expectation: 'real-summarizer-failed',
    message:
      `real-summarizer-failed: ${failures.length} of ${calls} call${calls === 1 ? '' : 's'} to ${config.model} failed (first: ${failures[0]}); ` +
      "the strategy summarized with its fallback, so this run says nothing of the model's summaries. Check GEMINI_API_KEY, the network (GOOGLE_GEMINI_BASE_URL) and --summarizer-timeout",
  };
}

/** The error's message, with its cause (`fetch failed` alone hides the refused connection). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

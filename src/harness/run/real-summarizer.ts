/**
 * `simulate --real-summarizer`: the plain config that crosses into the scenario workers, and the
 * summarizer each worker builds from it: a real Gemini model through `@google/genai` (never
 * `@google/adk`). The API key (GEMINI_API_KEY) and an endpoint override (GOOGLE_GEMINI_BASE_URL,
 * read by the SDK) come from the environment the workers inherit, so the key never travels in a
 * message and never lands in a report.
 */
import type { SummarizerModel } from '../../engine/types.ts';

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
  const { geminiSummarizer } = await import('../../summarizers/gemini-summarizer.ts');
  return geminiSummarizer({ model: config.model, timeoutMs: config.timeoutMs });
}

/**
 * A `SummarizerModel` backed by a real Gemini model through `@google/genai` (no `@google/adk`
 * needed): lets a scenario be played with real summaries while everything else stays simulated.
 *
 * One non-streaming `generateContent` call per summarization, as ContextGuard's `summarize` makes
 * (the engine's request — system instruction and `maxOutputTokens` — is sent as is). The call is
 * bounded by `timeoutMs`: past it the request is aborted and the promise rejects, so the strategy
 * falls back instead of hanging the agent (the error is named `TimeoutError`, like a DOM timeout, so
 * the world records the call as a timeout). HTTP errors reject with the provider's status; an
 * answer without text resolves empty (the engine then builds its mechanical fallback summary).
 */
import { GoogleGenAI } from '@google/genai';
import type { GenerateContentConfig, GenerateContentResponse } from '@google/genai';
import type { LlmRequest, LlmResponse, SummarizerModel } from '../engine/types.ts';
import { GeminiSummarizerConfigError } from './gemini-summarizer-config-error.ts';

export const GEMINI_API_KEY_ENV = 'GEMINI_API_KEY';
export const DEFAULT_SUMMARIZER_TIMEOUT_MS = 60_000;

export interface GeminiSummarizerOptions {
  /** Gemini model id, e.g. `gemini-2.5-flash`. */
  readonly model: string;
  /** Default: `process.env.GEMINI_API_KEY`. */
  readonly apiKey?: string;
  /** Abort and reject after this many milliseconds (default 60 s). */
  readonly timeoutMs?: number;
  /** API endpoint (genai `httpOptions.baseUrl`); tests point it at a loopback server. */
  readonly baseUrl?: string;
}

export { GeminiSummarizerConfigError } from './gemini-summarizer-config-error.ts';

export function geminiSummarizer(options: GeminiSummarizerOptions): SummarizerModel {
  const apiKey = options.apiKey ?? process.env[GEMINI_API_KEY_ENV];
  if (!apiKey) {
    throw new GeminiSummarizerConfigError(`a real Gemini summarizer needs an API key: set ${GEMINI_API_KEY_ENV}`);
  }
  if (options.model.trim() === '') throw new GeminiSummarizerConfigError('the Gemini summarizer needs a model id');
  const timeoutMs = options.timeoutMs ?? DEFAULT_SUMMARIZER_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new GeminiSummarizerConfigError(
      `summarizer timeout must be a positive number of milliseconds, got ${String(timeoutMs)}`,
    );
  }
  const client = new GoogleGenAI({
    apiKey,
    ...(options.baseUrl === undefined ? {} : { httpOptions: { baseUrl: options.baseUrl } }),
  });
  return {
    name: options.model,
    async generateContent(request: LlmRequest): Promise<LlmResponse> {
      const abort = new AbortController();
      const call = client.models.generateContent({
        model: options.model,
        contents: request.contents,
        config: { ...(request.config ?? {}), abortSignal: abort.signal } satisfies GenerateContentConfig,
      });
      const response = await withTimeout(call, timeoutMs, () => abort.abort(), options.model);
      return toLlmResponse(response);
    },
  };
}

function withTimeout<T>(call: Promise<T>, timeoutMs: number, onTimeout: () => void, model: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(timeoutError(`summarizer ${model} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  // The aborted call rejects too; nobody awaits it after the deadline won, so silence it.
  call.catch(() => undefined);
  return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
}

function timeoutError(message: string): Error {
  const error = new Error(message);
  error.name = 'TimeoutError';
  return error;
}

/** The first candidate's content and the usage metadata, as an ADK `LlmResponse` (adk-js `createLlmResponse`). */
function toLlmResponse(response: GenerateContentResponse): LlmResponse {
  const candidate = response.candidates?.[0];
  const parts = (candidate?.content?.parts ?? []).filter((part) => part.thought !== true);
  return {
    content: { role: 'model', parts },
    ...(response.usageMetadata === undefined ? {} : { usageMetadata: response.usageMetadata }),
    ...(candidate?.finishReason === undefined ? {} : { finishReason: candidate.finishReason }),
  };
}

/**
 * opencode's classifier of a provider error: whether it is a context overflow (the reactive
 * compact-and-retry path) or an ordinary API error (surfaced; the turn ends on it). opencode does
 * not read a typed error: it matches the provider's message text against a list of patterns, and
 * checks the HTTP status 413 and a `context_length_exceeded` body code (`parseAPICallError`). So a
 * refusal whose words are on the list is compacted for whatever its cause (anomalyco/opencode
 * #49965: Ollama's "exceeds the available context size" when its `num_ctx` is below the configured
 * window), and one whose words are not is never compacted for (#50574: a gateway's 400 at 940k on
 * a "1M" model).
 *
 * Two versions, as the two generations of the zoo run them (stored copies in the index; their
 * commit dates are not carried, so the generation each belongs to is read from the code's form):
 * - `classic`: anomalyco/opencode `packages/opencode/src/provider/error.ts`
 *   @00badcb8633987880f4011daab441df5c3020b73 (the `ProviderError` namespace), lines 9-26
 *   (`OVERFLOW_PATTERNS`, 16 patterns), 37-44 (`isOverflow`: the list, then "400/413 (no body)"),
 *   and `parseAPICallError`'s overflow branch (`isOverflow(message) || statusCode === 413 || body
 *   code`).
 * - `2026-04`: the list compiled into the opencode 1.14.34 release (npm `opencode-linux-x64@1.14.34`,
 *   released 2026-05-04; its bundled `provider/error.ts`, read in the binary's embedded JavaScript):
 *   the 16 classic patterns in the same order, then three more (a "prompt too long; exceeded
 *   context length" answer, a "too large for model with N maximum context length" answer and the
 *   `model_context_window_exceeded` code), with the same "400/413 (no body)" test and the same
 *   `parseAPICallError` overflow branch (the list, the 413 status, the body code).
 * - `current`: anomalyco/opencode `packages/llm/src/provider-error.ts`
 *   @3d19c909a94bae45fd32da2a246871c9c3161e53, lines 4-35 (30 patterns), 37 (exclusions: rate
 *   limits, "throttling error:", "service unavailable:"), 39-41 (`isContextOverflow`), which
 *   `error.ts`'s `parseAPICallError` calls in place of its own list, keeping the 413 and body-code
 *   checks.
 * The error's text is the SDK's `message`; an empty one becomes the body, else the status's name
 * (`message()` in error.ts). The world's provider errors carry no response body, so the body-code
 * check reads a `code` of `context_length_exceeded` on the error itself.
 */
import { STATUS_CODES } from 'node:http';

export type OpencodeClassifier = 'classic' | '2026-04' | 'current';

/** error.ts @00badcb8, lines 9-26 (each pattern's provider as upstream comments it). */
export const OVERFLOW_PATTERNS_CLASSIC: readonly RegExp[] = [
  /prompt is too long/i, // Anthropic
  /input is too long for requested model/i, // Amazon Bedrock
  /exceeds the context window/i, // OpenAI
  /input token count.*exceeds the maximum/i, // Google (Gemini)
  /maximum prompt length is \d+/i, // xAI (Grok)
  /reduce the length of the messages/i, // Groq
  /maximum context length is \d+ tokens/i, // OpenRouter, DeepSeek, vLLM
  /exceeds the limit of \d+/i, // GitHub Copilot
  /exceeds the available context size/i, // llama.cpp server (and Ollama, which runs it)
  /greater than the context length/i, // LM Studio
  /context window exceeds limit/i, // MiniMax
  /exceeded model token limit/i, // Kimi For Coding, Moonshot
  /context[_ ]length[_ ]exceeded/i, // generic fallback
  /request entity too large/i, // HTTP 413
  /context length is only \d+ tokens/i, // vLLM
  /input length.*exceeds.*context length/i, // vLLM
];

/**
 * opencode 1.14.34 (npm, 2026-05-04; the tail generation of April 2026): the classic list followed
 * by three patterns the release added (paraphrased providers: a "prompt too long" answer naming the
 * context length, a "too large for model" answer, the `model_context_window_exceeded` code).
 */
export const OVERFLOW_PATTERNS_2026_04: readonly RegExp[] = [
  ...OVERFLOW_PATTERNS_CLASSIC,
  /prompt too long; exceeded (?:max )?context length/i,
  /too large for model with \d+ maximum context length/i,
  /model_context_window_exceeded/i,
];

/** packages/llm/src/provider-error.ts @3d19c909, lines 4-35. */
export const OVERFLOW_PATTERNS_CURRENT: readonly RegExp[] = [
  /prompt is too long/i,
  /request_too_large/i,
  /input is too long for requested model/i,
  /exceeds the context window/i,
  /exceeds (?:the )?(?:model'?s )?maximum context length(?: of [\d,]+ tokens?|\s*\([\d,]+\))/i,
  /input token count.*exceeds the maximum/i,
  /tokens in request more than max tokens allowed/i,
  /maximum prompt length is \d+/i,
  /reduce the length of the messages/i,
  /maximum context length is \d+ tokens/i,
  /exceeds (?:the )?maximum allowed input length of [\d,]+ tokens?/i,
  /input \(\d+ tokens\) is longer than the model'?s context length \(\d+ tokens\)/i,
  /exceeds the limit of \d+/i,
  /exceeds the available context size/i,
  /greater than the context length/i,
  /context window exceeds limit/i,
  /exceeded model token limit/i,
  /context[_ ]length[_ ]exceeded/i,
  /request entity too large/i,
  /context length is only \d+ tokens/i,
  /input length.*exceeds.*context length/i,
  /prompt too long; exceeded (?:max )?context length/i,
  /too large for model with \d+ maximum context length/i,
  /prompt has [\d,]+ tokens?, but the configured context size is [\d,]+ tokens?/i,
  /model_context_window_exceeded/i,
  /too many tokens/i,
  /token limit exceeded/i,
  /request contains \d+ images/i,
  /exceeding the maximum of \d+ .* allowed/i,
  /too many images/i,
];

/** provider-error.ts @3d19c909, line 37: texts that are never an overflow. */
export const OVERFLOW_EXCLUSIONS_CURRENT: readonly RegExp[] = [
  /^(throttling error|service unavailable):/i,
  /rate limit/i,
  /too many requests/i,
];

/** Cerebras and Mistral answer an overflow with an empty 400 or 413 (both versions). */
const NO_BODY = /^4(00|13)\s*(status code)?\s*\(no body\)/i;

/** `isOverflow` (classic) / `isContextOverflow` (current): the message test alone. */
export function isOpencodeOverflowMessage(message: string, classifier: OpencodeClassifier): boolean {
  if (classifier !== 'current') {
    const patterns = classifier === 'classic' ? OVERFLOW_PATTERNS_CLASSIC : OVERFLOW_PATTERNS_2026_04;
    return patterns.some((p) => p.test(message)) || NO_BODY.test(message);
  }
  return (
    !OVERFLOW_EXCLUSIONS_CURRENT.some((p) => p.test(message)) &&
    (OVERFLOW_PATTERNS_CURRENT.some((p) => p.test(message)) || NO_BODY.test(message))
  );
}

/**
 * `parseAPICallError(...).type === "context_overflow"` for an error a model call threw: its message
 * (or the status's name when empty) matches, or its status is 413, or it carries the
 * `context_length_exceeded` code.
 */
export function isOpencodeContextOverflow(error: unknown, classifier: OpencodeClassifier): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { message, status, statusCode, code } = error as {
    message?: unknown;
    status?: unknown;
    statusCode?: unknown;
    code?: unknown;
  };
  const httpStatus = typeof statusCode === 'number' ? statusCode : typeof status === 'number' ? status : undefined;
  const text =
    typeof message === 'string' && message !== ''
      ? message
      : httpStatus !== undefined
        ? (STATUS_CODES[httpStatus] ?? 'Unknown error')
        : 'Unknown error';
  return isOpencodeOverflowMessage(text, classifier) || httpStatus === 413 || code === 'context_length_exceeded';
}

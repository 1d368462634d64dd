/**
 * X3: the typed error of a provider that refuses a request larger than its context window
 * ("prompt is too long", `context_length_exceeded`, Codex `ContextWindowExceeded`). The refused
 * request produced no response, so no usage was reported for it.
 */

export const CONTEXT_WINDOW_EXCEEDED = 'CONTEXT_WINDOW_EXCEEDED';

export class ContextWindowExceededError extends Error {
  readonly code = CONTEXT_WINDOW_EXCEEDED;
  constructor(
    /** What the provider counted for the refused request. */
    readonly promptTokens: number,
    readonly contextWindow: number,
    message = `prompt is too long: ${promptTokens} tokens > ${contextWindow} maximum`,
  ) {
    super(message);
    this.name = 'ContextWindowExceededError';
  }
}

/**
 * Whether `error` is a context-window refusal: this class, or any error carrying its `code` (a
 * host's own error type, or one that crossed a module boundary).
 */
export function isContextWindowExceeded(error: unknown): boolean {
  if (error instanceof ContextWindowExceededError) return true;
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === CONTEXT_WINDOW_EXCEEDED;
}

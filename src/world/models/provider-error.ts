/**
 * A provider's own refusal, as its SDK throws it: an `Error` with the HTTP status and the text the
 * provider wrote (the AI SDK's `APICallError` carries `statusCode`, the OpenAI and Anthropic SDKs
 * `status`; both are given). Unlike the engine's typed `ContextWindowExceededError` it carries no
 * `code`: each strategy classifies it by its own rules (ContextGuard's typed check, opencode's
 * message patterns, …), which is where "an error misread as context full" happens
 * (docs/known-bugs.md, anomalyco/opencode#49965, #50574).
 */
export class ProviderApiError extends Error {
  readonly status: number;
  readonly statusCode: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ProviderApiError';
    this.status = status;
    this.statusCode = status;
  }
}

/** What a scenario says a refusal looks like: `{prompt}` and `{limit}` in its text are filled in. */
export interface ProviderRefusal {
  readonly status: number;
  readonly message: string;
}

/** The refusal of a request the provider counted at `promptTokens` against its `limit`. */
export function refusalError(refusal: ProviderRefusal, promptTokens: number, limit: number): ProviderApiError {
  const message = refusal.message.replaceAll('{prompt}', String(promptTokens)).replaceAll('{limit}', String(limit));
  return new ProviderApiError(refusal.status, message);
}

/**
 * Bad or missing configuration of the real Gemini summarizer (no API key, a bad timeout, or the
 * optional peer `@google/genai` not installed): the CLI reports it as bad input. Its own module, so
 * it can be thrown where `@google/genai` itself failed to load.
 */
export class GeminiSummarizerConfigError extends Error {
  readonly code = 'ADK_GEMINI_SUMMARIZER_CONFIG';
  constructor(message: string) {
    super(message);
    this.name = 'GeminiSummarizerConfigError';
  }
}

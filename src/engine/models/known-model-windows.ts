/**
 * Context windows (input tokens) of well-known models, as each PROVIDER publishes them for its own
 * API. Upstream's CrushRegistry merges 23 providers with "last provider wins", which gives
 * resold or capped values for some IDs (e.g. `gemini-2.5-pro` → 128,000 from Copilot); we keep the
 * model owner's figure instead. Values are the documented default windows (no beta headers).
 */
export const KNOWN_MODEL_WINDOWS: Readonly<Record<string, number>> = Object.freeze({
  // Google Gemini API, ai.google.dev/gemini-api/docs/models ("Input token limit").
  'gemini-3-pro-preview': 1_048_576,
  'gemini-2.5-pro': 1_048_576,
  'gemini-2.5-flash': 1_048_576,
  'gemini-2.5-flash-lite': 1_048_576,
  'gemini-2.0-flash': 1_048_576,
  'gemini-2.0-flash-lite': 1_048_576,
  'gemini-1.5-pro': 2_097_152,
  'gemini-1.5-flash': 1_048_576,
  'gemini-1.5-flash-8b': 1_048_576,

  // Anthropic, docs.anthropic.com/en/docs/about-claude/models ("Context window": 200K for every
  // current Claude model; the 1M window of some Sonnet models is an opt-in beta, not the default).
  'claude-opus-4-6': 200_000,
  'claude-sonnet-4-6': 200_000,
  'claude-opus-4-5': 200_000,
  'claude-opus-4-5-20251101': 200_000,
  'claude-haiku-4-5': 200_000,
  'claude-haiku-4-5-20251001': 200_000,
  'claude-sonnet-4-5': 200_000,
  'claude-sonnet-4-5-20250929': 200_000,
  'claude-opus-4-1': 200_000,
  'claude-opus-4-1-20250805': 200_000,
  'claude-opus-4-0': 200_000,
  'claude-opus-4-20250514': 200_000,
  'claude-sonnet-4-0': 200_000,
  'claude-sonnet-4-20250514': 200_000,
  'claude-3-7-sonnet-latest': 200_000,
  'claude-3-7-sonnet-20250219': 200_000,
  'claude-3-5-sonnet-20241022': 200_000,
  'claude-3-5-haiku-latest': 200_000,
  'claude-3-5-haiku-20241022': 200_000,
  'claude-3-haiku-20240307': 200_000,

  // OpenAI, platform.openai.com/docs/models ("Context window").
  'gpt-5': 400_000,
  'gpt-5-mini': 400_000,
  'gpt-5-nano': 400_000,
  'gpt-4.1': 1_047_576,
  'gpt-4.1-mini': 1_047_576,
  'gpt-4.1-nano': 1_047_576,
  'gpt-4o': 128_000,
  'gpt-4o-mini': 128_000,
  'gpt-4-turbo': 128_000,
  'o4-mini': 200_000,
  o3: 200_000,
  'o3-mini': 200_000,
  o1: 200_000,
});

/**
 * Model prices, USD per million tokens: the data the recorded cost of an imported session is
 * computed from. Each entry names its source and the date it was read; prices change, so pass
 * your own table to `priceRecordedUsage` to override them. Provider rules: Anthropic bills cache
 * writes at 1.25× the input price for the default 5-minute lifetime (2× for one hour) and cache
 * reads at 0.1×; OpenAI bills cached input at its own listed rate, with no charge for writing.
 */
export interface ModelPrice {
  readonly input: number;
  readonly output: number;
  /** Cached input (a cache read). */
  readonly cacheRead: number;
  /** Writing to the cache (5-minute lifetime); 0 when the provider does not charge for it. */
  readonly cacheWrite: number;
  readonly source: string;
  /** When the source was read (YYYY-MM-DD). */
  readonly checked: string;
}

const ANTHROPIC_RULES = 'cache write 1.25x, cache read 0.1x of input (platform.claude.com, prompt caching pricing)';

function anthropic(input: number, output: number, source: string, checked: string): ModelPrice {
  return { input, output, cacheRead: input * 0.1, cacheWrite: input * 1.25, source: `${source}; ${ANTHROPIC_RULES}`, checked };
}

export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  'claude-sonnet-4-5': anthropic(3, 15, 'platform.claude.com/docs/en/models/sonnet-4-5/overview', '2026-11-26'),
  'claude-haiku-4-5': anthropic(1, 5, 'platform.claude.com model comparison table', '2026-11-26'),
  // Secondary: third-party copies of OpenAI's pricing page (developers.openai.com/api/docs/pricing); verify before billing.
  'gpt-4o': { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 0, source: 'OpenAI pricing page, as copied by third-party price lists (secondary)', checked: '2026-11-26' },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0, source: 'OpenAI pricing page, as copied by third-party price lists (secondary)', checked: '2026-11-26' },
});

/** The price of `model` (a release date suffix is ignored), from `table`. */
export function priceOf(model: string, table: Readonly<Record<string, ModelPrice>> = MODEL_PRICES): ModelPrice | undefined {
  return table[model] ?? table[model.replace(/-(\d{4}-\d{2}-\d{2}|\d{8})$/, '')];
}

/**
 * Model prices, USD per million tokens, and each provider's prompt-cache rules: the data every
 * cost in a report is computed from (a recorded session's, and what each strategy's session would
 * have cost). Each entry names its source and the date it was read; prices change, so pass your
 * own table to override them.
 *
 * The providers' cache rules, as their documentation states them:
 * - Anthropic: a cache write costs 1.25x the input price for the default 5-minute lifetime (2x for
 *   one hour), a cache read 0.1x; the lifetime is refreshed by each use; a prefix shorter than the
 *   model's minimum (1,024 tokens for Sonnet 4.5, 4,096 for Haiku 4.5) is never cached.
 * - OpenAI: automatic prefix caching for prompts of 1,024 tokens or more, no charge for writing,
 *   cached input at the model's listed cached rate; entries are evicted after 5-10 minutes idle.
 * - Gemini 2.5: implicit prefix caching with a 75 % discount on cached tokens (0.25x), no charge
 *   for writing, for prompts of at least 1,024 tokens (Flash) or 2,048 (Pro).
 */
export type CacheProvider = 'anthropic' | 'openai' | 'gemini';

export interface ModelPrice {
  readonly provider: CacheProvider;
  readonly input: number;
  readonly output: number;
  /** Cached input (a cache read). */
  readonly cacheRead: number;
  /** Writing to the cache (5-minute lifetime); 0 when the provider does not charge for it. */
  readonly cacheWrite: number;
  /** A prompt prefix shorter than this is never cached. */
  readonly minCachedTokens: number;
  /** How long an unused cache entry lives (ms). */
  readonly cacheLifetimeMs: number;
  readonly source: string;
  /** When the source was read (YYYY-MM-DD). */
  readonly checked: string;
}

const FIVE_MINUTES_MS = 5 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * `price` with a prompt-cache lifetime of five minutes (each table entry as it is) or one hour:
 * Anthropic then bills cache writes at 2x the input price instead of 1.25x; OpenAI and Gemini
 * charge nothing for writing, so only the lifetime changes.
 */
export function withCacheLifetime(price: ModelPrice, lifetime: '5m' | '1h'): ModelPrice {
  if (lifetime === '5m') return price;
  return {
    ...price,
    cacheWrite: price.provider === 'anthropic' ? price.input * 2 : price.cacheWrite,
    cacheLifetimeMs: ONE_HOUR_MS,
  };
}
const ANTHROPIC_RULES = 'cache write 1.25x, cache read 0.1x of input (platform.claude.com, prompt caching pricing)';
const GEMINI_RULES = 'implicit caching: cached tokens at 0.25x of input (developers.googleblog.com, 2025-05-08)';

function anthropic(
  input: number,
  output: number,
  minCachedTokens: number,
  source: string,
  checked: string,
): ModelPrice {
  return {
    provider: 'anthropic',
    input,
    output,
    cacheRead: input * 0.1,
    cacheWrite: input * 1.25,
    minCachedTokens,
    cacheLifetimeMs: FIVE_MINUTES_MS,
    source: `${source}; ${ANTHROPIC_RULES}`,
    checked,
  };
}

function gemini(input: number, output: number, minCachedTokens: number, source: string, checked: string): ModelPrice {
  return {
    provider: 'gemini',
    input,
    output,
    cacheRead: input * 0.25,
    cacheWrite: 0,
    minCachedTokens,
    cacheLifetimeMs: FIVE_MINUTES_MS,
    source: `${source}; ${GEMINI_RULES}`,
    checked,
  };
}

function openai(input: number, output: number, cacheRead: number, source: string, checked: string): ModelPrice {
  return {
    provider: 'openai',
    input,
    output,
    cacheRead,
    cacheWrite: 0,
    minCachedTokens: 1024,
    cacheLifetimeMs: FIVE_MINUTES_MS,
    source,
    checked,
  };
}

const OPENAI_SECONDARY = 'OpenAI pricing page, as copied by third-party price lists (secondary)';

export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  'claude-sonnet-4-5': anthropic(3, 15, 1024, 'platform.claude.com/docs/en/models/sonnet-4-5/overview', '2026-11-26'),
  'claude-haiku-4-5': anthropic(1, 5, 4096, 'platform.claude.com model comparison table', '2026-11-26'),
  // $5 / $25 from Anthropic's model page; the 4,096-token cache minimum from third-party copies of its caching table.
  'claude-opus-4-6': anthropic(5, 25, 4096, 'platform.claude.com/docs/en/models/opus-4-6/overview', '2026-11-26'),
  // Secondary: third-party copies of OpenAI's pricing page (developers.openai.com/api/docs/pricing); verify before billing.
  'gpt-4o': openai(2.5, 10, 1.25, OPENAI_SECONDARY, '2026-11-26'),
  'gpt-4o-mini': openai(0.15, 0.6, 0.075, OPENAI_SECONDARY, '2026-11-26'),
  'gpt-5.5': openai(5, 30, 0.5, OPENAI_SECONDARY, '2026-11-26'),
  // OpenAI's own Codex rate card lists it at 31.25 / 3.125 / 250 credits per million (input, cached,
  // output); at 25 credits to the dollar, the rate at which the card's GPT-5.5 and GPT-5.4 rows equal
  // their API list prices, that is $1.25 / $0.125 / $10, as third-party copies of the API price list say.
  'gpt-5.1-codex-max': openai(
    1.25,
    10,
    0.125,
    'help.openai.com/en/articles/20001106 (Codex rate card, credits converted at 25 per USD); third-party API price lists agree',
    '2026-11-26',
  ),
  // Paid tier, text input, prompts up to 200k tokens (ai.google.dev/gemini-api/docs/pricing).
  'gemini-2.5-flash': gemini(0.3, 2.5, 1024, 'ai.google.dev/gemini-api/docs/pricing (paid tier, text)', '2026-11-26'),
  // Gemini 2.0 models have no implicit caching (it came with 2.5): a prefix is never read from a cache here.
  'gemini-2.0-flash': {
    ...gemini(0.1, 0.4, Number.MAX_SAFE_INTEGER, '', '2026-11-27'),
    source:
      'ai.google.dev/gemini-api/docs/pricing (paid tier, text; read through secondary copies, modelpedia.dev and morphllm.com, and matching the cost Langfuse computed in the pack trace that records it); no implicit caching on Gemini 2.0 models',
  },
  'gemini-2.5-pro': gemini(
    1.25,
    10,
    2048,
    'ai.google.dev/gemini-api/docs/pricing (paid tier, prompts <= 200k tokens)',
    '2026-11-26',
  ),
});

/**
 * What a session is priced as when its model has no price of its own (generated scenarios name a
 * made-up model): the Gemini model ADK agents most often run on. Reports say so.
 */
export const DEFAULT_PRICED_MODEL = 'gemini-2.5-flash';

/** The price of `model` (a release date suffix is ignored), from `table`. */
export function priceOf(
  model: string,
  table: Readonly<Record<string, ModelPrice>> = MODEL_PRICES,
): ModelPrice | undefined {
  return table[model] ?? table[model.replace(/-(\d{4}-\d{2}-\d{2}|\d{8})$/, '')];
}

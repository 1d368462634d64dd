/**
 * What a played session would have cost at a model's prices, under its provider's prompt-cache
 * rules (model-prices.ts):
 * - each model request the provider answered bills its input, split into a cache read (the prefix
 *   it shares with the previous answered request: everything before the first position that
 *   changed, the world's `uncachedTokens` complement) and uncached input; a prefix shorter than the
 *   model's minimum, or read after the cache lifetime has passed since the previous request, is
 *   not read from the cache;
 * - where the provider bills cache writes (Anthropic), the uncached part of a request long enough
 *   to be cached is written at the write price (automatic caching puts the breakpoint on the last
 *   block, so every request writes what the cache did not already hold);
 * - its output tokens at the output price;
 * - every summarizer call that was answered bills its input in full (a summarizer prompt is not a
 *   prefix of the agent's requests) and its output.
 * Requests a callback answered, or the provider refused, bill nothing. Time is the session's clock
 * (the world's logical clock for generated sessions: requests follow each other within
 * milliseconds, so only the prefix rules matter there).
 */
import type { SessionResult, StepRecord, SummarizerCallRecord } from '../world/session-result.ts';
import type { ModelPrice } from './model-prices.ts';

export interface SessionPrice {
  readonly usd: number;
  /** Input tokens of the answered model requests. */
  readonly inputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly outputTokens: number;
  /** Summarizer input and output tokens billed. */
  readonly summarizerTokens: number;
  /** Cache reads / input tokens of the model requests (null when nothing was answered). */
  readonly cacheHitRate: number | null;
}

const PER_MILLION = 1_000_000;

export function priceSession(
  steps: readonly StepRecord[],
  trailingSummarizerCalls: readonly SummarizerCallRecord[],
  answered: (step: StepRecord) => boolean,
  price: ModelPrice,
): SessionPrice {
  let usd = 0;
  let input = 0;
  let read = 0;
  let written = 0;
  let output = 0;
  let summarizer = 0;
  let previousClock: number | null = null;
  const bill = (calls: readonly SummarizerCallRecord[]) => {
    for (const call of calls) {
      if (call.outcome !== 'ok' && call.outcome !== 'empty') continue;
      summarizer += call.inputRealTokens + call.outputTokens;
      usd += (call.inputRealTokens * price.input + call.outputTokens * price.output) / PER_MILLION;
    }
  };
  for (const step of steps) {
    bill(step.summarizerCalls);
    if (!answered(step)) continue;
    const fresh = previousClock !== null && step.clock - previousClock <= price.cacheLifetimeMs;
    const prefix = step.realAfter - step.uncachedTokens;
    const cacheRead = fresh && prefix >= price.minCachedTokens ? prefix : 0;
    const uncached = step.realAfter - cacheRead;
    const cacheWrite = price.cacheWrite > 0 && step.realAfter >= price.minCachedTokens ? uncached : 0;
    const out = step.outputTokens ?? 0;
    usd +=
      ((uncached - cacheWrite) * price.input +
        cacheWrite * price.cacheWrite +
        cacheRead * price.cacheRead +
        out * price.output) /
      PER_MILLION;
    input += step.realAfter;
    read += cacheRead;
    written += cacheWrite;
    output += out;
    previousClock = step.clock;
  }
  bill(trailingSummarizerCalls);
  return {
    usd,
    inputTokens: input,
    cacheReadTokens: read,
    cacheWriteTokens: written,
    outputTokens: output,
    summarizerTokens: summarizer,
    cacheHitRate: input === 0 ? null : read / input,
  };
}

/** `priceSession` over a whole session result. */
export function priceSessionResult(
  result: SessionResult,
  answered: (step: StepRecord) => boolean,
  price: ModelPrice,
): SessionPrice {
  return priceSession(result.steps, result.trailingSummarizerCalls ?? [], answered, price);
}

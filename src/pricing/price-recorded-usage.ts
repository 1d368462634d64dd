/**
 * What the recorded requests cost: each request's input split into uncached input, cache reads
 * and cache writes (as the log reported them), plus its output, at the model's prices. Requests
 * without recorded usage are counted apart, not guessed.
 */
import type { RecordedUsage } from '../world/world-scenario.ts';
import type { ModelPrice } from './model-prices.ts';

export interface RecordedCost {
  readonly usd: number;
  /** Requests priced (those with recorded usage). */
  readonly requests: number;
  /** Requests the log recorded no usage for. */
  readonly unpriced: number;
  /** Cache reads / recorded input tokens (null without input). */
  readonly cacheHitRate: number | null;
}

export function priceRecordedUsage(usage: readonly (RecordedUsage | null)[], price: ModelPrice): RecordedCost {
  let usd = 0;
  let input = 0;
  let read = 0;
  let requests = 0;
  for (const request of usage) {
    if (request === null) continue;
    requests += 1;
    const cacheRead = request.cacheReadTokens ?? 0;
    const cacheWrite = request.cacheWriteTokens ?? 0;
    const uncached = Math.max(0, request.inputTokens - cacheRead - cacheWrite);
    usd +=
      (uncached * price.input +
        cacheRead * price.cacheRead +
        cacheWrite * (price.cacheWrite || price.input) +
        (request.outputTokens ?? 0) * price.output) /
      1_000_000;
    input += request.inputTokens;
    read += cacheRead;
  }
  return { usd, requests, unpriced: usage.length - requests, cacheHitRate: input === 0 ? null : read / input };
}

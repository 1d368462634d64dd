/**
 * What a played scenario cost, from its step records:
 * - billed: the real input tokens of every model request the provider answered (a request it
 *   refused, `session.refuseOverWindow` or `session.provider`, one a callback answered instead, or
 *   one a scripted `session.provider.errors` entry failed (a 5xx/429 bills nothing: no answer was
 *   produced), bills nothing) and of
 *   every summarizer call that was answered (`ok` or `empty`; one rejected as over its window, or
 *   failed, bills nothing);
 * - uncached: of the answered model requests, the tokens a prefix cache could not serve (the
 *   world's `uncachedTokens`: everything after the first position that changed since the previous
 *   request). Summarizer calls are billed in full and not counted here;
 * - money: the same calls priced at the scenario model's prices under its provider's cache rules
 *   (price-session.ts), with the session's cache lifetime (`session.promptCacheLifetime`); a model without a price is priced as DEFAULT_PRICED_MODEL, and
 *   `pricedAs` says which model's prices were used.
 */
import { DEFAULT_PRICED_MODEL, MODEL_PRICES, priceOf, withCacheLifetime, type ModelPrice } from './model-prices.ts';
import { priceSessionResult } from './price-session.ts';
import type { SessionResult, StepRecord, SummarizerCallRecord } from '../world/session-result.ts';
import type { WorldScenario } from '../world/world-scenario.ts';
import { failedByScript, isRefusedStep } from '../world/measure/definitions/provider-refusal.ts';

export interface ScenarioCost {
  readonly billedTokens: number;
  readonly uncachedTokens: number;
  readonly usd: number;
  /** Model-request input tokens and the part of them read from a prompt cache (for hit rates). */
  readonly inputTokens: number;
  readonly cacheReadTokens: number;
  /** The model whose prices were used. */
  readonly pricedAs: string;
}

export function scenarioCost(
  world: {
    readonly refuseOverWindow?: WorldScenario['refuseOverWindow'];
    readonly provider?: WorldScenario['provider'];
    readonly promptCacheLifetime?: WorldScenario['promptCacheLifetime'];
    readonly phases?: readonly { readonly modelName: string }[];
  },
  result: SessionResult,
  prices: Readonly<Record<string, ModelPrice>> = MODEL_PRICES,
): ScenarioCost {
  const failing = failedByScript(world, result.steps);
  const failed = new Set(result.steps.filter((_, i) => failing[i]));
  const answered = (step: StepRecord) => !step.shortCircuited && !isRefusedStep(world, step) && !failed.has(step);
  let billed = 0;
  let uncached = 0;
  for (const step of result.steps) {
    if (answered(step)) {
      billed += step.realAfter;
      uncached += step.uncachedTokens;
    }
    billed += summarizerBilled(step.summarizerCalls);
  }
  billed += summarizerBilled(result.trailingSummarizerCalls ?? []);
  const model = world.phases?.[0]?.modelName ?? DEFAULT_PRICED_MODEL;
  const own = priceOf(model, prices);
  const pricedAs = own === undefined ? DEFAULT_PRICED_MODEL : model;
  const money = priceSessionResult(
    result,
    answered,
    withCacheLifetime(
      own ?? priceOf(DEFAULT_PRICED_MODEL, prices) ?? MODEL_PRICES[DEFAULT_PRICED_MODEL]!,
      world.promptCacheLifetime ?? '5m',
    ),
  );
  return {
    billedTokens: billed,
    uncachedTokens: uncached,
    usd: money.usd,
    inputTokens: money.inputTokens,
    cacheReadTokens: money.cacheReadTokens,
    pricedAs,
  };
}

function summarizerBilled(calls: readonly SummarizerCallRecord[]): number {
  return calls.reduce(
    (sum, call) => sum + (call.outcome === 'ok' || call.outcome === 'empty' ? call.inputRealTokens : 0),
    0,
  );
}

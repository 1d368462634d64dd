/**
 * A strategy that judges requests by a given estimator and declares it (`declarations.estimate`,
 * ContextGuard's tolerances): at or over ContextGuard's threshold, counting with the estimator
 * times the cold factor, it replaces the history with a summary and the latest content. Its
 * planted variants (../estimate-*.ts) count with an estimator that undercounts one kind of
 * content, which `estimate-precision` catches and "no overflow" rarely does; with
 * `estimateTokens` it is their correct twin (test/fuzz/fixtures/estimating-strategy.ts).
 */
import { CONTEXTGUARD_DECLARED_ESTIMATE } from '../../../engine/tokens/declared-estimate.ts';
import type { CompactionStrategy, LlmRequest } from '../../../engine/types.ts';
import { overThresholdBy, summarizeContents, summaryContent } from './planted-helpers.ts';

export function estimatingStrategy(name: string, estimate: (request: LlmRequest) => number): CompactionStrategy {
  return {
    name,
    declarations: { estimate: { ...CONTEXTGUARD_DECLARED_ESTIMATE, tokens: estimate } },
    async compact(ctx, request) {
      if (!overThresholdBy(estimate, ctx, request)) return;
      const latest = request.contents.at(-1);
      const summary = summaryContent(await summarizeContents(ctx, request.contents.slice(0, -1)));
      request.contents = latest === undefined ? [summary] : [summary, latest];
    },
  };
}

/** The request with every string replaced by one as long in UTF-16 units, all ASCII: its bytes are then its UTF-16 length. */
export function asUtf16Units(request: LlmRequest): LlmRequest {
  return ascii(request) as LlmRequest;
}

function ascii(value: unknown): unknown {
  if (typeof value === 'string') return 'a'.repeat(value.length);
  if (Array.isArray(value)) return value.map(ascii);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, ascii(v)]));
  return value;
}

/**
 * adk-js 2.0.0 `AnchoredContextCompactor({ tokenThreshold, eventRetentionSize, summarizer })`
 * (npm `@google/adk@2.0.0` `dist/esm/context/anchored_context_compactor.js`; docs/peer-strategies.md §5c).
 *
 * As the token-based compactor, but the count is Σ `getEventTokens` over the active events: each
 * event's own `promptTokenCount` when it has one, else ceil(text/4). Every model event's count is
 * the whole prompt of its call, so the sum grows with the number of calls: the #473 defect, fixed
 * in the token-based compactor and still present here [derived]. The summary is a scratchpad
 * (persisted) and the working copy drops the raw events it covers; the next invocation projects
 * the same way, so the record over everything through the last summarized event is the whole
 * effect (X4).
 * Both settings are required upstream; ours default as the token-based compactor's.
 * Known bugs kept: #473 (fires after a few calls while the real prompt is far below the
 * threshold, AJ-2), retention 0 throws, a summarizer failure crashes the run.
 */
import { computeThreshold } from '../engine/tokens/compute-buffer.ts';
import { compactionRecordOf } from '../engine/records/project-records.ts';
import type { SessionEvent } from '../engine/hook-types.ts';
import type { CompactionStrategy } from '../engine/types.ts';
import { activeEvents, calculateRetainStartIndex, compactedContent, llmSummarize } from './_shared/adk-js.ts';
import { textOnly } from './_shared/content-text.ts';
import { readOptions } from './_shared/options.ts';
import { ADK_JS_DEFAULT_EVENT_RETENTION_SIZE } from './adk-js-token-based.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'npm:@google/adk@2.0.0',
  commit: '2.0.0',
  checked: '2026-11-26',
  follows: [
    'dist/esm/context/anchored_context_compactor.js (the sum of getEventTokens over active events, the scratchpad)',
    'dist/esm/context/compaction_utils.js',
  ],
  leavesOut: ['nothing material (the summed prompt counts are really in 2.0.0)'],
};

export const ADK_JS_ANCHORED = 'adk-js-anchored';

export function adkJsAnchoredStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ADK_JS_ANCHORED, options, {
    tokenThreshold: {
      kind: 'integer',
      min: 0,
      meaning: 'summed event tokens above which it compacts (ours: window − ContextGuard buffer)',
    },
    eventRetentionSize: { kind: 'integer', min: 0, meaning: 'newest raw events kept (ours: 4)' },
  });
  const retention = read.eventRetentionSize ?? ADK_JS_DEFAULT_EVENT_RETENTION_SIZE;

  return {
    name: ADK_JS_ANCHORED,
    compact() {},
    async compactSession(ctx) {
      const { compacted, raw } = activeEvents(ctx.events ?? []);
      if (raw.length <= retention) return undefined;
      const start = calculateRetainStartIndex(raw, retention);
      if (start === 0) return undefined;
      const scratchpad = compacted ? compactionRecordOf(compacted) : undefined;
      const total =
        (scratchpad ? Math.ceil(compactedContent(scratchpad).length / 4) : 0) +
        raw.reduce((sum, event) => sum + eventTokens(event), 0);
      if (total <= (read.tokenThreshold ?? computeThreshold(ctx.contextWindow))) return undefined;
      return { append: [await llmSummarize(ctx, raw.slice(0, start), scratchpad)] };
    },
  };
}

/** `getEventTokens`: the event's prompt count when present, else ceil(text/4). */
export function eventTokens(event: SessionEvent): number {
  const count = event.usageMetadata?.promptTokenCount;
  return count !== undefined ? count : Math.ceil(textOnly(event.content).length / 4);
}

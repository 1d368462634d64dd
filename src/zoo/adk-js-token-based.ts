/**
 * adk-js 2.0.0 `TokenBasedContextCompactor({ tokenThreshold, eventRetentionSize, summarizer })`
 * (npm `@google/adk@2.0.0` `dist/esm/context/token_based_context_compactor.js`, run by
 * `ContextCompactorRequestProcessor` before the contents processor; docs/peer-strategies.md §5a). The world hosts
 * it natively: `compactSession` is exactly that processor's place (X4).
 *
 * - Raw events: the active events (latest compacted event + everything after it) that are not
 *   compacted. No more than `eventRetentionSize` → nothing; `calculateRetainStartIndex` (moved back
 *   over a call/response pair) at 0 → nothing.
 * - Count: the newest active event carrying `usageMetadata.promptTokenCount`; without one,
 *   ceil(chars/4) of the contents (text + JSON of calls and responses). Fire when count >
 *   `tokenThreshold` (strict).
 * - Summarize [previous summary?] + raw[0:start] (rolling) with `LlmSummarizer`; no try/catch: a
 *   summarizer error or an empty answer escapes (the session fails) [derived].
 * Both settings are required upstream; ours default to the window minus ContextGuard's buffer and
 * 4 events (the differential verifier's defaults for this compactor).
 * Known bugs kept: `eventRetentionSize: 0` throws a TypeError (verified), a summarizer failure
 * crashes the run, function calls and responses never reach the summarizer, and a fat retained
 * tail keeps the prompt above the threshold (one summarizer call per step, AJ-3).
 */
import { computeThreshold } from '../engine/tokens/compute-buffer.ts';
import type { CompactionStrategy } from '../engine/types.ts';
import { activeEvents, calculateRetainStartIndex, llmSummarize } from './_shared/adk-js.ts';
import { projectedHistory } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { compactionRecordOf } from '../engine/records/project-records.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'npm:@google/adk@2.0.0',
  commit: '2.0.0',
  checked: '2026-11-26',
  follows: [
    'dist/esm/context/token_based_context_compactor.js',
    'dist/esm/context/compaction_utils.js (getActiveEvents, calculateRetainStartIndex)',
    'dist/esm/context/summarizers/llm_summarizer.js',
    'dist/esm/agents/processors/context_compactor_request_processor.js',
  ],
  leavesOut: ['nothing material (checked line by line against the installed dist)'],
};

export const ADK_JS_TOKEN_BASED = 'adk-js-token-based';
export const ADK_JS_DEFAULT_EVENT_RETENTION_SIZE = 4;
const CHARS_PER_TOKEN = 4;

export function adkJsTokenBasedStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ADK_JS_TOKEN_BASED, options, {
    tokenThreshold: {
      kind: 'integer',
      min: 0,
      meaning: 'prompt tokens above which it compacts (ours: window − ContextGuard buffer)',
    },
    eventRetentionSize: { kind: 'integer', min: 0, meaning: 'newest raw events kept (ours: 4)' },
  });
  const retention = read.eventRetentionSize ?? ADK_JS_DEFAULT_EVENT_RETENTION_SIZE;

  return {
    name: ADK_JS_TOKEN_BASED,
    compact() {},
    async compactSession(ctx) {
      const events = ctx.events ?? [];
      const { compacted, raw } = activeEvents(events);
      if (raw.length <= retention) return undefined;
      const start = calculateRetainStartIndex(raw, retention);
      if (start === 0) return undefined;
      const count = latestPromptTokenCount([...(compacted ? [compacted] : []), ...raw], ctx);
      if (count === undefined || count <= (read.tokenThreshold ?? computeThreshold(ctx.contextWindow)))
        return undefined;
      const record = await llmSummarize(
        ctx,
        raw.slice(0, start),
        compacted ? compactionRecordOf(compacted) : undefined,
      );
      return { append: [record] };
    },
  };
}

function latestPromptTokenCount(
  active: readonly { usageMetadata?: { promptTokenCount?: number } }[],
  ctx: Parameters<typeof projectedHistory>[0],
): number | undefined {
  for (let i = active.length - 1; i >= 0; i -= 1) {
    const count = active[i]!.usageMetadata?.promptTokenCount;
    if (count !== undefined) return count;
  }
  let chars = 0;
  for (const { content } of projectedHistory(ctx)) {
    for (const part of content.parts ?? []) {
      if (part.text) chars += part.text.length;
      if (part.functionCall) chars += JSON.stringify(part.functionCall).length;
      if (part.functionResponse) chars += JSON.stringify(part.functionResponse).length;
    }
  }
  return chars <= 0 ? undefined : Math.ceil(chars / CHARS_PER_TOKEN);
}

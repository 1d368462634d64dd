/**
 * adk-python events compaction, token threshold (google/adk-python `apps/compaction.py`
 * token-threshold revision and `flows/llm_flows/compaction.py` `CompactionRequestProcessor`
 * [index]; feature commit a88e864; `apps/llm_event_summarizer.py` @be6a2e8e; zoo.md §4).
 *
 * Before each request (X4) and after each invocation (X2):
 * - Count: the newest event carrying `usage_metadata.prompt_token_count`, scanning compaction
 *   events too, whose usage is the SUMMARIZER's (the latch [derived]); without any, chars/4 of the
 *   effective contents' text parts (calls and responses count nothing).
 * - Fire when count ≥ `token_threshold`. Candidates: non-compaction events after the latest
 *   compaction's end; no more than `event_retention_size` → nothing.
 * - Split: from `len − retention` walk back keeping the ids of responses whose call was not seen;
 *   the split is the latest index there where that set is empty; 0 → nothing, silently (a
 *   response whose call is not a candidate never closes: #7236's frozen compaction).
 * - The previous summary seeds the new one (author model, rolling: the new range starts where the
 *   old one did, so it replaces it). The new event carries the summarizer's usage.
 * - A failing summarizer raises (not caught) [derived]; an empty answer appends nothing.
 * Both settings are required upstream; ours default to the window minus ContextGuard's buffer and
 * 4 events (the differential verifier's defaults for adk-js's compactor).
 * Known bugs kept: the summarizer-usage latch (zoo.md §C 7), #7236's pattern (an unmatched
 * response freezes compaction for good), function calls and responses invisible to the count and
 * the summarizer.
 */
import type { CompactionRecord, SessionEvent } from '../engine/hook-types.ts';
import { computeThreshold } from '../engine/tokens/compute-buffer.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import { isCompactable, latestCompaction, summarizeEvents } from './_shared/adk-python.ts';
import { textOnly } from './_shared/content-text.ts';
import { projectedHistory } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';

export const ADK_PYTHON_TOKEN_THRESHOLD = 'adk-python-token-threshold';
export const DEFAULT_EVENT_RETENTION_SIZE = 4;

export function adkPythonTokenThresholdStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ADK_PYTHON_TOKEN_THRESHOLD, options, {
    token_threshold: { kind: 'integer', min: 1, meaning: 'prompt tokens that trigger a compaction (ours: window − ContextGuard buffer)' },
    event_retention_size: { kind: 'integer', min: 0, meaning: 'newest raw events kept (ours: 4)' },
  });
  const retention = read.event_retention_size ?? DEFAULT_EVENT_RETENTION_SIZE;
  const run = async (ctx: CompactionContext) => {
    const threshold = read.token_threshold ?? computeThreshold(ctx.contextWindow);
    const record = await tokenThresholdCompaction(ctx, threshold, retention);
    return record ? { append: [record] } : undefined;
  };
  return { name: ADK_PYTHON_TOKEN_THRESHOLD, compact() {}, compactSession: run, afterInvocation: run };
}

/** `_run_compaction_for_token_threshold_config`: the record to append, or undefined. */
export async function tokenThresholdCompaction(ctx: CompactionContext, threshold: number, retention: number): Promise<CompactionRecord | undefined> {
  const events = ctx.events ?? [];
  if (latestPromptTokenCount(ctx) < threshold) return undefined;
  const previous = latestCompaction(events);
  const candidates = events.slice((previous?.endIndex ?? -1) + 1).filter(isCompactable);
  if (candidates.length <= retention) return undefined;
  const split = safeSplitIndex(candidates, retention);
  if (split <= 0) return undefined;
  const seed = previous ? textOnly(previous.record.contents[0]) : undefined;
  const startEventId = previous ? events[previous.startIndex]!.id : candidates[0]!.id;
  return summarizeEvents(ctx, candidates.slice(0, split), seed, { startEventId, endEventId: candidates[split - 1]!.id });
}

/** The newest prompt count of any event (compaction events included), else chars/4 of the effective text. */
export function latestPromptTokenCount(ctx: CompactionContext): number {
  const events = ctx.events ?? [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const count = events[i]!.usageMetadata?.promptTokenCount;
    if (typeof count === 'number') return count;
  }
  return Math.floor(projectedHistory(ctx).reduce((sum, m) => sum + textOnly(m.content).length, 0) / 4);
}

/** `_safe_token_compaction_split_index`: the latest index ≤ len − retention with no open response. */
export function safeSplitIndex(candidates: readonly SessionEvent[], retention: number): number {
  const start = candidates.length - retention;
  const unmatched = new Set<string>();
  for (let i = candidates.length - 1; i > 0; i -= 1) {
    for (const part of candidates[i]!.content?.parts ?? []) {
      if (part.functionResponse?.id) unmatched.add(part.functionResponse.id);
      if (part.functionCall?.id) unmatched.delete(part.functionCall.id);
    }
    if (i <= start && unmatched.size === 0) return i;
  }
  return 0;
}

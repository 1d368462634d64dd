/**
 * adk-python events compaction, token threshold (google/adk-python `apps/compaction.py`
 * token-threshold revision and `flows/llm_flows/compaction.py` `CompactionRequestProcessor`
 * [index]; feature commit a88e864; `apps/llm_event_summarizer.py` @be6a2e8e; docs/peer-strategies.md §4).
 *
 * Before each request (X4) and after each invocation (X2):
 * - Count: the newest event carrying `usage_metadata.prompt_token_count`, scanning compaction
 *   events too, whose usage is the SUMMARIZER's (the latch [derived]); without any, chars/4 of the
 *   effective contents' text parts (calls and responses count nothing).
 * - Fire when count ≥ `token_threshold`. Candidates: non-compaction events after the latest
 *   compaction's end; no more than `event_retention_size` → nothing.
 * - Split: retention 0 → every candidate; else from `len − retention` walk back keeping the ids of
 *   responses whose call was not seen; the split is the latest index there where that set is
 *   empty; 0 → nothing, silently (a response whose call is not a candidate never closes).
 * - Pending-call guard (the fix of google/adk-python#4740): a function call with no response in
 *   the session (a pending confirmation or tool) is never compacted — the events to compact stop
 *   before the first event holding one.
 * - The previous summary seeds the new one (author model, rolling: the new range starts where the
 *   old one did, so it replaces it). The new event carries the summarizer's usage.
 * - A failing summarizer raises (not caught) [derived]; an empty answer appends nothing.
 * Both settings are required upstream; ours default to the window minus ContextGuard's buffer and
 * 4 events (the differential verifier's defaults for adk-js's compactor).
 * Known bugs kept: the summarizer-usage latch (docs/peer-strategies.md §C 7), an unmatched response freezes
 * compaction for good (the pattern #7236 reports of the newer prefix helper), function calls and
 * responses invisible to the count and the summarizer.
 */
import type { CompactionRecord, SessionEvent } from '../engine/hook-types.ts';
import { computeThreshold } from '../engine/tokens/compute-buffer.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import { isCompactable, latestCompaction, summarizeEvents } from './_shared/adk-python.ts';
import { textOnly } from './_shared/content-text.ts';
import { projectedHistory } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const ADK_PYTHON_TOKEN_THRESHOLD = 'adk-python-token-threshold';
export const DEFAULT_EVENT_RETENTION_SIZE = 4;

export const AUDIT: StrategyAudit = {
  upstream: 'google/adk-python',
  commit: 'a88e864 token-threshold revision [index copy]',
  checked: '2026-11-26',
  follows: [
    'src/google/adk/apps/compaction.py _events_to_compact_for_token_threshold (retention 0 keeps none), _safe_token_compaction_split_index, _latest_prompt_token_count [index copy]',
    'src/google/adk/flows/llm_flows/compaction.py CompactionRequestProcessor [index copy]',
    'the #4740 fix as described in issue #4740, PR #4743 and issue #5602 (_pending_function_call_ids, _truncate_events_before_pending_function_call)',
  ],
  leavesOut: [
    'no pinned commit: the stored copies are index copies and the git snapshot predates compaction; the guard is modelled from its description, not a read of the fixing commit',
    '_truncate_events_before_hitl_signal: the world has no tool confirmations (requested_tool_confirmations)',
    'the newer _longest_self_contained_prefix helper of google-adk 2.9.x (issue #7236)',
    'per-session compaction switches (compaction_predicate, is_compaction_enabled): always on here',
  ],
};

export function adkPythonTokenThresholdStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ADK_PYTHON_TOKEN_THRESHOLD, options, {
    token_threshold: {
      kind: 'integer',
      min: 1,
      meaning: 'prompt tokens that trigger a compaction (ours: window − ContextGuard buffer)',
    },
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
export async function tokenThresholdCompaction(
  ctx: CompactionContext,
  threshold: number,
  retention: number,
): Promise<CompactionRecord | undefined> {
  const events = ctx.events ?? [];
  if (latestPromptTokenCount(ctx) < threshold) return undefined;
  const previous = latestCompaction(events);
  const candidates = events.slice((previous?.endIndex ?? -1) + 1).filter(isCompactable);
  if (candidates.length <= retention) return undefined;
  const split = retention === 0 ? candidates.length : safeSplitIndex(candidates, retention);
  const toCompact = beforePendingFunctionCall(candidates.slice(0, Math.max(0, split)), pendingFunctionCallIds(events));
  if (toCompact.length === 0) return undefined;
  const seed = previous ? textOnly(previous.record.contents[0]) : undefined;
  const startEventId = previous ? events[previous.startIndex]!.id : candidates[0]!.id;
  return summarizeEvents(ctx, toCompact, seed, { startEventId, endEventId: toCompact[toCompact.length - 1]!.id });
}

/** `_pending_function_call_ids`: ids of function calls no function response answers. */
export function pendingFunctionCallIds(events: readonly SessionEvent[]): Set<string> {
  const calls = new Set<string>();
  const responses = new Set<string>();
  for (const event of events) {
    for (const part of event.content?.parts ?? []) {
      if (part.functionCall?.id) calls.add(part.functionCall.id);
      if (part.functionResponse?.id) responses.add(part.functionResponse.id);
    }
  }
  for (const id of responses) calls.delete(id);
  return calls;
}

/** `_truncate_events_before_pending_function_call`: the events before the first one holding a pending call. */
function beforePendingFunctionCall(
  events: readonly SessionEvent[],
  pending: ReadonlySet<string>,
): readonly SessionEvent[] {
  const index = events.findIndex((event) =>
    (event.content?.parts ?? []).some(
      (part) => part.functionCall?.id !== undefined && pending.has(part.functionCall.id),
    ),
  );
  return index < 0 ? events : events.slice(0, index);
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

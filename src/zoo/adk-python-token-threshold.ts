/**
 * adk-python events compaction, token threshold, read line by line at google/adk-python @bb2efb6b
 * (2026-05-15, on `main`: the HITL guard on top of the #4740 fix 991c4111 and the summarizer usage
 * of 5ce33b9c; the last revision before summaries took thoughts and tool calls, bdb55826). Files:
 * `src/google/adk/apps/compaction.py`, `flows/llm_flows/compaction.py`, `apps/llm_event_summarizer.py`,
 * `runners.py`; docs/peer-strategies.md §4. Read from a GitHub fork whose history carries upstream's
 * commits unchanged (the upstream snapshot here predates compaction); checked 2026-11-27.
 *
 * Before each request (X4: `CompactionRequestProcessor`, flows L35–55) and after each invocation
 * (X2: `runners.py` L621–628 → `_run_compaction_for_sliding_window` L589–594):
 * - Count (`_latest_prompt_token_count` L156–173): the newest event carrying
 *   `usage_metadata.prompt_token_count`, scanning compaction events too, whose usage is the
 *   SUMMARIZER's (the latch: the summary event carries it since 5ce33b9c, summarizer L107/L113/L137);
 *   without any, chars/4 of the effective contents' text parts (L125–153; calls and responses
 *   count nothing; no text → no count → nothing).
 * - Fire when count ≥ `token_threshold` (L448). Candidates: non-compaction events after the latest
 *   compaction's end (L252–257); no more than `event_retention_size` → nothing (L258–259).
 * - Split: retention 0 → every candidate (L261–262); else `_safe_token_compaction_split_index`
 *   (L389–423): from `len − retention` walk back keeping the ids of responses whose call was not
 *   seen; the split is the latest index there where that set is empty; 0 → nothing, silently (a
 *   response whose call is not a candidate never closes).
 * - Pending-call guard (L269–272, the fix of google/adk-python#4740 in 991c4111): a function call
 *   no response in the session answers is never compacted — the events to compact stop before the
 *   first event holding one (`_shared/adk-python.ts`).
 * - The previous summary seeds the new one (L279–294: author model, timestamped at the old start, so
 *   the new range starts where the old one did and subsumes it). The new event carries the
 *   summarizer's usage.
 * - After an invocation, the token pass is skipped when a pre-request pass of the same invocation
 *   compacted (`token_compaction_checked`, flows L52–53, `runners.py` L627, compaction.py L589).
 * - A failing summarizer raises (not caught); an answer without content appends nothing.
 * Both settings are required upstream; ours default to the window minus ContextGuard's buffer and
 * 4 events (the differential verifier's defaults for adk-js's compactor).
 * Known bugs kept: the summarizer-usage latch (docs/peer-strategies.md §C 7), an unmatched response freezes
 * compaction for good (the pattern #7236 reports; 71b936bf later replaced the split guards with
 * `_longest_self_contained_prefix`), function calls and responses invisible to the count and the
 * summarizer (until bdb55826).
 */
import type { CompactionRecord, SessionEvent } from '../engine/hook-types.ts';
import { compactionRecordOf } from '../engine/records/project-records.ts';
import { computeThreshold } from '../engine/tokens/compute-buffer.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import {
  beforePendingFunctionCall,
  isCompactable,
  latestCompaction,
  pendingFunctionCallIds,
  summarizeEvents,
} from './_shared/adk-python.ts';
import { textOnly } from './_shared/content-text.ts';
import { projectedHistory } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const ADK_PYTHON_TOKEN_THRESHOLD = 'adk-python-token-threshold';
export const DEFAULT_EVENT_RETENTION_SIZE = 4;

export const AUDIT: StrategyAudit = {
  upstream: 'google/adk-python',
  commit: 'bb2efb6b',
  checked: '2026-11-27',
  follows: [
    'src/google/adk/apps/compaction.py @bb2efb6b: _latest_prompt_token_count L156–173 with the chars/4 estimate L125–153; the trigger L448; _events_to_compact_for_token_threshold L239–296 (retention 0 takes every candidate L261–262, the seed L279–294); _safe_token_compaction_split_index L389–423',
    'the #4740 pending-call guard as 991c4111 writes it, at @bb2efb6b L269–272 and L317–347 (_pending_function_call_ids over the whole session, _truncate_events_before_pending_function_call)',
    'src/google/adk/flows/llm_flows/compaction.py @bb2efb6b L35–55 (pre-request pass; token_compaction_checked when it compacted) and runners.py L621–628 with compaction.py L589–594 (the post-invocation token pass skipped after one)',
    'src/google/adk/apps/llm_event_summarizer.py @bb2efb6b L73–137 (text parts as author: text, the summarizer usage on the event since 5ce33b9c)',
  ],
  leavesOut: [
    'read from a fork (AmaadMartin/adk-python) whose history holds upstream main unchanged: the upstream snapshot reachable here predates compaction',
    '_truncate_events_before_hitl_signal (L273–275, L350–387): the world has no tool confirmations or auth requests',
    'newer main: bdb55826 (thoughts and tool calls in summaries), 71b936bf (_longest_self_contained_prefix replaces the split guards, #7236), 0d4d3783 (rewound invocations): another generation',
    'per-session compaction switches (compaction_predicate, is_compaction_enabled): always on here',
    'an answer whose content holds only an empty text part: upstream writes an empty summary, the world never answers so',
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
  return {
    name: ADK_PYTHON_TOKEN_THRESHOLD,
    compact() {},
    compactSession: run,
    afterInvocation: (ctx) => (compactedBeforeARequest(ctx) ? undefined : run(ctx)),
  };
}

/**
 * `invocation_context.token_compaction_checked`: set when the pre-request pass compacted in this
 * invocation; the runner then skips the post-invocation token pass. Here: a compaction record the
 * current invocation appended (only `compactSession` runs before `afterInvocation`).
 */
function compactedBeforeARequest(ctx: CompactionContext): boolean {
  if (ctx.invocationId === undefined) return false;
  return (ctx.events ?? []).some(
    (event) => event.invocationId === ctx.invocationId && compactionRecordOf(event) !== undefined,
  );
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

/** The newest prompt count of any event (compaction events included), else chars/4 of the effective text. */
export function latestPromptTokenCount(ctx: CompactionContext): number {
  const events = ctx.events ?? [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const count = events[i]!.usageMetadata?.promptTokenCount;
    if (typeof count === 'number') return count;
  }
  return Math.floor(projectedHistory(ctx).reduce((sum, m) => sum + textOnly(m.content).length, 0) / 4);
}

/** `_safe_token_compaction_split_index` (L389–423): the latest index ≤ len − retention with no open response. */
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

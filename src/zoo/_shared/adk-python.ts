/**
 * What adk-python's two compaction modes share, read at google/adk-python @bb2efb6b (2026-05-15;
 * `apps/llm_event_summarizer.py`, `apps/compaction.py`; docs/peer-strategies.md §4,
 * docs/adk-step-loop.md §3): the `LlmEventSummarizer`, the compaction event it returns, and the
 * pending-function-call guard both modes apply (the fix of google/adk-python#4740).
 */
import type { CompactionRecord, SessionEvent } from '../../engine/hook-types.ts';
import { compactionRecordOf } from '../../engine/records/project-records.ts';
import type { CompactionContext } from '../../engine/types.ts';
import { modelText, textOnly, userText } from './content-text.ts';
import { requestSummary } from './summarizer.ts';

/** `LlmEventSummarizer`'s default prompt (paraphrased). */
export const ADK_PYTHON_SUMMARY_PROMPT =
  'The following is a conversation history between a user and an AI agent. Summarize it concisely, keeping key information, decisions made, and any unresolved questions or tasks. The summary will replace these events in the agent context.';

/** Events that take part in compaction: not a compaction itself, not a partial one. */
export function isCompactable(event: SessionEvent): boolean {
  return compactionRecordOf(event) === undefined && !event.partial;
}

/**
 * `LlmEventSummarizer.maybe_summarize_events` (@bb2efb6b `llm_event_summarizer.py` L73–81 the
 * format, L83–137 the call): only text parts, as `author: text` lines, one non-streaming call.
 * Returns the compaction record over `[first, last]` (L122–123; rendered as the agent's own model
 * turn, L120) with the summarizer's usage on it (L107, L113, L137: since 5ce33b9c, #4014), or
 * undefined when the answer has no content (L116–117). A failing call throws: nothing catches it.
 */
export async function summarizeEvents(
  ctx: CompactionContext,
  events: readonly SessionEvent[],
  seed: string | undefined,
  range: { readonly startEventId: string | undefined; readonly endEventId: string },
): Promise<CompactionRecord | undefined> {
  const lines = events
    .map((event) => `${event.author ?? 'user'}: ${textOnly(event.content)}`)
    .filter((line) => !line.endsWith(': '));
  if (seed !== undefined) lines.unshift(`model: ${seed}`);
  const outcome = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [userText(`${ADK_PYTHON_SUMMARY_PROMPT}\n\n${lines.join('\n')}`)],
  });
  if (!outcome.ok) {
    if (outcome.reason === 'empty') return undefined;
    throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  }
  return {
    ...(range.startEventId === undefined ? {} : { startEventId: range.startEventId }),
    endEventId: range.endEventId,
    contents: [modelText(outcome.text)],
    ...(outcome.usageMetadata ? { usageMetadata: outcome.usageMetadata } : {}),
  };
}

/** The latest compaction record and where its range ends (index into `events`). */
export function latestCompaction(
  events: readonly SessionEvent[],
): { record: CompactionRecord; endIndex: number; startIndex: number } | undefined {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const record = compactionRecordOf(events[i]!);
    if (!record) continue;
    const endIndex = events.findIndex((e) => e.id === record.endEventId);
    const startIndex = record.startEventId === undefined ? 0 : events.findIndex((e) => e.id === record.startEventId);
    if (endIndex >= 0 && startIndex >= 0) return { record, endIndex, startIndex };
  }
  return undefined;
}

/**
 * `_pending_function_call_ids` (@bb2efb6b `compaction.py` L317–331): the ids of function calls
 * that no function response in the whole session answers (a pending tool or confirmation).
 */
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

/**
 * `_truncate_events_before_pending_function_call` (@bb2efb6b `compaction.py` L334–347): the
 * leading events before the first one holding a pending call. Both modes apply it to the events
 * they selected (token threshold L269–272, sliding window L672–675; the fix of #4740, 991c4111).
 */
export function beforePendingFunctionCall(
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

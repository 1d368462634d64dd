/**
 * What adk-python's two compaction modes share (google/adk-python `apps/llm_event_summarizer.py`
 * @be6a2e8e, `apps/compaction.py` and `flows/llm_flows/compaction.py` [index]; docs/peer-strategies.md §4,
 * docs/adk-step-loop.md §3): the `LlmEventSummarizer` and the compaction event it returns.
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
 * `LlmEventSummarizer.maybe_summarize_events`: only text parts, as `author: text` lines, one
 * non-streaming call. Returns the compaction record over `[first, last]` (rendered as the agent's
 * own model turn) with the summarizer's usage on it, or undefined when there is no text answer.
 * A failing call throws: adk-python does not catch it [derived].
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

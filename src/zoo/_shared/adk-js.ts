/**
 * adk-js 2.0.0's compaction machinery as its compactors use it (npm `@google/adk@2.0.0`
 * `dist/esm/context/compaction_utils.js`, `context/summarizers/llm_summarizer.js`,
 * `events/event.js` `stringifyContent`/`getEventTokens`, `agents/processors/
 * content_processor_utils.js` `convertCompactedEvent`; docs/peer-strategies.md §5). A `CompactedEvent` is our
 * compaction record over everything through its last summarized event, rendered as adk-js renders
 * it: a user content "[Previous Context Summary]:\n" + the summary.
 */
import type { CompactionRecord, SessionEvent } from '../../engine/hook-types.ts';
import { compactionRecordOf } from '../../engine/records/project-records.ts';
import type { CompactionContext } from '../../engine/types.ts';
import { textOnly, userText } from './content-text.ts';
import { requestSummary } from './summarizer.ts';

/** `LlmSummarizer`'s DEFAULT_PROMPT (verbatim: it is part of the package's behaviour). */
export const ADK_JS_SUMMARY_PROMPT =
  'The following is a conversation history between a user and an AI agent. Please summarize the conversation, focusing on key information and decisions made, as well as any unresolved questions or tasks. The summary should be concise and capture the essence of the interaction.';
export const PREVIOUS_CONTEXT_SUMMARY = '[Previous Context Summary]:\n';

/** The summary text a record holds (what adk-js keeps as `compactedContent`). */
export function compactedContent(record: CompactionRecord): string {
  const text = textOnly(record.contents[0]);
  return text.startsWith(PREVIOUS_CONTEXT_SUMMARY) ? text.slice(PREVIOUS_CONTEXT_SUMMARY.length) : text;
}

/** `getActiveEvents`: the latest compacted event, then every raw event after its end. */
export function activeEvents(events: readonly SessionEvent[]): {
  compacted: SessionEvent | undefined;
  raw: SessionEvent[];
} {
  let latest = -1;
  for (let i = events.length - 1; i >= 0 && latest < 0; i -= 1) if (compactionRecordOf(events[i]!)) latest = i;
  if (latest < 0) return { compacted: undefined, raw: events.filter((e) => !e.partial) };
  const record = compactionRecordOf(events[latest]!)!;
  const end = events.findIndex((e) => e.id === record.endEventId);
  return { compacted: events[latest], raw: events.slice(end + 1).filter((e) => !compactionRecordOf(e) && !e.partial) };
}

/**
 * `calculateRetainStartIndex`, including its defect: with a retention of 0 it reads
 * `rawEvents[length]` and throws "Cannot read properties of undefined (reading 'content')".
 */
export function calculateRetainStartIndex(rawEvents: readonly SessionEvent[], eventRetentionSize: number): number {
  let retainStartIndex = Math.max(0, rawEvents.length - eventRetentionSize);
  while (retainStartIndex > 0) {
    const eventToRetain = rawEvents[retainStartIndex] as SessionEvent;
    const previousEvent = rawEvents[retainStartIndex - 1] as SessionEvent;
    const responds = (eventToRetain.content?.parts ?? []).some((p) => p.functionResponse);
    const calls = (previousEvent.content?.parts ?? []).some((p) => p.functionCall);
    if (responds && calls) retainStartIndex -= 1;
    else break;
  }
  return retainStartIndex;
}

/**
 * `LlmSummarizer.summarize`: "[Event i - Author: x]" and the non-thought text of each event (calls
 * and responses add nothing); a first answer without text throws "LLM failed to return a valid
 * summary."; a failing call throws. Returns the record over everything through the last event.
 */
export async function llmSummarize(
  ctx: CompactionContext,
  events: readonly SessionEvent[],
  previous: CompactionRecord | undefined,
): Promise<CompactionRecord> {
  const items = [
    ...(previous ? [{ author: 'system', text: compactedContent(previous) }] : []),
    ...events.map((e) => ({ author: e.author, text: textOnly(e.content) })),
  ];
  if (items.length === 0) throw new Error('Cannot summarize an empty list of events.');
  const formatted = items.map((item, i) => `[Event ${i + 1} - Author: ${item.author}]\n${item.text}\n`).join('');
  const outcome = await requestSummary(ctx, { contents: [userText(`${ADK_JS_SUMMARY_PROMPT}\n${formatted}`)] });
  if (!outcome.ok) {
    if (outcome.reason === 'empty') throw new Error('LLM failed to return a valid summary.');
    throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  }
  return {
    endEventId: events[events.length - 1]!.id,
    contents: [userText(`${PREVIOUS_CONTEXT_SUMMARY}${outcome.text}`)],
  };
}

/**
 * Goose's tool-pair summarization, on by default at block/goose @475968db (PR #7938, "Optimize tool
 * summarization", 2026-03-18): besides the whole-history compaction, old tool call/response pairs
 * are summarized one by one in the background of the agent loop and then hidden from the model.
 *
 * - Enabled unless `GOOSE_TOOL_PAIR_SUMMARIZATION` is false (`context_mgmt/mod.rs` L23-27, default
 *   true) and unless the provider manages its own context (CLI providers; not modelled).
 * - Cutoff: `GOOSE_TOOL_CALL_CUTOFF`, else clamp(3 × floor(limit × t) / 20,000, 10, 500) with t the
 *   auto-compact threshold when it lies in (0, 1], else 0.8 (`compute_tool_call_cutoff`, L424-432;
 *   `agent.rs` L366-380).
 * - Which (`tool_ids_to_summarize`, L434-465): the agent-visible tool calls in order; the calls made
 *   in the current reply are protected (`agent.rs` L1146-1153, L1204-1208: counted over every
 *   message, hidden ones too); when more than cutoff + 10 remain eligible, the oldest 10 (a batch).
 * - How (`summarize_tool_call`, L467-524): one summarizer call per id over the messages holding
 *   that call or its response, formatted as for compaction; the answer becomes a user message the
 *   model sees and the user does not.
 * - When (`agent.rs` L1210-1216, L1674-1704): spawned at each turn of the loop over the conversation
 *   as it is before that turn's model call, and applied after the turn: when exactly two messages
 *   hold the id, both are hidden from the model and the summary is appended after the turn's new
 *   messages (at the end of the conversation, not where the pair was; #9087 moved it later). A
 *   compaction in between does not stop it: the pair's messages are found among the hidden ones and
 *   the summary still lands after the compacted history.
 *
 * Here the batch is chosen in `compactSession` before the model call (the same conversation
 * upstream's task reads) and summarized and applied at the next hook: the following
 * `compactSession`, `onModelError` (after its compaction), or `afterInvocation`. A hidden pair is a record over its
 * events; the summaries go into a record over the session's last event that also carries what that
 * event showed. Other records a new one would subsume are carried over in its contents, so only the
 * pair disappears (the engine's projection, `projectCompactionRecords`, decides what a record hides).
 */
import type { Content } from '@google/genai';
import type { CompactionRecord, SessionEvent } from '../engine/hook-types.ts';
import type { CompactionContext } from '../engine/types.ts';
import { userText } from './_shared/content-text.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { requestSummary } from './_shared/summarizer.ts';

/** `TOOLCALL_SUMMARIZATION_BATCH_SIZE` (mod.rs L21). */
export const TOOLCALL_SUMMARIZATION_BATCH_SIZE = 10;
export const MIN_TOOL_CALL_CUTOFF = 10;
export const MAX_TOOL_CALL_CUTOFF = 500;
/** The instruction of `summarize_tool_call` (paraphrased). */
export const TOOL_PAIR_SUMMARY_PROMPT =
  'Summarize this tool call and its response in one short message that says what happened (for example: "A call to github was made to get the project status"), to save tokens.';

/** A pair chosen at one turn: the call id and the summarizer's input, the pair as it read then. */
export interface PendingToolPair {
  readonly id: string;
  readonly input: string;
}

/** `compute_tool_call_cutoff` (mod.rs L424-432). */
export function computeToolCallCutoff(contextLimit: number, compactionThreshold: number, fallback: number): number {
  const threshold = compactionThreshold > 0 && compactionThreshold <= 1 ? compactionThreshold : fallback;
  const effective = Math.floor(contextLimit * threshold);
  return Math.min(MAX_TOOL_CALL_CUTOFF, Math.max(MIN_TOOL_CALL_CUTOFF, Math.floor((3 * effective) / 20_000)));
}

/** `tool_ids_to_summarize` (mod.rs L434-465) over the agent-visible history. */
export function toolIdsToSummarize(history: readonly HistoryMessage[], cutoff: number, protectLastN: number): string[] {
  const ids = history.flatMap((m) => callIdsOf(m.content));
  const eligible = Math.max(0, ids.length - protectLastN);
  if (eligible <= cutoff + TOOLCALL_SUMMARIZATION_BATCH_SIZE) return [];
  return ids.slice(0, TOOLCALL_SUMMARIZATION_BATCH_SIZE);
}

/** Tool calls made in this invocation (upstream: requests added since the reply began, hidden ones included). */
export function currentTurnToolCount(ctx: Pick<CompactionContext, 'events' | 'invocationId'>): number {
  return (ctx.events ?? [])
    .filter((e) => e.invocationId === ctx.invocationId && !e.partial && !e.actions?.compaction)
    .reduce((n, e) => n + (e.content?.parts ?? []).filter((p) => p.functionCall).length, 0);
}

/**
 * The batch of this turn: each id with the messages that hold its call or response, formatted as
 * `summarize_tool_call` sends them (the conversation as it is before the turn's model call).
 */
export function chooseToolPairs(
  history: readonly HistoryMessage[],
  ids: readonly string[],
  format: (content: Content) => string,
): PendingToolPair[] {
  return ids.flatMap((id) => {
    const matching = history.filter((m) => holdsId(m.content, id));
    return matching.length === 0 ? [] : [{ id, input: matching.map((m) => format(m.content)).join('\n') }];
  });
}

/**
 * `summarize_tool_call` for each chosen pair (one summarizer call each; a failed one is skipped, as
 * upstream logs it; an answer without text is an empty summary, as upstream keeps the message), then
 * the summaries applied after `before` (records this hook already appends, e.g. a compaction): each
 * pair found in exactly two messages of `base` (the history when the hook began, as upstream finds
 * the pair among hidden messages too) is hidden, and the summaries land after the session's last
 * event. The calls are made here, where the summaries take effect, so a step's summarizer calls and
 * the request they shrink are the same step; their input is the one chosen at the earlier turn.
 */
export async function applyPairSummaries(
  ctx: CompactionContext,
  base: readonly HistoryMessage[],
  before: readonly CompactionRecord[],
  pending: readonly PendingToolPair[],
): Promise<CompactionRecord[]> {
  const events = ctx.events ?? [];
  const last = events[events.length - 1];
  if (last === undefined || pending.length === 0) return [];
  const records: CompactionRecord[] = [];
  const ranges = new Set<string>();
  const landed: Content[] = [];
  for (const { id, input } of pending) {
    const outcome = await requestSummary(ctx, {
      model: ctx.summarizer.name,
      contents: [userText(input)],
      config: { systemInstruction: TOOL_PAIR_SUMMARY_PROMPT },
    });
    if (!outcome.ok && outcome.reason !== 'empty') {
      ctx.warn?.('goose: Failed to summarize tool pair', { id, reason: outcome.reason });
      continue;
    }
    const matching = base.filter((m) => holdsId(m.content, id));
    if (matching.length !== 2) continue;
    const start = rawStart(matching[0]!, events);
    const end = matching[1]!.throughEventId;
    if (start !== undefined && !ranges.has(`${start}\u0000${end}`)) {
      ranges.add(`${start}\u0000${end}`);
      records.push(
        carrying(events, [...before, ...records], { startEventId: start, endEventId: end }, (m) =>
          matching.some((pair) => pair.content === m.content),
        ),
      );
    }
    landed.push(userText(outcome.ok ? outcome.text : ''));
  }
  if (landed.length > 0) {
    const host = carrying(events, [...before, ...records], { startEventId: last.id, endEventId: last.id }, () => false);
    records.push({ ...host, contents: [...host.contents, ...landed] });
  }
  return records;
}

/**
 * A record over `range` whose contents are what it would make disappear besides `dropped` (records
 * it subsumes, in their order), so that adding it hides only what is meant.
 */
function carrying(
  events: readonly SessionEvent[],
  records: readonly CompactionRecord[],
  range: { startEventId: string; endEventId: string },
  dropped: (m: HistoryMessage) => boolean,
): CompactionRecord {
  const shown = projectWith(events, records);
  const after = new Set(projectWith(events, [...records, { ...range, contents: [] }]).map((m) => m.content));
  const kept = shown.filter((m) => !after.has(m.content) && !dropped(m)).map((m) => structuredClone(m.content));
  return { ...range, contents: kept };
}

/** The history as the engine will project it once `records` are appended after `events`. */
export function projectWith(events: readonly SessionEvent[], records: readonly CompactionRecord[]): HistoryMessage[] {
  const last = events[events.length - 1];
  const appended: SessionEvent[] = records.map((record, i) => ({
    id: `goose-tool-pairs-${i}`,
    invocationId: last?.invocationId ?? '',
    author: 'goose',
    timestamp: last?.timestamp ?? 0,
    actions: { compaction: record },
  }));
  return projectedHistory({ events: [...events, ...appended] });
}

/** The first session event a message covers. */
function rawStart(message: HistoryMessage, events: readonly SessionEvent[]): string | undefined {
  if (!message.fromRecord) return message.event.id;
  return message.record?.startEventId ?? events[0]?.id;
}

function callIdsOf(content: Content): string[] {
  return (content.parts ?? []).flatMap((p) => (p.functionCall?.id ? [p.functionCall.id] : []));
}

function holdsId(content: Content, id: string): boolean {
  return (content.parts ?? []).some((p) => p.functionCall?.id === id || p.functionResponse?.id === id);
}

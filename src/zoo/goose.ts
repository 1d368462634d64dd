/**
 * Goose auto-compaction (block/goose `crates/goose/src/context_mgmt/mod.rs`, read in full on
 * 2026-11-27 at @331a8429, the one commit at which the public index stores it — the repository,
 * about 590 MB, cannot be fetched here, nor can 0036b819, the earlier pin, be read:
 * `DEFAULT_COMPACTION_THRESHOLD`, `check_if_compaction_needed`, `compact_messages`, `do_compact`,
 * `filter_tool_responses`, `format_message_for_compacting`, each as modelled below; the agent
 * loop's use of them from index copies of `crates/goose/src/agents/agent.rs`, whose revisions
 * differ in detail).
 *
 * - When: at the start of a reply, with the new user message already in the conversation (X4,
 *   the invocation's first request), and on a provider "context length exceeded" (X3).
 * - Count: the session's total tokens (the last response's total here, X7); none yet (or reset by
 *   a compaction) → an estimate of the agent-visible messages (chars/4 here; Goose uses a
 *   tokenizer). Compact when count / context limit > `threshold` (0.8, `GOOSE_AUTO_COMPACT_THRESHOLD`;
 *   ≤ 0 or ≥ 1 disables it).
 * - `compact_messages`: EVERY agent-visible message is summarized (no tail kept): the messages
 *   formatted as `[user]: …` / `[assistant]: …` lines (tool calls as `tool_request(name): args`,
 *   results as `tool_response: text`) inside the system prompt, one user message asking for the
 *   summary. When the summarizer's context is exceeded, the tool-response messages are removed
 *   "middle out" — 10 %, 20 %, 50 %, then 100 % of them — and the call retried; still exceeded →
 *   an error. The new history: the summary (as a user message), an assistant continuation text
 *   ("Your context was compacted…"; the tool-loop variant when the latest user text is not the
 *   last message), then a fresh copy of the latest user text message.
 * - Overflow: compact and retry; a second overflow in the same reply stops it ("Unable to
 *   continue: Context limit still exceeded after compaction").
 * - A failed compaction ends the reply with the error.
 * Known limits kept: the whole history goes to the summarizer (only tool responses are ever
 * dropped from its input); after a compaction the count is an estimate until the next response.
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import {
  hasFunctionResponse,
  isTypedUserMessage,
  modelText,
  partText,
  textOnly,
  userText,
} from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const GOOSE = 'goose';
export const DEFAULT_COMPACTION_THRESHOLD = 0.8;
/** `do_compact`: the shares of tool-response messages removed, one per attempt. */
export const REMOVAL_PERCENTAGES: readonly number[] = [0, 10, 20, 50, 100];
export const CONVERSATION_CONTINUATION_TEXT =
  'Your context was compacted. The previous message contains a summary of the conversation so far.\nDo not mention that you read a summary or that conversation summarization occurred.\nJust continue the conversation naturally based on the summarized context.';
export const TOOL_LOOP_CONTINUATION_TEXT =
  'Your context was compacted. The previous message contains a summary of the conversation so far.\nDo not mention that you read a summary or that conversation summarization occurred.\nContinue calling tools as necessary to complete the task.';
export const GOOSE_SUMMARY_REQUEST = 'Please summarize the conversation history provided in the system prompt.';
/** The `compaction.md` template, by its intent (paraphrased). */
export const GOOSE_COMPACTION_PROMPT =
  "Summarize the conversation below so the agent can continue the task: the user's requests, what was done, files and commands involved, errors and fixes, and what remains.";

export const AUDIT: StrategyAudit = {
  upstream: 'block/goose',
  commit: '331a8429 (context_mgmt/mod.rs; agent.rs from index copies)',
  checked: '2026-11-27',
  follows: [
    'crates/goose/src/context_mgmt/mod.rs @331a8429 (read in full in the public index): DEFAULT_COMPACTION_THRESHOLD 0.8, the continuation texts, compact_messages (everything summarized, the latest text-only user message re-appended as a fresh copy), check_if_compaction_needed (session total, else a tokenizer estimate of the agent-visible messages; ratio > threshold; <= 0 or >= 1 disables), filter_tool_responses (middle out, at least one), do_compact (0/10/20/50/100 %, then an error), format_message_for_compacting',
    'crates/goose/src/agents/agent.rs (index copies, e.g. @43025f88): the check at the start of a reply; ContextLengthExceeded → compaction_attempts, stop at 2',
  ],
  leavesOut: [
    'agent.rs is not read at one commit: its stored copies differ (the check and the overflow handling are common to them); so whether tool-pair summarization (mod.rs @331a8429 compute_tool_call_cutoff, tool_ids_to_summarize, maybe_summarize_tool_pairs) is switched on at that commit is not established — older copies have ENABLE_TOOL_PAIR_SUMMARIZATION = false; not modelled',
    "the tokenizer (chars/4 here when no usage is known) and the session total as the last response's total tokens",
    'manual /compact, the structured-summary rendering of newer revisions, the compaction.md text (paraphrased); the preserved user text joins several text parts without the newline upstream puts between them',
  ],
};

const STATE = { total: 'goose:totalTokens', attempts: 'goose:compactionAttempts' } as const;

export function gooseStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(GOOSE, options, {
    threshold: {
      kind: 'number',
      min: 0,
      max: 1,
      meaning: 'GOOSE_AUTO_COMPACT_THRESHOLD: share of the context limit (default 0.8; 0 or 1 disables)',
    },
  });
  const threshold = read.threshold ?? DEFAULT_COMPACTION_THRESHOLD;

  return {
    name: GOOSE,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (!usage.missing) ctx.state.set(STATE.total, usage.totalTokens || usage.inputTokens + usage.outputTokens);
    },
    async compactSession(ctx) {
      const history = projectedHistory(ctx);
      // The start of a reply: nothing answered yet in this invocation.
      const startOfReply = !history.some(
        (m) => !m.fromRecord && m.content.role === 'model' && m.event.invocationId === ctx.invocationId,
      );
      if (!startOfReply) return undefined;
      ctx.state.set(STATE.attempts, { invocation: ctx.invocationId, count: 0 });
      if (threshold <= 0 || threshold >= 1 || ctx.contextWindow <= 0) return undefined;
      const stored = ctx.state.get(STATE.total) as number | undefined;
      const current = stored ?? estimate(history);
      if (current / ctx.contextWindow <= threshold) return undefined;
      const record = await compactMessages(ctx, history);
      return record ? { append: [record] } : { endInvocation: true };
    },
    async onModelError(ctx, error) {
      if (!isContextWindowExceeded(error)) return undefined;
      const previous = ctx.state.get(STATE.attempts) as { invocation: string; count: number } | undefined;
      const count = (previous !== undefined && previous.invocation === ctx.invocationId ? previous.count : 0) + 1;
      ctx.state.set(STATE.attempts, { invocation: ctx.invocationId, count });
      if (count >= 2) {
        ctx.warn?.('goose: Unable to continue: Context limit still exceeded after compaction.');
        return undefined;
      }
      const record = await compactMessages(ctx, projectedHistory(ctx));
      return record ? { append: [record], retry: true } : undefined;
    },
  };
}

/** `compact_messages` (not manual): the record replacing the whole history, or undefined when the summary failed. */
async function compactMessages(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
): Promise<CompactionRecord | undefined> {
  const end = lastEventId(ctx);
  if (history.length === 0 || end === undefined) return undefined;
  let preservedIndex = -1;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    if (
      isTypedUserMessage(history[i]!.content) &&
      (history[i]!.content.parts ?? []).every((p) => typeof p.text === 'string')
    ) {
      preservedIndex = i;
      break;
    }
  }
  const summary = await doCompact(
    ctx,
    history.map((m) => m.content),
  );
  if (summary === undefined) return undefined;
  ctx.state.set(STATE.total, undefined);
  const isMostRecent = preservedIndex === history.length - 1;
  const contents: Content[] = [
    userText(summary),
    modelText(isMostRecent ? CONVERSATION_CONTINUATION_TEXT : TOOL_LOOP_CONTINUATION_TEXT),
  ];
  if (preservedIndex >= 0) contents.push(userText(textOnly(history[preservedIndex]!.content)));
  return { endEventId: end, contents };
}

/** `do_compact`: the summary text, removing tool responses middle out while the summarizer's context is exceeded. */
async function doCompact(ctx: CompactionContext, messages: readonly Content[]): Promise<string | undefined> {
  for (const percent of REMOVAL_PERCENTAGES) {
    const text = filterToolResponses(messages, percent).map(formatMessageForCompacting).join('\n');
    const outcome = await requestSummary(ctx, {
      model: ctx.summarizer.name,
      contents: [userText(GOOSE_SUMMARY_REQUEST)],
      config: { systemInstruction: `${GOOSE_COMPACTION_PROMPT}\n\n${text}` },
    });
    if (outcome.ok) return outcome.text;
    if (outcome.reason !== 'overflow') break;
  }
  ctx.warn?.('goose: Failed to compact');
  return undefined;
}

/** `filter_tool_responses`: drop `percent` % (at least one) of the tool-response messages, from the middle outwards. */
export function filterToolResponses(messages: readonly Content[], percent: number): Content[] {
  if (percent === 0) return [...messages];
  const toolIndices = messages.flatMap((m, i) => (hasFunctionResponse(m) ? [i] : []));
  if (toolIndices.length === 0) return [...messages];
  const remove = Math.max(1, Math.floor((toolIndices.length * percent) / 100));
  const middle = Math.floor(toolIndices.length / 2);
  const removed = new Set<number>();
  for (let i = 0; i < remove; i += 1) {
    const offset = Math.floor(i / 2);
    if (i % 2 === 0) {
      if (middle > offset) removed.add(toolIndices[middle - offset - 1]!);
    } else if (middle + offset < toolIndices.length) {
      removed.add(toolIndices[middle + offset]!);
    }
  }
  return messages.filter((_, i) => !removed.has(i));
}

/** `format_message_for_compacting`: `[role]: parts`, calls as `tool_request(name): args`, results as `tool_response: text`. */
function formatMessageForCompacting(content: Content): string {
  const parts = (content.parts ?? []).flatMap((part) => {
    if (typeof part.text === 'string') return part.thought === true ? [] : [part.text];
    if (part.functionCall)
      return [`tool_request(${part.functionCall.name}): ${JSON.stringify(part.functionCall.args ?? {})}`];
    if (part.functionResponse) {
      const values = Object.values(part.functionResponse.response ?? {}).filter(
        (v): v is string => typeof v === 'string',
      );
      return [values.length > 0 ? `tool_response: ${values.join('\n')}` : 'tool_response: [non-text content]'];
    }
    const text = partText(part);
    return text === '' ? [] : [text];
  });
  const role = content.role === 'model' ? 'assistant' : 'user';
  return parts.length === 0 ? `[${role}]: <empty message>` : `[${role}]: ${parts.join('\n')}`;
}

function estimate(history: readonly HistoryMessage[]): number {
  return Math.ceil(
    history.reduce((sum, m) => sum + (m.content.parts ?? []).reduce((c, p) => c + partText(p).length, 0), 0) / 4,
  );
}

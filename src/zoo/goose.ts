/**
 * Goose auto-compaction, block/goose @475968db64b968c10c49533775a44ba5b482d4d9 (`main`, the merge
 * of PR #7938 "Optimize tool summarization", 2026-03-18), `crates/goose/src/context_mgmt/mod.rs`
 * and `crates/goose/src/agents/agent.rs` (+ `reply_parts.rs`) read in full at that commit in the
 * history of a fork's snapshot (dayanruben/goose, whose `main` carries upstream's commits through
 * 2026-08). The earlier pin, 331a8429, is a commit of PR #7938's branch, not on `main` (its mod.rs,
 * the one stored in the index, has the branch's batch of cutoff / 5 and no on/off setting); its
 * agent.rs cannot be read, so the strategy is pinned to the PR's merge, where both files can.
 *
 * - When: at the start of a reply, with the new user message already in the conversation (X4,
 *   the invocation's first request; `agent.rs` L1028-1099), and on a provider "context length
 *   exceeded" (X3, L1511-1560). No check between the tool calls of one reply.
 * - Count (`check_if_compaction_needed`, mod.rs L185-226): the session's `total_tokens` (the last
 *   response's total here, X7; after a compaction the summary's output tokens, `reply_parts.rs`
 *   L386-433); none yet → an estimate of the agent-visible messages (chars/4 here; Goose uses a
 *   tokenizer). Compact when count / context limit > `threshold` (0.8, `GOOSE_AUTO_COMPACT_THRESHOLD`;
 *   ≤ 0 or ≥ 1 disables it).
 * - `compact_messages` (L65-182): EVERY agent-visible message is summarized (no tail kept): the
 *   messages formatted as `[user]: …` / `[assistant]: …` lines (tool calls as `tool_request(name):
 *   args`, results as `tool_response: text`) inside the system prompt, one user message asking for
 *   the summary. When the summarizer's context is exceeded, the tool-response messages are removed
 *   "middle out" — 10 %, 20 %, 50 %, then 100 % of them — and the call retried; still exceeded → an
 *   error (`do_compact`, L278-343). The new history: the summary (as a user message), an assistant
 *   continuation text ("Your context was compacted…"; the tool-loop variant when the latest user
 *   message with text and no tool content is not the last message), then a fresh copy of that
 *   message's text parts joined by newlines.
 * - Overflow: compact and retry; `compaction_attempts` counts overflows since the last successful
 *   response (every response resets it, L1231), and a second in a row stops the reply ("Unable to
 *   continue: Context limit still exceeded after compaction", L1513-1523).
 * - A failed compaction ends the reply with the error.
 * - Tool-pair summarization (on by default at this commit, `GOOSE_TOOL_PAIR_SUMMARIZATION`):
 *   goose-tool-pairs.ts.
 * Known limits kept: the whole history goes to the summarizer (only tool responses are ever
 * dropped from its input); the count after a compaction is the summary's size until the next
 * response; a pair's summary lands at the end of the conversation, after the turn that follows it.
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionResponse, modelText, partText, userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';
import {
  applyPairSummaries,
  chooseToolPairs,
  computeToolCallCutoff,
  currentTurnToolCount,
  projectWith,
  toolIdsToSummarize,
  type PendingToolPair,
} from './goose-tool-pairs.ts';

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
  commit: '475968db',
  checked: '2026-11-27',
  follows: [
    'block/goose 475968db64b968c10c49533775a44ba5b482d4d9 (main, the merge of PR #7938, 2026-03-18), read in full in the history of the dayanruben/goose snapshot (its main carries upstream main through 2026-08-21); the earlier pin 331a8429 is a commit of the PR #7938 branch (its mod.rs, stored in the index, has the branch form: batch cutoff / 5, no on/off setting, cutoff from limit / 10,000), not on main, and its agent.rs is unreadable',
    'crates/goose/src/context_mgmt/mod.rs @475968db: L19 DEFAULT_COMPACTION_THRESHOLD 0.8; L29-38 the continuation texts; L65-182 compact_messages (everything summarized; the latest agent-visible user message with text and no tool request/response re-appended as its text parts joined by newlines; the tool-loop text when that message is not the last); L185-226 check_if_compaction_needed (session total_tokens, else a tokenizer estimate of the agent-visible messages; ratio > threshold; <= 0 or >= 1 disables); L228-276 filter_tool_responses (middle out, at least one); L278-343 do_compact (0/10/20/50/100 %, then an error); L345-422 format_message_for_compacting',
    'mod.rs @475968db tool-pair summarization, on by default: L21 batch 10; L23-27 GOOSE_TOOL_PAIR_SUMMARIZATION (default true); L424-432 compute_tool_call_cutoff (clamp(3 × floor(limit × t) / 20,000, 10, 500), t outside (0, 1] → 0.8); L434-465 tool_ids_to_summarize (current-reply calls protected; more than cutoff + 10 eligible → the oldest 10); L467-524 summarize_tool_call (one call per id, the pair formatted, the answer a user message only the agent sees); L526-551 maybe_summarize_tool_pairs (off when disabled or the provider manages its own context)',
    "crates/goose/src/agents/agent.rs @475968db: L366-380 the cutoff (GOOSE_TOOL_CALL_CUTOFF, else compute_tool_call_cutoff with the configured threshold); L1028-1099 the check at the start of a reply and its compaction (a failure ends the reply); L1146-1153 and L1204-1216 the per-turn task over the conversation before the model call, the calls of this reply protected; L1231 compaction_attempts reset by every successful response; L1511-1560 ContextLengthExceeded → compaction_attempts + 1, at 2 stop, else compact and retry (a failure ends the reply); L1674-1713 the task applied after the turn: a pair found in exactly two messages is hidden and its summary appended after the turn's messages",
    "crates/goose/src/agents/reply_parts.rs @475968db L386-433 update_session_metrics: after a compaction total_tokens is the summary's output tokens (ensure_tokens estimates them when the provider reports none)",
  ],
  leavesOut: [
    "the tokenizer (chars/4 here when no usage is known), the session total as the last response's total tokens",
    'providers that manage their own context (Claude Code / Gemini CLI providers: no tool-pair summaries); the tool-pair summarizer runs concurrently with the model call upstream and before it here (same input, same result)',
    'manual /compact, the compaction.md and tool-pair prompt texts (paraphrased), the inline notifications',
  ],
};

const STATE = {
  total: 'goose:totalTokens',
  attempts: 'goose:compactionAttempts',
  pending: 'goose:pendingPairSummaries',
} as const;

export function gooseStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(GOOSE, options, {
    threshold: {
      kind: 'number',
      min: 0,
      max: 1,
      meaning: 'GOOSE_AUTO_COMPACT_THRESHOLD: share of the context limit (default 0.8; 0 or 1 disables)',
    },
    tool_pair_summarization: {
      kind: 'boolean',
      meaning: 'GOOSE_TOOL_PAIR_SUMMARIZATION: summarize old tool call/response pairs (default true)',
    },
    tool_call_cutoff: {
      kind: 'integer',
      min: 0,
      meaning: 'GOOSE_TOOL_CALL_CUTOFF: tool calls kept before pairs are summarized (default from the context limit)',
    },
  });
  const threshold = read.threshold ?? DEFAULT_COMPACTION_THRESHOLD;
  const toolPairs = read.tool_pair_summarization ?? true;

  /** The batch of this turn, chosen over the history the model is about to get. */
  function startToolPairs(ctx: CompactionContext, history: readonly HistoryMessage[]): void {
    if (!toolPairs || ctx.contextWindow <= 0) return;
    const cutoff =
      read.tool_call_cutoff ?? computeToolCallCutoff(ctx.contextWindow, threshold, DEFAULT_COMPACTION_THRESHOLD);
    const ids = toolIdsToSummarize(history, cutoff, currentTurnToolCount(ctx));
    const chosen = chooseToolPairs(history, ids, formatMessageForCompacting);
    if (chosen.length > 0) ctx.state.set(STATE.pending, chosen);
  }

  /** The previous turn's batch, summarized and applied after `before` (records this hook appends first). */
  async function takePending(
    ctx: CompactionContext,
    base: readonly HistoryMessage[],
    before: readonly CompactionRecord[],
  ): Promise<CompactionRecord[]> {
    const pending = ctx.state.get(STATE.pending) as PendingToolPair[] | undefined;
    if (pending === undefined) return [];
    ctx.state.set(STATE.pending, undefined);
    return applyPairSummaries(ctx, base, before, pending);
  }

  return {
    name: GOOSE,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (!usage.missing) ctx.state.set(STATE.total, usage.totalTokens || usage.inputTokens + usage.outputTokens);
      // agent.rs L1231: every successful response resets compaction_attempts.
      ctx.state.set(STATE.attempts, { invocation: ctx.invocationId, count: 0 });
    },
    async compactSession(ctx) {
      const base = projectedHistory(ctx);
      const applied = await takePending(ctx, base, []);
      const history = applied.length > 0 ? projectWith(ctx.events ?? [], applied) : base;
      // The start of a reply: nothing answered yet in this invocation.
      const startOfReply = !history.some(
        (m) => !m.fromRecord && m.content.role === 'model' && m.event.invocationId === ctx.invocationId,
      );
      if (startOfReply) {
        ctx.state.set(STATE.attempts, { invocation: ctx.invocationId, count: 0 });
        if (threshold > 0 && threshold < 1 && ctx.contextWindow > 0) {
          const stored = ctx.state.get(STATE.total) as number | undefined;
          const current = stored ?? estimate(history);
          if (current / ctx.contextWindow > threshold) {
            const record = await compactMessages(ctx, history);
            return record ? { append: [...applied, record] } : { append: applied, endInvocation: true };
          }
        }
      }
      startToolPairs(ctx, history);
      return applied.length > 0 ? { append: applied } : undefined;
    },
    async onModelError(ctx, error) {
      if (!isContextWindowExceeded(error)) return undefined;
      const previous = ctx.state.get(STATE.attempts) as { invocation: string; count: number } | undefined;
      const count = (previous !== undefined && previous.invocation === ctx.invocationId ? previous.count : 0) + 1;
      ctx.state.set(STATE.attempts, { invocation: ctx.invocationId, count });
      const base = projectedHistory(ctx);
      if (count >= 2) {
        ctx.warn?.('goose: Unable to continue: Context limit still exceeded after compaction.');
        const applied = await takePending(ctx, base, []);
        return applied.length > 0 ? { append: applied } : undefined;
      }
      const record = await compactMessages(ctx, base);
      if (!record) {
        const applied = await takePending(ctx, base, []);
        return applied.length > 0 ? { append: applied } : undefined;
      }
      // The turn's tool-pair summaries still land, after the compacted history (agent.rs L1674-1713).
      return { append: [record, ...(await takePending(ctx, base, [record]))], retry: true };
    },
    async afterInvocation(ctx) {
      const applied = await takePending(ctx, projectedHistory(ctx), []);
      return applied.length > 0 ? { append: applied } : undefined;
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
    if (history[i]!.content.role === 'user' && hasTextOnly(history[i]!.content)) {
      preservedIndex = i;
      break;
    }
  }
  const summary = await doCompact(
    ctx,
    history.map((m) => m.content),
  );
  if (summary === undefined) return undefined;
  // reply_parts.rs update_session_metrics: after a compaction the session's total is the summary's output.
  ctx.state.set(STATE.total, summary.outputTokens);
  const isMostRecent = preservedIndex === history.length - 1;
  const contents: Content[] = [
    userText(summary.text),
    modelText(isMostRecent ? CONVERSATION_CONTINUATION_TEXT : TOOL_LOOP_CONTINUATION_TEXT),
  ];
  const preserved = preservedIndex >= 0 ? extractText(history[preservedIndex]!.content) : undefined;
  if (preserved !== undefined) contents.push(userText(preserved));
  return { endEventId: end, contents };
}

/** `has_text_only`: some text, and no tool request or response (other parts, e.g. images, allowed). */
function hasTextOnly(content: Content): boolean {
  const parts = content.parts ?? [];
  return (
    parts.some((p) => typeof p.text === 'string' && p.thought !== true) &&
    !parts.some((p) => p.functionCall !== undefined || p.functionResponse !== undefined)
  );
}

/** `extract_text`: the text parts joined by newlines, or nothing. */
function extractText(content: Content): string | undefined {
  const texts = (content.parts ?? []).flatMap((p) =>
    typeof p.text === 'string' && p.thought !== true ? [p.text] : [],
  );
  return texts.length === 0 ? undefined : texts.join('\n');
}

/** `do_compact`: the summary and its output tokens, removing tool responses middle out while the summarizer's context is exceeded. */
async function doCompact(
  ctx: CompactionContext,
  messages: readonly Content[],
): Promise<{ text: string; outputTokens: number } | undefined> {
  for (const percent of REMOVAL_PERCENTAGES) {
    const text = filterToolResponses(messages, percent).map(formatMessageForCompacting).join('\n');
    const outcome = await requestSummary(ctx, {
      model: ctx.summarizer.name,
      contents: [userText(GOOSE_SUMMARY_REQUEST)],
      config: { systemInstruction: `${GOOSE_COMPACTION_PROMPT}\n\n${text}` },
    });
    if (outcome.ok) {
      // ensure_tokens: the provider's output count, else an estimate of the answer.
      const reported = outcome.usageMetadata?.candidatesTokenCount;
      return { text: outcome.text, outputTokens: reported ?? Math.ceil(outcome.text.length / 4) };
    }
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
export function formatMessageForCompacting(content: Content): string {
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

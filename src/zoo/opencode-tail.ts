/**
 * opencode, tail generation (PR #21822 "keep recent real user turns verbatim… persist
 * `tail_start_id`", merged 2026-04-10; `tail_tokens` renamed `preserve_recent_tokens` in PR #23491;
 * `select`/`splitTurn` and constants as in index copies of `compaction.ts` [index]; zoo.md §2b).
 *
 * Trigger, reactive path, stop on failure and prune as the classic generation
 * (opencode-classic.ts). What changes is what is kept and what the summarizer sees:
 * - Tail: the last `tail_turns` (2) user turns, newest first, each sized `Token.estimate` of its
 *   JSON (round(chars/4)) against `preserve_recent_tokens` (default clamp(25 % of usable, 2,000,
 *   8,000)); a turn that does not fit is split (`splitTurn`: the first suffix starting after its
 *   user message that fits) and the selection stops. Nothing fits, or the tail would start at the
 *   first message: everything is summarized (no `tail_start_id`).
 * - The summarizer sees the head only, prior summaries hidden but the previous summary passed in
 *   to update ("anchored"), media stripped, tool outputs cut to 2,000 characters.
 * - The result: [marker, summary] in place of the head, the tail from `tail_start_id`, then
 *   "Continue if you have next steps…".
 * Known bugs kept: #38530 (the tail is never shown to the summarizer, so stale next steps repeat),
 * #17065/#27594 (a split turn's tail may start at a tool result whose call was summarized), the
 * chars/4 tail sizing (CJK kept 4× over budget).
 */
import type { Content } from '@google/genai';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import { capText, userText } from './_shared/content-text.ts';
import { firstRawEventId, lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import {
  CONTINUE_TEXT,
  forgetStepTokens,
  lastIsSummary,
  lastStepTokens,
  pruneRecords,
  recordStepTokens,
  SESSION_TOO_LARGE,
  summaryContents,
  tokenEstimate,
  turnStarts,
  usableTokens,
} from './_shared/opencode.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';
import { opencodeOptions, reactiveCompaction } from './opencode-classic.ts';

export const OPENCODE_TAIL = 'opencode-tail';
export const DEFAULT_TAIL_TURNS = 2;
export const MIN_PRESERVE_RECENT_TOKENS = 2_000;
export const MAX_PRESERVE_RECENT_TOKENS = 8_000;
export const TOOL_OUTPUT_MAX_CHARS = 2_000;
/** The anchored template, by its headings (paraphrased, peers.md §2). */
export const OPENCODE_TAIL_PROMPT =
  'Summarize the conversation so far for another agent. Update the previous summary when one is given: keep what is still true, drop what is stale, merge what is new. Use terse bullets with exact paths and error strings. Sections: Goal; Constraints & Preferences; Progress (Done, In Progress, Blocked); Key Decisions; Next Steps; Critical Context; Relevant Files.';

export function opencodeTailStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const { tail_turns, preserve_recent_tokens, ...rest } = { ...(options ?? {}) } as Record<string, unknown>;
  const tail = readOptions(OPENCODE_TAIL, { tail_turns, preserve_recent_tokens }, {
    tail_turns: { kind: 'integer', min: 0, meaning: 'compaction.tail_turns: recent user turns kept verbatim (default 2)' },
    preserve_recent_tokens: { kind: 'integer', min: 0, meaning: 'compaction.preserve_recent_tokens: tail budget (default clamp(25% of usable, 2,000, 8,000))' },
  });
  const { limits, prune } = opencodeOptions(OPENCODE_TAIL, rest, true);
  const tailTurns = tail.tail_turns ?? DEFAULT_TAIL_TURNS;

  return {
    name: OPENCODE_TAIL,
    compact() {},
    afterModel: (ctx, _response, usage) => void recordStepTokens(ctx, usage),

    async compactSession(ctx) {
      if (!limits.auto || ctx.contextWindow <= 0) return undefined;
      const history = projectedHistory(ctx);
      const usable = usableTokens(ctx, limits);
      if (lastIsSummary(history) || lastStepTokens(ctx) < usable) return undefined;
      const budget = tail.preserve_recent_tokens ?? Math.min(MAX_PRESERVE_RECENT_TOKENS, Math.max(MIN_PRESERVE_RECENT_TOKENS, Math.floor(0.25 * usable)));
      const tailStart = selectTail(history, tailTurns, budget);
      const head = tailStart === undefined ? history : history.slice(0, tailStart);
      const summary = await summarize(ctx, head);
      const end = lastEventId(ctx);
      if (summary === undefined || end === undefined) return { endInvocation: true };
      forgetStepTokens(ctx);
      const tailStartId = tailStart === undefined ? undefined : firstRawEventId(history, tailStart);
      if (tailStart === undefined || tailStartId === undefined) {
        return { append: [{ endEventId: end, contents: [...summaryContents(summary), userText(CONTINUE_TEXT)] }] };
      }
      const lastMessage = history[history.length - 1]!;
      return {
        append: [
          { endEventId: head[head.length - 1]!.throughEventId, contents: summaryContents(summary) },
          // "Continue…" is a new message after the tail: the newest message followed by it.
          { startEventId: lastMessage.event.id, endEventId: lastMessage.event.id, contents: [structuredClone(lastMessage.content), userText(CONTINUE_TEXT)] },
        ],
      };
    },

    onModelError: reactiveCompaction(summarize),

    afterInvocation: (ctx) => (prune ? { append: pruneRecords(projectedHistory(ctx)) } : undefined),
  };
}

/**
 * `select`: the index where the verbatim tail starts, or undefined to summarize everything. Turns
 * newest first; a turn that fits is kept whole; the first that does not is split (`splitTurn`) and
 * the selection stops there.
 */
export function selectTail(history: readonly HistoryMessage[], tailTurns: number, budget: number): number | undefined {
  if (tailTurns <= 0) return undefined;
  const starts = turnStarts(history);
  const turns = starts.map((start, i) => ({ start, end: (starts[i + 1] ?? history.length) - 1 })).slice(-tailTurns);
  let remaining = budget;
  let tailStart: number | undefined;
  for (let t = turns.length - 1; t >= 0; t -= 1) {
    const turn = turns[t]!;
    const size = estimateMessages(history.slice(turn.start, turn.end + 1));
    if (size <= remaining) {
      remaining -= size;
      tailStart = turn.start;
      continue;
    }
    for (let start = turn.start + 1; start <= turn.end - 1; start += 1) {
      if (estimateMessages(history.slice(start, turn.end + 1)) <= remaining) {
        tailStart = start;
        break;
      }
    }
    break;
  }
  return tailStart === undefined || tailStart === 0 ? undefined : tailStart;
}

/** `Token.estimate(JSON.stringify(modelMessages(turn)))`. */
function estimateMessages(messages: readonly HistoryMessage[]): number {
  return tokenEstimate(JSON.stringify(messages.map((m) => m.content)));
}

/** The head as the summarizer sees it: no prior summaries (the last one anchors), media stripped, outputs capped. */
async function summarize(ctx: CompactionContext, head: readonly HistoryMessage[]): Promise<string | undefined> {
  const previous = [...head].reverse().find((m) => m.fromRecord && m.content.role === 'model');
  const contents: Content[] = head.filter((m) => !m.fromRecord).map((m) => stripForSummary(m.content));
  const anchor = previous ? `\n\n<previous-summary>\n${(previous.content.parts ?? []).map((p) => p.text ?? '').join('')}\n</previous-summary>` : '';
  const outcome = await requestSummary(ctx, { model: ctx.summarizer.name, contents: [...contents, userText(OPENCODE_TAIL_PROMPT + anchor)] });
  if (outcome.ok) return outcome.text;
  ctx.warn?.(`opencode-tail: ${outcome.reason === 'overflow' ? SESSION_TOO_LARGE : 'compaction failed'}`, { reason: outcome.reason });
  return undefined;
}

function stripForSummary(content: Content): Content {
  const parts = (content.parts ?? []).map((part) => {
    if (part.inlineData) return { text: `[Attached ${part.inlineData.mimeType ?? 'file'}]` };
    if (part.functionResponse) {
      const output = capText(JSON.stringify(part.functionResponse.response ?? {}), TOOL_OUTPUT_MAX_CHARS);
      return { functionResponse: { ...part.functionResponse, response: { output } } };
    }
    return structuredClone(part);
  });
  return { role: content.role ?? 'user', parts };
}

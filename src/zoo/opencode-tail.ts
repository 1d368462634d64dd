/**
 * opencode, tail generation, in two versions users run:
 * - `opencode-tail` — current (sst/opencode `packages/opencode/src/session/compaction.ts` and
 *   `overflow.ts` @31e22f65, read in the public index at that exact commit): tail budget `preserve_recent_tokens` (default
 *   clamp(25 % of usable, 2,000, 15,000)), every user turn eligible unless `tail_turns` is set,
 *   `prune` only when `compaction.prune` is true, usable = limit.input − reserved or
 *   W − maxOutput − reserved (both floored at 0), the head serialized as text for the summarizer.
 * - `opencode-tail-2026-04` — the generation of PR #21822 ("keep recent real user turns
 *   verbatim… persist `tail_start_id`", merged 2026-04-10), pinned to the opencode 1.14.34 release
 *   (tag v1.14.34, published 2026-05-04; read in npm `opencode-linux-x64@1.14.34`, whose binary embeds
 *   the bundled JavaScript of `session/compaction.ts`, `overflow.ts`, `processor.ts`, `prompt.ts` and
 *   `provider/error.ts`; no copy at c6c56ac2, the earlier pin, the v1.14.19 merge of PR #23491, can
 *   be read): `tail_turns` 2, budget clamp(25 % of usable, 2,000, 8,000), prune opt-in
 *   (`compaction.prune` must be true), usable = limit.input − reserved or W − maxOutput (both
 *   floored at 0), the head sent as messages with tool outputs cut to 2,000 characters, an empty
 *   summary landing like the current generation's, the 19-pattern overflow list. The 8,000 cap
 *   held until PR #40906 (2026-08-06) raised it to 15,000.
 * docs/peer-strategies.md §2b.
 *
 * Trigger, reactive path and stop on failure as the classic generation (opencode-classic.ts),
 * except that the current generation's reactive path does not run with `auto` off (@31e22f65
 * `processor.ts` `halt` ends the turn on the overflow; 2026-04 still compacts, #30664). The replayed
 * request is a user message of its own after the summary, so it starts a turn and the summarizer
 * reads it when a later head holds it (docs/peer-strategies.md §2b′).
 * What changes is what is kept and what the summarizer sees:
 * - Tail (`select`): user turns newest first (the last `tail_turns` of them, or all), each sized
 *   `Token.estimate` of its JSON (round(chars/4)); a turn that fits the remaining budget is kept
 *   whole; the first that does not is split (`splitTurn`: the first suffix starting after its user
 *   message, up to a suffix of only its last message, that fits) and the selection stops. Nothing
 *   fits, or the tail would start at the first message: everything is summarized (no
 *   `tail_start_id`). Both generations run `select` without earlier compactions (their request and
 *   summary hidden; @31e22f65 compaction.ts L382-390, the "start 0" rule at L274; 1.14.34 alike),
 *   so a tail that would start at the first message after the previous summary means everything is
 *   summarized, not the previous summary alone.
 * - The summarizer sees the head only, prior summaries hidden but the previous summary passed in
 *   to update ("anchored"). Current: one user message of `[User]:` / `[Assistant]:` /
 *   `[Assistant tool call]: name(JSON input)` / `[Tool result]:` lines, results cut to 2,000
 *   characters + "[truncated]"; 2026-04: the messages, media as `[Attached <mime>: <name>]`, outputs
 *   cut to 2,000 characters + a line counting the omitted ones. Both: the anchor is the newest
 *   summary's trimmed text parts joined, and none when that is blank (@31e22f65 compaction.ts
 *   `summaryText` L91-99, `completedCompactions` L101-117, L385; core session/compaction.ts
 *   `buildPrompt` L167-181: no previous summary, no anchor).
 * - The result: [marker, summary] in place of the head, the tail from `tail_start_id`, then
 *   "Continue if you have next steps…". The zoo adds "Continue…" through a record over the newest
 *   message holding a copy of it and the Continue text; that copy stands for the message
 *   (`isTailCopy`): a later summarizer reads it and a copied request starts a turn, as upstream,
 *   where the message is left as it is.
 * Known bugs kept: #38530 (the tail is never shown to the summarizer, so stale next steps repeat),
 * #41571/#44080 (both generations: an answer with no text lands as an empty summary and hides the head),
 * #17065/#27594 (a split turn's tail may start at a tool result whose call was summarized), the
 * chars/4 tail sizing (CJK kept 4× over budget).
 */
import type { Content } from '@google/genai';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { partText, userText } from './_shared/content-text.ts';
import { firstRawEventId, lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import {
  COMPACTION_MARKER_TEXT,
  CONTINUE_TEXT,
  forgetStepTokens,
  lastIsSummary,
  lastStepTokens,
  pruneRecords,
  recordStepTokens,
  SESSION_TOO_LARGE,
  standsForMessage,
  summaryContents,
  tokenEstimate,
  turnStarts,
  usableTokens,
} from './_shared/opencode.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';
import { opencodeOptions, reactiveCompaction } from './opencode-classic.ts';

export const OPENCODE_TAIL = 'opencode-tail';
export const OPENCODE_TAIL_2026_04 = 'opencode-tail-2026-04';
export type OpencodeTailGeneration = 'current' | '2026-04';
/** 2026-04: the last two user turns; current: every turn (`tail_turns` unset). */
export const DEFAULT_TAIL_TURNS_2026_04 = 2;
export const MIN_PRESERVE_RECENT_TOKENS = 2_000;
export const MAX_PRESERVE_RECENT_TOKENS = 15_000;
export const MAX_PRESERVE_RECENT_TOKENS_2026_04 = 8_000;
export const TOOL_OUTPUT_MAX_CHARS = 2_000;
/** The anchored template, by its headings (paraphrased, docs/peer-strategies.md). */
export const OPENCODE_TAIL_PROMPT =
  'Summarize the conversation so far for another agent. Update the previous summary when one is given: keep what is still true, drop what is stale, merge what is new. Use terse bullets with exact paths and error strings. Sections: Goal; Constraints & Preferences; Progress (Done, In Progress, Blocked); Key Decisions; Next Steps; Critical Context; Relevant Files.';

export const AUDIT: StrategyAudit = {
  upstream: 'sst/opencode',
  commit: '31e22f65',
  checked: '2026-11-27',
  follows: [
    'packages/opencode/src/session/compaction.ts @31e22f65 (the index stores it at this exact commit; re-read in full 2026-11-27): constants (MIN/MAX_PRESERVE_RECENT_TOKENS 2,000/15,000, TOOL_OUTPUT_MAX_CHARS 2,000), serialize, turns, splitTurn with an exclusive end, preserveRecentBudget, select (tail_turns unset = every turn), prune opt-in (returns unless compaction.prune)',
    'packages/opencode/src/session/overflow.ts @31e22f65 (stored at this commit) L8 COMPACTION_BUFFER 20,000, L10-20 usable (reserved subtracted with and without an input limit, floored at 0), L22-33 isOverflow (count = total || input + output + cache read + cache write, >= usable)',
    'compaction.ts processCompaction: the prepend path lands the summary whatever its text (summaryText undefined is not checked; only the opt-in suffix mode falls back on an empty summary)',
    'packages/opencode/src/session/processor.ts @31e22f65 halt: a ContextOverflowError (MessageV2.fromError) sets needsCompaction and process returns "compact", unless compaction.auto is false (then the turn ends on the error); prompt.ts @31e22f65 runLoop turns "compact" into compaction.create({ auto: true, overflow })',
    "compaction.ts @31e22f65 (sst/opencode 31e22f65a23c498639b8cef24b90e6ae193cdcb6, lines counted in the file the index stores at that commit; re-read 2026-11-27 for the two 2026-04 fixes, both hold here): L91-99 summaryText (text parts trimmed, blanks dropped, joined, undefined when blank), L101-117 completedCompactions (a compaction request and its finished, error-free summary), L382-390 processCompaction hides them and runs select on the rest, L385 the newest one's summaryText is previousSummary, L233-279 select (L274: no tail, or a tail at index 0 of that view, summarizes everything), L537-544 the head serialized and buildPrompt({ previousSummary }); packages/core/src/session/compaction.ts @31e22f65 L167-181 buildPrompt (L169: no previous summary, no anchor)",
    'compaction.ts @31e22f65 processCompaction (lines counted in the file the index stores at that commit): 357-373 the replay search and its hasContent guard, 685-712 the replay created as a new user message after the summary (here a record of its own), media as [Attached <mime>: <name>]; no replay → the overflow note, then Continue',
    'packages/llm/src/provider-error.ts @3d19c909 lines 4-35 (patterns), 37 (exclusions), 39-41 (isContextOverflow), called by error.ts parseAPICallError with the 413 and body-code checks: the overflow classifier of the reactive path',
  ],
  leavesOut: [
    'one pinned commit for the classifier (re-checked 2026-11-27: the list at @3d19c909 re-read and identical to the code; still no copy at or before @31e22f65): provider-error.ts is read at @3d19c909, not @31e22f65 (the index holds no copy of packages/llm at @31e22f65, and the opencode mirror, 820 MB, was too large to fetch on 2026-11-26); @31e22f65 processor.ts does import @opencode-ai/llm, the package that file belongs to',
    "the reactive path's tail: upstream runs select on the head before the replayed message and may keep part of it verbatim (tail_start_id); here the whole head is summarized",
    'the synthetic "Continue…" message is a user message upstream (a turn start, a replay candidate); here it stays inside a record and is not counted',
    "prune's walk stops at the copy of the newest message that closes a kept tail (a record's content, like a summary); upstream it stops only at a summary or an already-cleared output, so after a compaction that kept a tail the zoo may prune less",
    'the opt-in "suffix" mode (reuses the live request; off by default)',
    'plugin hooks (experimental.session.compacting) and a separate compaction agent model',
    "reasoning parts: a reasoning-only answer is the world's answer with no text; the exact prompt text of buildPrompt (paraphrased)",
    'the commit date: the index does not carry it',
    "the anchor's wording: @31e22f65 buildPrompt puts the conversation in <conversation> tags first, then the previous summary in <prior-summary> tags, then update instructions and the template; the zoo sends the conversation, the paraphrased prompt, then <previous-summary> (the 1.14.34 tag) for both generations",
  ],
};

export const AUDIT_2026_04: StrategyAudit = {
  upstream: 'anomalyco/opencode, release v1.14.34 (npm opencode-linux-x64@1.14.34)',
  commit: 'v1.14.34',
  checked: '2026-11-27',
  follows: [
    "opencode 1.14.34 (tag v1.14.34, published 2026-05-04, the release zed-industries/extensions#5894 took up): npm opencode-linux-x64@1.14.34 is a Bun-compiled binary whose embedded bundle carries the session code as minified JavaScript (the bundle's version string reads 1.14.34); read there on 2026-11-27, functions cited by their upstream names (no line numbers survive bundling). 1.14.41 (2026-05-07) carries the same constants",
    'session/compaction.ts (bundled): PRUNE_MINIMUM 20,000, PRUNE_PROTECT 40,000, TOOL_OUTPUT_MAX_CHARS 2,000, protected tools ["skill"], DEFAULT_TAIL_TURNS 2, MIN_PRESERVE_RECENT_TOKENS 2,000, MAX_PRESERVE_RECENT_TOKENS 8,000; preserveRecentBudget (preserve_recent_tokens, else min(8,000, max(2,000, floor(usable × 0.25)))); turns (user messages without a compaction part, each ending where the next starts); splitTurn (budget <= 0 or a one-message turn: none; else the first start after the user message whose suffix to the turn end fits); select (tail_turns <= 0 or no turn: summarize all; the last tail_turns turns newest first, whole turns that fit, the first that does not split and the walk stops; nothing kept or a tail starting at 0: summarize all)',
    'compaction.ts prune: returns unless compaction.prune is true; the walk skips the last two user turns, stops at a summary or an already-compacted output, protects 40,000 and prunes only past 20,000',
    'compaction.ts process: on overflow the newest real user message before the compaction request is the replay and the head ends before it (no real user message left in the head: no replay); prior summaries and their requests left out before select runs (so its indices, its "tail starting at 0" rule and its turn sizes are over the session\'s own messages), the newest one\'s text (trimmed text parts, blank = none) as <previous-summary>; the head as model messages with media stripped and tool outputs cut to 2,000 characters, then the prompt as a user message; "compact" from the summarizer: the run stops ("Conversation history too large to compact" / "Session too large to compact"); otherwise the summary lands whatever its text (only an error on the summary message stops), then the replay or "Continue if you have next steps…"',
    'message-v2 toModelMessages (bundled) with stripMedia and toolOutputMaxChars 2,000: media files become [Attached <mime>: <name>], a completed tool output past 2,000 characters is cut there and followed by a line "[Tool output truncated for compaction: omitted N chars]", an output pruned earlier reads "[Old tool result content cleared]"',
    'session/overflow.ts (bundled): COMPACTION_BUFFER 20,000; usable = 0 for a 0 context, else limit.input − (reserved ?? min(20,000, maxOutputTokens)) or context − maxOutputTokens, both floored at 0; isOverflow: false with compaction.auto false or a 0 context, else (total || input + output + cache read + cache write) >= usable',
    'session/prompt.ts (bundled) run loop: a pending compaction part is processed ("stop" ends the loop); the last finished assistant message, unless a summary, is checked with isOverflow and a compaction created (auto); "compact" from the processor creates one with overflow set when the step did not finish; prune after the loop',
    'session/processor.ts (bundled) halt: a ContextOverflowError sets needsCompaction whatever compaction.auto says (#30664 kept); process returns "compact", "stop" (blocked or an error) or "continue"',
    'provider/error.ts (bundled): OVERFLOW_PATTERNS, the 16 of @00badcb8 in order plus three (prompt too long naming the context length, too large for model, model_context_window_exceeded), isOverflow with the "400/413 (no body)" test, parseAPICallError overflow = the list || status 413 || body code context_length_exceeded (_shared/opencode-provider-error.ts OVERFLOW_PATTERNS_2026_04)',
  ],
  leavesOut: [
    'the commit of tag v1.14.34: the npm packages carry no gitHead and the 820 MB repository cannot be fetched here; c6c56ac2 (v1.14.19, the merge of PR #23491, the earlier pin) has no readable copy (not in the index, not on npm: the oldest published 1.14.x is 1.14.34)',
    'line numbers: bundling keeps no lines; functions are cited by name',
    "the usable floor at 0 is read but changes nothing here: a count is never negative, so count >= usable holds alike at a negative or a 0 usable, and the budget's clamp starts at 2,000 either way",
    "the reactive path's tail: upstream runs select on the head before the replayed message and may keep part of it verbatim (tail_start_id); here the whole head is summarized",
    'the synthetic "Continue…" message is a user message upstream (a turn start, a replay candidate); here it stays inside a record and is not counted',
    "prune's walk stops at the copy of the newest message that closes a kept tail (a record's content, like a summary); upstream it stops only at a summary or an already-cleared output, so after a compaction that kept a tail the zoo may prune less",
    "plugin hooks (experimental.session.compacting, experimental.compaction.autocontinue), a separate compaction agent model, the exact prompt text (paraphrased), reasoning parts (a reasoning-only answer is the world's answer with no text)",
  ],
};

export function opencodeTailStrategy(options?: Record<string, unknown>): CompactionStrategy {
  return opencodeTail(OPENCODE_TAIL, 'current', options);
}

export function opencodeTail2026_04Strategy(options?: Record<string, unknown>): CompactionStrategy {
  return opencodeTail(OPENCODE_TAIL_2026_04, '2026-04', options);
}

function opencodeTail(
  name: string,
  generation: OpencodeTailGeneration,
  options: Record<string, unknown> | undefined,
): CompactionStrategy {
  const { tail_turns, preserve_recent_tokens, ...rest } = { ...(options ?? {}) } as Record<string, unknown>;
  const tail = readOptions(
    name,
    { tail_turns, preserve_recent_tokens },
    {
      tail_turns: {
        kind: 'integer',
        min: 0,
        meaning: `compaction.tail_turns: recent user turns kept verbatim (default ${generation === 'current' ? 'all' : '2'})`,
      },
      preserve_recent_tokens: {
        kind: 'integer',
        min: 0,
        meaning: `compaction.preserve_recent_tokens: tail budget (default clamp(25% of usable, 2,000, ${generation === 'current' ? '15,000' : '8,000'}))`,
      },
    },
  );
  const current = generation === 'current';
  // Prune is opt-in in both generations (compaction.ts `prune` returns unless `compaction.prune` is
  // true; anomalyco/opencode#24108 at dev 6c1268f3b18e, 2026-04-24, and @31e22f65).
  const { limits, prune } = opencodeOptions(name, rest, false, current);
  const tailTurns = tail.tail_turns ?? (current ? undefined : DEFAULT_TAIL_TURNS_2026_04);
  const maxBudget = current ? MAX_PRESERVE_RECENT_TOKENS : MAX_PRESERVE_RECENT_TOKENS_2026_04;
  const summarize = current ? summarizeSerialized : summarizeMessages;

  return {
    name,
    compact() {},
    afterModel: (ctx, _response, usage) => void recordStepTokens(ctx, usage),

    async compactSession(ctx) {
      if (!limits.auto || ctx.contextWindow <= 0) return undefined;
      const history = projectedHistory(ctx);
      const usable = usableTokens(ctx, limits);
      if (lastIsSummary(history) || lastStepTokens(ctx) < usable) return undefined;
      const budget =
        tail.preserve_recent_tokens ??
        Math.min(maxBudget, Math.max(MIN_PRESERVE_RECENT_TOKENS, Math.floor(0.25 * usable)));
      // Both generations run select without earlier summaries (@31e22f65 compaction.ts L383-390).
      const tailStart = selectTailWithoutSummaries(history, tailTurns, budget);
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
          {
            startEventId: lastMessage.event.id,
            endEventId: lastMessage.event.id,
            contents: [structuredClone(lastMessage.content), userText(CONTINUE_TEXT)],
          },
        ],
      };
    },

    // Current: an overflow with `auto` off ends the turn (processor.ts `halt`); 2026-04 compacts anyway (#30664).
    onModelError: reactiveCompaction(summarize, current ? 'current' : '2026-04', {
      enabled: limits.auto,
      honoursAutoOff: current,
    }),

    afterInvocation: (ctx) => (prune ? { append: pruneRecords(projectedHistory(ctx)) } : undefined),
  };
}

/**
 * `select`: the index where the verbatim tail starts, or undefined to summarize everything. Turns
 * (the last `tailTurns`, or all when undefined) newest first; a turn that fits is kept whole; the
 * first that does not is split (`splitTurn`) and the selection stops there.
 */
export function selectTail(
  history: readonly HistoryMessage[],
  tailTurns: number | undefined,
  budget: number,
): number | undefined {
  if (tailTurns !== undefined && tailTurns <= 0) return undefined;
  const starts = turnStarts(history);
  // A turn runs from its user message up to the next turn's start (exclusive).
  const all = starts.map((start, i) => ({ start, end: starts[i + 1] ?? history.length }));
  const recent = tailTurns === undefined ? all : all.slice(-tailTurns);
  let total = 0;
  let keep: number | undefined;
  for (let t = recent.length - 1; t >= 0; t -= 1) {
    const turn = recent[t]!;
    const size = estimateMessages(history.slice(turn.start, turn.end));
    if (total + size <= budget) {
      total += size;
      keep = turn.start;
      continue;
    }
    const split = splitTurn(history, turn, budget - total);
    if (split !== undefined) keep = split;
    break;
  }
  return keep === undefined || keep === 0 ? undefined : keep;
}

/**
 * `process` (both generations: @31e22f65 compaction.ts L382-390, and 1.14.34): `select` runs on the
 * messages with earlier compactions (their request and summary) left out, so turn sizes and "a tail
 * starting at the first message" (everything summarized, L274) are over the session's own messages;
 * the index is mapped back to the history.
 */
export function selectTailWithoutSummaries(
  history: readonly HistoryMessage[],
  tailTurns: number | undefined,
  budget: number,
): number | undefined {
  const kept = history.flatMap((message, index) => (isPriorSummary(message) ? [] : [{ message, index }]));
  const start = selectTail(
    kept.map((k) => k.message),
    tailTurns,
    budget,
  );
  return start === undefined ? undefined : kept[start]!.index;
}

/** The marker and the summary of an earlier compaction's record (upstream: its request and its summary message). */
function isPriorSummary(message: HistoryMessage): boolean {
  const contents = message.record?.contents;
  return (
    message.fromRecord &&
    contents !== undefined &&
    contents[0]?.parts?.[0]?.text === COMPACTION_MARKER_TEXT &&
    (message.content === contents[0] || message.content === contents[1])
  );
}

/** `splitTurn`: the first start after the turn's user message whose suffix (to the turn's exclusive end) fits. */
function splitTurn(
  history: readonly HistoryMessage[],
  turn: { start: number; end: number },
  budget: number,
): number | undefined {
  if (budget <= 0 || turn.end - turn.start <= 1) return undefined;
  for (let start = turn.start + 1; start < turn.end; start += 1) {
    if (estimateMessages(history.slice(start, turn.end)) <= budget) return start;
  }
  return undefined;
}

/** `Token.estimate(JSON.stringify(modelMessages(turn)))`. */
function estimateMessages(messages: readonly HistoryMessage[]): number {
  return tokenEstimate(JSON.stringify(messages.map((m) => m.content)));
}

/**
 * The previous summary (the newest in the head) as the `<previous-summary>` anchor: its text parts
 * trimmed and joined, and no anchor when that is blank (an empty summary is no previous summary to
 * update). Both generations: @31e22f65 compaction.ts `summaryText` L91-99 with core
 * session/compaction.ts `buildPrompt` L169; 1.14.34 compaction.ts alike. Only a summary is one
 * (`completedCompactions` L101-117, the newest at L385): the copy of the agent's last message in a
 * tail's closing record is a record's model content too, but stands for a message of the session.
 */
function anchorOf(head: readonly HistoryMessage[]): string {
  const previous = [...head].reverse().find((m) => isPriorSummary(m) && m.content.role === 'model');
  if (!previous) return '';
  const text = (previous.content.parts ?? [])
    .map((p) => (p.text ?? '').trim())
    .filter((t) => t !== '')
    .join('\n\n');
  return text === '' ? '' : `\n\n<previous-summary>\n${text}\n</previous-summary>`;
}

/** 2026-04: the head as messages (no prior summaries or markers, media stripped, outputs capped; a replayed request is a message). */
async function summarizeMessages(ctx: CompactionContext, head: readonly HistoryMessage[]): Promise<string | undefined> {
  const contents: Content[] = head.filter(standsForMessage).map((m) => stripForSummary(m.content));
  return summaryOf(ctx, [...contents, userText(OPENCODE_TAIL_PROMPT + anchorOf(head))]);
}

/** Current: the head serialized as text (`serialize`) in one user message with the prompt. */
async function summarizeSerialized(
  ctx: CompactionContext,
  head: readonly HistoryMessage[],
): Promise<string | undefined> {
  const text = head
    .filter(standsForMessage)
    .map((m) => serialize(m.content))
    .filter((line) => line !== '')
    .join('\n\n');
  return summaryOf(ctx, [userText(`${text}\n\n${OPENCODE_TAIL_PROMPT}${anchorOf(head)}`)]);
}

async function summaryOf(ctx: CompactionContext, contents: Content[]): Promise<string | undefined> {
  const outcome = await requestSummary(ctx, { model: ctx.summarizer.name, contents });
  if (outcome.ok) return outcome.text;
  // Both generations: `processCompaction` never looks at the summary's text; an answer with no text
  // part (a reasoning-only one) finishes without error and lands as an empty summary (current:
  // @31e22f65; 2026-04: the 1.14.34 release stops only on "compact" or an error on the summary
  // message). anomalyco/opencode#41571, #44080; the rejecting PR #42063 was closed unmerged.
  if (outcome.reason === 'empty') return '';
  ctx.warn?.(`opencode-tail: ${outcome.reason === 'overflow' ? SESSION_TOO_LARGE : 'compaction failed'}`, {
    reason: outcome.reason,
  });
  return undefined;
}

/** `serialize`: one message as `[User]:` / `[Assistant]:` / tool call and result lines. */
export function serialize(content: Content): string {
  const lines: string[] = [];
  for (const part of content.parts ?? []) {
    if (typeof part.text === 'string') {
      if (part.text !== '') lines.push(`${content.role === 'model' ? '[Assistant]' : '[User]'}: ${part.text}`);
    } else if (part.functionCall) {
      lines.push(`[Assistant tool call]: ${part.functionCall.name}(${JSON.stringify(part.functionCall.args ?? {})})`);
    } else if (part.functionResponse) {
      lines.push(`[Tool result]: ${truncateOutput(responseOutput(part.functionResponse.response))}`);
    } else if (part.inlineData) {
      lines.push(`[Attached ${part.inlineData.mimeType ?? 'file'}: file]`);
    } else {
      const text = partText(part);
      if (text !== '') lines.push(text);
    }
  }
  return lines.join('\n');
}

/** A tool's output text: its one string value, else its JSON. */
function responseOutput(response: Record<string, unknown> | undefined): string {
  const values = Object.values(response ?? {});
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : JSON.stringify(response ?? {});
}

function truncateOutput(value: string): string {
  return value.length <= TOOL_OUTPUT_MAX_CHARS ? value : `${value.slice(0, TOOL_OUTPUT_MAX_CHARS)}\n[truncated]`;
}

/**
 * 2026-04 (1.14.34 `toModelMessages` with `stripMedia` and `toolOutputMaxChars`): media become
 * `[Attached <mime>: <name>]`; a tool's output text past 2,000 characters is cut there and a line
 * says how many characters were left out.
 */
function stripForSummary(content: Content): Content {
  const parts = (content.parts ?? []).map((part) => {
    if (part.inlineData)
      return { text: `[Attached ${part.inlineData.mimeType ?? 'file'}: ${part.inlineData.displayName ?? 'file'}]` };
    if (part.functionResponse) {
      const output = truncateForCompaction(responseOutput(part.functionResponse.response));
      return { functionResponse: { ...part.functionResponse, response: { output } } };
    }
    return structuredClone(part);
  });
  return { role: content.role ?? 'user', parts };
}

/** 1.14.34: the first 2,000 characters, then "[Tool output truncated for compaction: omitted N chars]". */
function truncateForCompaction(value: string): string {
  if (value.length <= TOOL_OUTPUT_MAX_CHARS) return value;
  return `${value.slice(0, TOOL_OUTPUT_MAX_CHARS)}\n[Tool output truncated for compaction: omitted ${value.length - TOOL_OUTPUT_MAX_CHARS} chars]`;
}

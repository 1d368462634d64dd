/**
 * What opencode's two generations share (anomalyco/opencode `packages/opencode/src/session/
 * compaction.ts` @fd78ec63 and later index copies, `util/token.ts` @0f7d18ad; docs/peer-strategies.md §2): the
 * overflow test on the last finished step's usage, `Token.estimate`, the marker and "Continue…"
 * messages, the reactive path's split and `prune()`.
 */
import type { Content, Part } from '@google/genai';
import type { CompactionRecord, ModelUsage } from '../../engine/hook-types.ts';
import type { CompactionContext } from '../../engine/types.ts';
import { hasFunctionResponse, isTypedUserMessage, userText } from './content-text.ts';
import type { HistoryMessage } from './history.ts';

/** opencode's `OUTPUT_TOKEN_MAX` (the default `maxOutputTokens(model)`). */
export const OPENCODE_OUTPUT_TOKEN_MAX = 32_000;
export const OPENCODE_RESERVED_MAX = 20_000;
export const PRUNE_MINIMUM = 20_000;
export const PRUNE_PROTECT = 40_000;
export const PRUNE_PROTECTED_TOOLS: readonly string[] = ['skill'];
export const PRUNED_OUTPUT_TEXT = '[Old tool result content cleared]';
/** The user message carrying the `compaction` part, as the model sees it. */
export const COMPACTION_MARKER_TEXT = 'What did we do so far?';
export const CONTINUE_TEXT =
  'Continue if you have next steps, or stop and ask for clarification if you are unsure how to proceed.';
export const OVERFLOW_NOTE_TEXT =
  "The previous request exceeded the provider's size limit. Continue from the summary above.";
export const SESSION_TOO_LARGE = 'Session too large to compact';

/** `Token.estimate`: round(string length / 4), UTF-16 code units (CJK is undercounted about 4×). */
export function tokenEstimate(text: string): number {
  return Math.round(text.length / 4);
}

export interface OpencodeLimits {
  readonly auto: boolean;
  readonly reserved: number | undefined;
  readonly limitInput: number;
  readonly maxOutputTokens: number;
  /**
   * Newer `overflow.ts` (sst/opencode @31e22f65) subtracts `reserved` without an input limit
   * too, floored at 0; @fd78ec63 (classic, and the tail generation of 2026-04) does not.
   */
  readonly reserveWithoutInputLimit?: boolean;
}

/** `isOverflow`: `count ≥ usable` (off when auto is false or the context limit is 0). */
export function usableTokens(ctx: CompactionContext, limits: OpencodeLimits): number {
  const reserved = limits.reserved ?? Math.min(OPENCODE_RESERVED_MAX, limits.maxOutputTokens);
  if (limits.reserveWithoutInputLimit)
    return limits.limitInput > 0
      ? Math.max(0, limits.limitInput - reserved)
      : Math.max(0, ctx.contextWindow - limits.maxOutputTokens - reserved);
  return limits.limitInput > 0 ? limits.limitInput - reserved : ctx.contextWindow - limits.maxOutputTokens;
}

const LAST_COUNT = 'opencode:lastStepTokens';

/** The last finished assistant step's count: `tokens.total || input + output + cache.read + cache.write`. */
export function recordStepTokens(ctx: CompactionContext, usage: ModelUsage): void {
  if (usage.missing) return;
  ctx.state.set(
    LAST_COUNT,
    usage.totalTokens || usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens,
  );
}

export function lastStepTokens(ctx: CompactionContext): number {
  return Number(ctx.state.get(LAST_COUNT) ?? 0);
}

/** After a compaction the last finished message is the summary: its count is not the history's. */
export function forgetStepTokens(ctx: CompactionContext): void {
  ctx.state.set(LAST_COUNT, 0);
}

/** Whether the newest message is the summary of a compaction (the classic loop skips the check then). */
export function lastIsSummary(history: readonly HistoryMessage[]): boolean {
  const last = history[history.length - 1];
  return last !== undefined && last.fromRecord && last.content.role === 'model';
}

/**
 * A user's request replayed by the reactive path. Upstream it is a new user message created after
 * the summary (sst/opencode @31e22f65 `compaction.ts` `processCompaction` L685-712): a message like any other, not part
 * of the compaction. The zoo can only add contents through records, so the replay is a record of
 * its own holding that one typed user message (see `reactiveCompaction`); no other opencode record
 * has that shape (the summary record holds the marker and the summary, a pruned copy is a tool
 * response, the tail's closing record holds two contents).
 */
export function isReplayedMessage(message: HistoryMessage): boolean {
  return message.fromRecord && message.record?.contents.length === 1 && isTypedUserMessage(message.content);
}

/**
 * The copy of the newest message that an opencode-tail compaction keeping a tail puts before
 * "Continue…" (the record closing the tail: that message, then the Continue text). Upstream that
 * message is never touched: it is the session's own message, shown to a later summarizer and a turn
 * start when it is a user's request.
 */
export function isTailCopy(message: HistoryMessage): boolean {
  const contents = message.record?.contents;
  return (
    message.fromRecord &&
    contents?.length === 2 &&
    message.content === contents[0] &&
    contents[1]?.parts?.[0]?.text === CONTINUE_TEXT
  );
}

/**
 * Whether a message is one of the session's messages rather than a compaction artifact (the marker,
 * the summary, a pruned copy standing for a raw tool response): a raw message, a replayed request,
 * or the copy of the newest message that closes a kept tail.
 */
export function standsForMessage(message: HistoryMessage): boolean {
  return !message.fromRecord || isReplayedMessage(message) || isTailCopy(message);
}

/**
 * Upstream's "user message without a compaction part" (the replay search, `turns`): a typed user
 * message, raw or replayed. The synthetic "Continue…" message is one upstream too; the zoo keeps it
 * inside the summary's record and does not count it (docs/peer-strategies.md §2).
 */
export function isUserMessage(message: HistoryMessage): boolean {
  return isTypedUserMessage(message.content) && standsForMessage(message);
}

/** The index of the last real user message (typed, raw or replayed; not a marker or a tool response). */
export function lastRealUserIndex(history: readonly HistoryMessage[]): number {
  for (let i = history.length - 1; i >= 0; i -= 1) if (isUserMessage(history[i]!)) return i;
  return -1;
}

/** Turn starts: every real user message (a compaction marker starts none, a replayed request does). */
export function turnStarts(history: readonly HistoryMessage[]): number[] {
  return history.flatMap((m, i) => (isUserMessage(m) ? [i] : []));
}

/**
 * `prune()`, run when the prompt loop exits: newest to oldest, skipping the last two user turns and
 * stopping at a summary or an already-pruned part, the outputs of completed tool calls (except
 * `skill`) beyond the newest 40,000 estimated tokens are cleared, if more than 20,000 would go.
 * Each pruned message becomes a record over its own event holding a copy with the outputs cleared.
 */
export function pruneRecords(history: readonly HistoryMessage[]): CompactionRecord[] {
  let turns = 0;
  let total = 0;
  let pruned = 0;
  const toPrune: HistoryMessage[] = [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i]!;
    if (isUserMessage(message)) turns += 1;
    if (turns < 2) continue;
    // A summary stops the walk; a replayed request is a user message like any other.
    if (message.fromRecord && !isReplayedMessage(message)) break;
    if (!hasFunctionResponse(message.content)) continue;
    const estimate = (message.content.parts ?? [])
      .filter((part) => part.functionResponse && !PRUNE_PROTECTED_TOOLS.includes(part.functionResponse.name ?? ''))
      .reduce((sum, part) => sum + tokenEstimate(JSON.stringify(part.functionResponse!.response ?? {})), 0);
    total += estimate;
    if (total > PRUNE_PROTECT) {
      pruned += estimate;
      toPrune.push(message);
    }
  }
  if (pruned <= PRUNE_MINIMUM) return [];
  return toPrune.reverse().map((message) => ({
    startEventId: message.event.id,
    endEventId: message.event.id,
    contents: [prunedCopy(message.content)],
  }));
}

function prunedCopy(content: Content): Content {
  const parts: Part[] = (content.parts ?? []).map((part) =>
    part.functionResponse && !PRUNE_PROTECTED_TOOLS.includes(part.functionResponse.name ?? '')
      ? { functionResponse: { ...part.functionResponse, response: { output: PRUNED_OUTPUT_TEXT } } }
      : structuredClone(part),
  );
  return { role: content.role ?? 'user', parts };
}

/** The contents a compaction leaves: the marker (user) and the summary (assistant). */
export function summaryContents(summary: string): Content[] {
  return [userText(COMPACTION_MARKER_TEXT), { role: 'model', parts: [{ text: summary }] }];
}

/**
 * Cline SDK compaction (cline/cline @21cb8d25, 2026-08-22: `sdk/packages/core/src/extensions/context/
 * compaction.ts` L196–216 targets, L251–520 prepare-turn (L495–520: basic only when the agentic
 * strategy throws); `compaction-shared.ts` L13–23 constants, L51–70 max input, L184–202 estimator,
 * L265–292 turn starts, L327–364 `findCutIndex`; `agentic-compaction.ts` L116–275
 * `runAgenticCompaction`; `basic-compaction.ts`; `docs/features/auto-compact.mdx`; docs/peer-strategies.md §11b).
 *
 * - Off unless `enabled` is true (the upstream default). Before each request (X4, `prepareTurn`).
 * - maxInput = min(`maxInputTokens`, W), or 0.9 × W when only W is known. The request estimate is
 *   the system prompt and tool declarations (X8) plus chars/4 of the messages; compaction fires at
 *   ≥ 0.9 × maxInput.
 * - Target: 0.5 × maxInput with at least 5 user/assistant pairs, else 0.7 × the trigger.
 * - agentic (default): the cut candidate is where the newest messages reach min(`preserveRecentTokens`
 *   20,000, target) tokens; when the latest typed user message (not a tool result, not the summary)
 *   lies PAST index 0 the cut stays at or before it; then it moves back to a safe boundary (an
 *   assistant message or a typed user message). Cut at 0 or at the end, no message after the
 *   previous summary to fold, or an empty summary: compaction is SKIPPED (no summarizer call for
 *   the first two, nothing changes). The summarizer input is budgeted to its own window, tool
 *   results cut to 2,000 characters, the previous summary anchored, output ≤ 4,096. Only a thrown
 *   error (a failed call) falls back to basic.
 * - `generation: "2026-07"` is the cut before PR #12317 (2026-07-21): only typed user messages are
 *   boundaries and the clamp applies at index 0 too, so one typed task followed by a long tool loop
 *   cuts at 0 and every compaction is skipped while the context grows (the bug that PR fixed). The
 *   rest is as @21cb8d25 (PR #12317 also made agentic the default strategy; set `strategy` to play
 *   the older default, basic).
 * - basic (deterministic): typed user messages and up to 3 assistant texts that fit the target,
 *   dropped tool work replaced by one-line notes (name and arguments ≤ 100 characters).
 * - Overflow recovery (X3): a request the provider refused forces a basic compaction in
 *   `overflow_recovery` mode on the retry.
 * Known bugs kept: #9599 (the 0.9 × maxInput trigger on a window whose real limit is smaller),
 * context loss in basic mode (#5739), and [derived] within one long turn a second compaction is
 * always skipped: the turn's typed message, kept by the first, sits right after the summary, the cut
 * is clamped to it and nothing new is left to fold — the context grows until the provider refuses.
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import {
  capText,
  fullText,
  hasFunctionCall,
  hasFunctionResponse,
  isTypedUserMessage,
  partText,
  textOnly,
  userText,
} from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const CLINE_SDK = 'cline-sdk';
export const DEFAULT_PRESERVE_RECENT_TOKENS = 20_000;
export const DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS = 4_096;
export const TRIGGER_RATIO = 0.9;
export const DEFAULT_MAX_INPUT = 128_000;
export const TOOL_TEXT_MAX_CHARS = 2_000;
export const SUMMARY_PREFIX =
  'This session is being continued from a previous conversation. Summary of the earlier part:\n';
export const CLINE_SUMMARY_PROMPT =
  'Summarize the conversation above for the agent that continues it: the task and its constraints, files read and changed, commands run and their results, decisions, and what remains to do. Update the previous summary if one is given.';

/** @21cb8d25 (2026-08-22). */
export const GENERATION_CURRENT = '2026-08';
/** The cut rule before PR #12317 (merged 2026-07-21). */
export const GENERATION_BEFORE_PR_12317 = '2026-07';
export type ClineGeneration = typeof GENERATION_CURRENT | typeof GENERATION_BEFORE_PR_12317;

export const AUDIT: StrategyAudit = {
  upstream: 'cline/cline',
  commit: '21cb8d25',
  checked: '2026-11-26',
  follows: [
    'sdk/packages/core/src/extensions/context/compaction.ts L196-216 (targets), L251-520 (prepareTurn; basic only when agentic throws, L495-520)',
    'sdk/packages/core/src/extensions/context/compaction-shared.ts L13-23, L51-70, L265-292 (turn starts), L327-364 (findCutIndex)',
    'sdk/packages/core/src/extensions/context/agentic-compaction.ts L116-275 (skips: cut 0, nothing new to fold, empty summary)',
    'commit 26037b17ac (PR #12317): the cut before it, as generation "2026-07"',
  ],
  leavesOut: [
    'the shared token estimator is chars/4 here (upstream file not modelled in detail); the summarizer input budget cuts the transcript from the front instead of buildAgenticSummaryInputBudget per message',
    'file-operation tracking in the summary (no files in the world)',
    'a custom compactor (overflow recovery accepts only basic here)',
    "Cline's legacy in-band condense (11a): needs the main model to write the summary (X10)",
  ],
};

const STATE = { recovery: 'cline-sdk:overflowRecovery' } as const;

export function clineSdkStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(CLINE_SDK, options, {
    enabled: { kind: 'boolean', meaning: 'compaction.enabled (upstream default false)' },
    strategy: { kind: 'string', values: ['agentic', 'basic'], meaning: 'compaction.strategy (default agentic)' },
    maxInputTokens: { kind: 'integer', min: 1, meaning: "the model's input limit (default 0.9 × the window)" },
    preserveRecentTokens: { kind: 'integer', min: 0, meaning: 'recent tokens kept verbatim (default 20,000)' },
    summaryMaxOutputTokens: { kind: 'integer', min: 1, meaning: 'summary output limit (default 4,096)' },
    generation: {
      kind: 'string',
      values: [GENERATION_CURRENT, GENERATION_BEFORE_PR_12317],
      meaning: `the cut rule: "${GENERATION_CURRENT}" (@21cb8d25, default) or "${GENERATION_BEFORE_PR_12317}" (before PR #12317)`,
    },
  });
  const enabled = read.enabled ?? false;

  return {
    name: CLINE_SDK,
    compact() {},
    async compactSession(ctx) {
      const recovery = ctx.state.get(STATE.recovery) === true;
      if (!enabled && !recovery) return undefined;
      const history = projectedHistory(ctx);
      const end = lastEventId(ctx);
      if (history.length === 0 || end === undefined) return undefined;
      const maxInput =
        read.maxInputTokens !== undefined
          ? Math.min(read.maxInputTokens, ctx.contextWindow || read.maxInputTokens)
          : ctx.contextWindow > 0
            ? Math.floor(0.9 * ctx.contextWindow)
            : DEFAULT_MAX_INPUT;
      const trigger = TRIGGER_RATIO * maxInput;
      const overhead =
        (ctx.requestOverhead?.systemInstructionTokens ?? 0) + (ctx.requestOverhead?.toolDeclarationTokens ?? 0);
      const requestTokens = overhead + estimate(history.map((m) => m.content));
      if (!recovery && requestTokens < trigger) return undefined;
      if (recovery) ctx.state.set(STATE.recovery, false);
      const pairs = Math.min(
        history.filter((m) => isTypedUserMessage(m.content)).length,
        history.filter((m) => m.content.role === 'model').length,
      );
      const target =
        pairs >= 5 && (read.summaryMaxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS) < maxInput
          ? 0.5 * maxInput
          : 0.7 * trigger;
      if (recovery || read.strategy === 'basic')
        return { append: [{ endEventId: end, contents: basic(history, target - overhead) }] };
      const result = await agentic(ctx, history, target, read);
      if (result.kind === 'skipped') {
        ctx.warn?.('cline-sdk: task.compaction_skipped');
        return undefined;
      }
      return {
        append: [
          {
            endEventId: end,
            contents: result.kind === 'compacted' ? result.contents : basic(history, target - overhead),
          },
        ],
      };
    },
    onModelError(ctx, error) {
      if (!isContextWindowExceeded(error) || ctx.state.get(STATE.recovery) === true) return undefined;
      ctx.state.set(STATE.recovery, true);
      return { retry: true };
    },
  };
}

/** chars/4 of the messages (the shared estimator was not read; char-based per the docs). */
function estimate(contents: readonly Content[]): number {
  return Math.ceil(contents.reduce((sum, c) => sum + fullText(c).length, 0) / 4);
}

/** What the agentic strategy gives: a new history, a skip (nothing changes), or a thrown error (basic takes over). */
type AgenticResult =
  | { readonly kind: 'compacted'; readonly contents: Content[] }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'threw' };

/** `runAgenticCompaction` (agentic-compaction.ts L116–275). */
async function agentic(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
  target: number,
  read: { preserveRecentTokens?: number; summaryMaxOutputTokens?: number; generation?: string },
): Promise<AgenticResult> {
  if (history.length < 2) return { kind: 'skipped' };
  const keep = Math.min(read.preserveRecentTokens ?? DEFAULT_PRESERVE_RECENT_TOKENS, target);
  const cut = findCutIndex(
    history,
    keep,
    read.generation === GENERATION_BEFORE_PR_12317 ? GENERATION_BEFORE_PR_12317 : GENERATION_CURRENT,
  );
  if (cut <= 0 || cut >= history.length) return { kind: 'skipped' };
  const head = history.slice(0, cut);
  const latestSummary = head.map((m) => isSummary(m.content)).lastIndexOf(true);
  const toFold = head.slice(latestSummary + 1);
  // Nothing after the previous summary: no summarizer call (L145–151).
  if (toFold.length === 0) return { kind: 'skipped' };
  const previous = latestSummary >= 0 ? head[latestSummary] : undefined;
  const budget = ctx.contextWindow * 4 - 4 * (read.summaryMaxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS);
  let transcript = toFold
    .map(
      (m) =>
        `${m.content.role}: ${(m.content.parts ?? []).map((p) => (p.text !== undefined ? p.text : capText(partText(p), TOOL_TEXT_MAX_CHARS))).join('\n')}`,
    )
    .join('\n');
  if (transcript.length > budget) transcript = transcript.slice(transcript.length - Math.max(0, budget));
  const anchor = previous ? `\n\nPrevious summary:\n${textOnly(previous.content).slice(SUMMARY_PREFIX.length)}` : '';
  const outcome = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [userText(`${CLINE_SUMMARY_PROMPT}${anchor}\n\n${transcript}`)],
    config: { maxOutputTokens: read.summaryMaxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS },
  });
  // An empty answer is "skipped: summarizer returned no summary text" (L250–275); a failed call throws.
  if (!outcome.ok) return outcome.reason === 'empty' ? { kind: 'skipped' } : { kind: 'threw' };
  return {
    kind: 'compacted',
    contents: [
      userText(`${SUMMARY_PREFIX}${outcome.text}`),
      ...history.slice(cut).map((m) => structuredClone(m.content)),
    ],
  };
}

/**
 * `findCutIndex` (compaction-shared.ts L331–364): the candidate where the newest messages reach
 * `keep` tokens; clamped to the latest typed user message when that is past index 0 (at any index
 * before PR #12317); then back to a safe boundary (an assistant message or a typed user message;
 * before PR #12317 only a typed user message).
 */
export function findCutIndex(
  history: readonly HistoryMessage[],
  keep: number,
  generation: ClineGeneration = GENERATION_CURRENT,
): number {
  let total = 0;
  let candidate = history.length;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    total += estimate([history[index]!.content]);
    candidate = index;
    if (total >= keep) break;
  }
  if (candidate <= 0) return 0;
  const lastTurnStart = lastTurnStartIndex(history);
  const clampAtZero = generation === GENERATION_BEFORE_PR_12317;
  let cut =
    lastTurnStart > 0 || (clampAtZero && isTurnStart(history[0]!)) ? Math.min(candidate, lastTurnStart) : candidate;
  const safe = (m: HistoryMessage) => isTurnStart(m) || (!clampAtZero && m.content.role === 'model');
  while (cut > 0 && !safe(history[cut]!)) cut -= 1;
  return cut;
}

/** `isTurnStartMessage`: a user message that is neither tool results only nor the compaction summary. */
function isTurnStart(message: HistoryMessage): boolean {
  return isTypedUserMessage(message.content) && !isSummary(message.content);
}

/** `findLastTurnStartIndex`: 0 when there is none. Messages a compaction kept are real messages in Cline's session (here: copies inside its record). */
function lastTurnStartIndex(history: readonly HistoryMessage[]): number {
  for (let i = history.length - 1; i >= 0; i -= 1) if (isTurnStart(history[i]!)) return i;
  return 0;
}

function isSummary(content: Content): boolean {
  return textOnly(content).startsWith(SUMMARY_PREFIX);
}

/** The deterministic compaction: typed user messages, up to 3 assistant texts, notes for dropped tool work. */
function basic(history: readonly HistoryMessage[], target: number): Content[] {
  const notes: string[] = [];
  const kept: Content[] = [];
  let assistants = 0;
  let used = 0;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const content = history[i]!.content;
    if (hasFunctionCall(content)) {
      for (const part of content.parts ?? [])
        if (part.functionCall)
          notes.unshift(
            `- ran ${part.functionCall.name}(${capText(JSON.stringify(part.functionCall.args ?? {}), 100)})`,
          );
      continue;
    }
    if (hasFunctionResponse(content)) continue;
    const isUser = isTypedUserMessage(content);
    if (!isUser && (content.role !== 'model' || assistants >= 3)) continue;
    const tokens = estimate([content]);
    if (used + tokens > target && kept.length > 0) continue;
    used += tokens;
    if (!isUser) assistants += 1;
    kept.unshift(structuredClone(content));
  }
  const dropped = notes.length > 0 ? [userText(`${SUMMARY_PREFIX}Dropped work:\n${notes.join('\n')}`)] : [];
  return [...dropped, ...kept];
}

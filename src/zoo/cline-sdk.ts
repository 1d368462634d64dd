/**
 * Cline SDK compaction (cline/cline @21cb8d25: `sdk/packages/core/src/extensions/context/
 * compaction.ts` L196–216 targets, L251–520 prepare-turn; `compaction-shared.ts` L13–23 constants,
 * L51–70 max input, L184–202 estimator, L327–364 cut rules; `agentic-compaction.ts`,
 * `basic-compaction.ts`; `docs/features/auto-compact.mdx`; zoo.md §11b).
 *
 * - Off unless `enabled` is true (the upstream default). Before each request (X4, `prepareTurn`).
 * - maxInput = min(`maxInputTokens`, W), or 0.9 × W when only W is known. The request estimate is
 *   the system prompt and tool declarations (X8) plus chars/4 of the messages; compaction fires at
 *   ≥ 0.9 × maxInput.
 * - Target: 0.5 × maxInput with at least 5 user/assistant pairs, else 0.7 × the trigger.
 * - agentic (default): keep at least min(`preserveRecentTokens` 20,000, target) recent tokens,
 *   never cut after the latest typed user message, move the cut back to an assistant message or a
 *   typed user message (never a tool-result message). The summarizer input is budgeted to its own
 *   window, tool results cut to 2,000 characters, the previous summary anchored, output ≤ 4,096.
 *   Any failure falls back to basic.
 * - basic (deterministic): typed user messages and up to 3 assistant texts that fit the target,
 *   dropped tool work replaced by one-line notes (name and arguments ≤ 100 characters).
 * - Overflow recovery (X3): a request the provider refused forces a basic compaction in
 *   `overflow_recovery` mode on the retry.
 * Known bugs kept: #9510 (the kept tail and the summary can re-trigger at once), #9599 (the 0.9 ×
 * maxInput trigger on a window whose real limit is smaller), context loss in basic mode (#5739).
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import { capText, fullText, hasFunctionCall, hasFunctionResponse, isTypedUserMessage, partText, textOnly, userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const CLINE_SDK = 'cline-sdk';
export const DEFAULT_PRESERVE_RECENT_TOKENS = 20_000;
export const DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS = 4_096;
export const TRIGGER_RATIO = 0.9;
export const DEFAULT_MAX_INPUT = 128_000;
export const TOOL_TEXT_MAX_CHARS = 2_000;
export const SUMMARY_PREFIX = 'This session is being continued from a previous conversation. Summary of the earlier part:\n';
export const CLINE_SUMMARY_PROMPT =
  'Summarize the conversation above for the agent that continues it: the task and its constraints, files read and changed, commands run and their results, decisions, and what remains to do. Update the previous summary if one is given.';

const STATE = { recovery: 'cline-sdk:overflowRecovery' } as const;

export function clineSdkStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(CLINE_SDK, options, {
    enabled: { kind: 'boolean', meaning: 'compaction.enabled (upstream default false)' },
    strategy: { kind: 'string', values: ['agentic', 'basic'], meaning: 'compaction.strategy (default agentic)' },
    maxInputTokens: { kind: 'integer', min: 1, meaning: "the model's input limit (default 0.9 × the window)" },
    preserveRecentTokens: { kind: 'integer', min: 0, meaning: 'recent tokens kept verbatim (default 20,000)' },
    summaryMaxOutputTokens: { kind: 'integer', min: 1, meaning: 'summary output limit (default 4,096)' },
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
      const maxInput = read.maxInputTokens !== undefined ? Math.min(read.maxInputTokens, ctx.contextWindow || read.maxInputTokens) : ctx.contextWindow > 0 ? Math.floor(0.9 * ctx.contextWindow) : DEFAULT_MAX_INPUT;
      const trigger = TRIGGER_RATIO * maxInput;
      const overhead = (ctx.requestOverhead?.systemInstructionTokens ?? 0) + (ctx.requestOverhead?.toolDeclarationTokens ?? 0);
      const requestTokens = overhead + estimate(history.map((m) => m.content));
      if (!recovery && requestTokens < trigger) return undefined;
      if (recovery) ctx.state.set(STATE.recovery, false);
      const pairs = Math.min(history.filter((m) => isTypedUserMessage(m.content)).length, history.filter((m) => m.content.role === 'model').length);
      const target = pairs >= 5 && (read.summaryMaxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS) < maxInput ? 0.5 * maxInput : 0.7 * trigger;
      const useBasic = recovery || read.strategy === 'basic';
      const contents = (useBasic ? undefined : await agentic(ctx, history, target, read)) ?? basic(history, target - overhead);
      return { append: [{ endEventId: end, contents }] };
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

/** The agentic compaction's new history, or undefined to fall back to basic. */
async function agentic(ctx: CompactionContext, history: readonly HistoryMessage[], target: number, read: { preserveRecentTokens?: number; summaryMaxOutputTokens?: number }): Promise<Content[] | undefined> {
  const keep = Math.min(read.preserveRecentTokens ?? DEFAULT_PRESERVE_RECENT_TOKENS, target);
  const cut = findCut(history, keep);
  if (cut <= 0) return undefined;
  const head = history.slice(0, cut);
  const previous = head.find((m) => m.fromRecord && isSummary(m.content));
  const budget = ctx.contextWindow * 4 - 4 * (read.summaryMaxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS);
  let transcript = head.filter((m) => m !== previous).map((m) => `${m.content.role}: ${(m.content.parts ?? []).map((p) => (p.text !== undefined ? p.text : capText(partText(p), TOOL_TEXT_MAX_CHARS))).join('\n')}`).join('\n');
  if (transcript.length > budget) transcript = transcript.slice(transcript.length - Math.max(0, budget));
  const anchor = previous ? `\n\nPrevious summary:\n${textOnly(previous.content).slice(SUMMARY_PREFIX.length)}` : '';
  const outcome = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [userText(`${CLINE_SUMMARY_PROMPT}${anchor}\n\n${transcript}`)],
    config: { maxOutputTokens: read.summaryMaxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS },
  });
  if (!outcome.ok) return undefined;
  return [userText(`${SUMMARY_PREFIX}${outcome.text}`), ...history.slice(cut).map((m) => structuredClone(m.content))];
}

/** The cut: keep ≥ `keep` recent tokens, never after the latest typed user message, on a safe boundary. */
function findCut(history: readonly HistoryMessage[], keep: number): number {
  let kept = 0;
  let cut = history.length;
  while (cut > 0 && kept < keep) {
    cut -= 1;
    kept += estimate([history[cut]!.content]);
  }
  // Messages a previous compaction kept are real messages in Cline's session (here: copies inside its
  // record); only the summary itself is not a typed user message.
  const latestUser = history.map((m) => isTypedUserMessage(m.content) && !isSummary(m.content)).lastIndexOf(true);
  if (latestUser >= 0) cut = Math.min(cut, latestUser);
  while (cut > 0 && hasFunctionResponse(history[cut]!.content)) cut -= 1;
  return cut;
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
      for (const part of content.parts ?? []) if (part.functionCall) notes.unshift(`- ran ${part.functionCall.name}(${capText(JSON.stringify(part.functionCall.args ?? {}), 100)})`);
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

/**
 * The summarize request, sized to the summarizer's own window before it is sent. ContextGuard
 * budgets the transcript alone, in raw heuristic tokens (80 % of the window at len/4), without
 * the prompt, the system prompt or the previous summary, so at real ratios above ~1.25 the call
 * itself overflows the summarizer (scenarios/regressions/threshold-summarizer-input-counts-
 * heuristic-tokens.yaml, threshold-small-window-fallback-chain.yaml). Here the whole request is
 * measured as the provider counts it (the host's count when it has one, else the calibrated
 * estimate with a margin), and cut until it fits: long texts first, then the oldest contents.
 */
import type { Content } from '@google/genai';
import type { TodoItem } from '../../state/load-todos.ts';
import { buildSummarizePrompt } from '../../summary/build-summarize-prompt.ts';
import { SUMMARIZE_SYSTEM_PROMPT } from '../../summary/summarize-system-prompt.ts';
import { WORDS_PER_TOKEN } from '../../constants.ts';
import type { LlmRequest } from '../../types.ts';
import { clipText, clipTexts } from './clip.ts';

export interface SummarizerFit {
  readonly model: string;
  /** The summarizer's window in tokens. */
  readonly window: number;
  /** The reply's budget in the provider's tokens (the request's maxOutputTokens). */
  readonly maxOutputTokens: number;
  /** The provider's count of a request (exact, or a safe over-estimate). */
  readonly count: (request: LlmRequest) => number;
}

/** Share of the summarizer's window its input may use (the rest: its reply and counting slack). */
const INPUT_SHARE = 0.75;
/** Per-part cap when the transcript must shrink, in heuristic tokens, before contents are dropped. */
const PART_CAPS = [2048, 512, 128] as const;

/**
 * For a summarizer whose window cannot hold ContextGuard's structured system prompt (about 2 kB):
 * the same sections, in one line.
 */
export const BRIEF_SUMMARIZE_SYSTEM_PROMPT =
  'Summarize the conversation so it can continue without it: the current request and progress, key facts (names, numbers, identifiers), decisions, and the exact next steps.';

export function summarizeRequest(
  model: string,
  contents: readonly Content[],
  previous: string,
  todos: readonly TodoItem[],
  maxOutputTokens: number,
  brief = false,
): LlmRequest {
  const words = Math.max(1, Math.trunc(maxOutputTokens * WORDS_PER_TOKEN));
  const system = brief ? BRIEF_SUMMARIZE_SYSTEM_PROMPT : SUMMARIZE_SYSTEM_PROMPT;
  return {
    model,
    contents: [{ role: 'user', parts: [{ text: buildSummarizePrompt(contents, previous, todos) }] }],
    config: {
      systemInstruction: { parts: [{ text: `${system}\n\nKeep the summary under ${words} words.` }] },
      maxOutputTokens,
    },
  };
}

/**
 * The largest summarize request over `contents` (newest kept) and `previous` that fits, or null
 * when not even the prompt and the previous summary do (the caller then folds mechanically).
 */
export function fittedSummarizeRequest(
  fit: SummarizerFit,
  contents: readonly Content[],
  previous: string,
  todos: readonly TodoItem[],
): LlmRequest | null {
  const limit = Math.floor(fit.window * INPUT_SHARE);
  const fits = (request: LlmRequest): boolean => fit.count(request) <= limit;
  // The structured prompt when the window can hold it with room to spare, else the brief one.
  const brief =
    !fits(summarizeRequest(fit.model, [], '', todos, fit.maxOutputTokens)) ||
    fit.count(summarizeRequest(fit.model, [], '', todos, fit.maxOutputTokens)) > limit / 2;
  const build = (transcript: readonly Content[], summary: string): LlmRequest =>
    summarizeRequest(fit.model, transcript, summary, todos, fit.maxOutputTokens, brief);

  let request = build(contents, previous);
  if (fits(request)) return request;
  for (const cap of PART_CAPS) {
    const clipped = contents.map((content) => clipTexts(content, cap));
    request = build(clipped, previous);
    if (fits(request)) return request;
  }
  // Still too big: keep the newest contents that fit (binary search on where the transcript starts).
  const clipped = contents.map((content) => clipTexts(content, PART_CAPS[PART_CAPS.length - 1]!));
  const summary = fits(build([], previous)) ? previous : clipText(previous, Math.max(1, Math.floor(limit / 8)));
  if (!fits(build([], summary))) return null;
  let low = 0;
  let high = clipped.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (fits(build(clipped.slice(mid), summary))) high = mid;
    else low = mid + 1;
  }
  return build(clipped.slice(low), summary);
}

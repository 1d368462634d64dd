/**
 * Crush's auto-summarize (charmbracelet/crush @37f36e93, `internal/agent/agent.go`: constants
 * L56–59, `StopWhen` L1037–1058, post-loop summarize and re-queue L1192–1206, `Summarize`
 * L1329–1477, `getSessionMessages` L1688–1708, `updateSessionTokenCounters` L1939–1946;
 * `internal/agent/usage_fallback.go`; `internal/agent/templates/summary.md`). docs/peer-strategies.md §1.
 *
 * - After each step (X1), the session counters take the step's usage: prompt = input +
 *   cache_read (cache writes are NOT counted), completion = output, each field only when non-zero;
 *   all-zero usage is replaced by ceil(bytes/4) of the step's messages. With `remaining = W −
 *   (prompt + completion)` and a buffer of 20,000 above a 200,000 window (else 20 % of W), the
 *   step loop stops when `remaining ≤ buffer`. W = 0 (unknown) never stops.
 * - After the loop (X2) the whole history since the last summary goes to the summarizer, uncapped,
 *   with the summary template as system prompt; the summary replaces it (X4, re-roled to user) and
 *   the counters restart (prompt 0, completion = the summary's output). If the stopped step had
 *   tool calls, the run's prompt is re-queued (X9) as "The previous session was interrupted…".
 * - A failed summary changes nothing (no fallback, no input reduction); a refused request
 *   completes no step, so the counters stay frozen (#3620). No reactive path (no onModelError).
 * Known bugs kept: #3620 and #3733 (overshoot, frozen counters, the summarizer refused the same
 * over-window history), #3867 (the re-queued prompt is the latest follow-up, not the root task),
 * the cache-write blind spot, #1521 (the re-queue can loop).
 */
import type { CompactionContext, CompactionStrategy, Content, LlmResponse } from '../engine/types.ts';
import type { ModelUsage } from '../engine/hook-types.ts';
import { readOptions } from './_shared/options.ts';
import { fullText, hasFunctionCall, textOnly, userText, utf8Bytes } from './_shared/content-text.ts';
import { lastEventId, projectedHistory } from './_shared/history.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'charmbracelet/crush',
  commit: '37f36e93',
  checked: '2026-11-26',
  follows: [
    'internal/agent/agent.go L56-59 (constants), L1037-1058 (StopWhen), L1192-1206 (summarize + re-queue), L1329-1477 (Summarize), L1939-1946 (updateSessionTokenCounters)',
    'internal/agent/usage_fallback.go (bytes/4 when usage is all zero)',
  ],
  leavesOut: [
    'cache-creation tokens are not counted, as at @37f36e93 (open PR #3841 would count them)',
    'the summary prompt text (templates/summary.md) is paraphrased',
  ],
};

export const CRUSH = 'crush';
/** `largeContextWindowThreshold`. */
export const CRUSH_LARGE_CONTEXT_WINDOW_THRESHOLD = 200_000;
/** `largeContextWindowBuffer`. */
export const CRUSH_LARGE_CONTEXT_WINDOW_BUFFER = 20_000;
/** `smallContextWindowRatio`. */
export const CRUSH_SMALL_CONTEXT_WINDOW_RATIO = 0.2;
export const CRUSH_SUMMARY_PROMPT = 'Provide a detailed summary of our conversation above.';
/** `templates/summary.md`, by its headings (paraphrased). */
export const CRUSH_SUMMARY_SYSTEM_PROMPT = [
  'You are summarizing a coding session so another assistant can continue it. Length: no limit.',
  'Sections: Current State (including the exact user request); Files & Changes; Technical Context (commands that worked and that failed); Strategy & Approach; Exact Next Steps.',
].join('\n');
export const crushRequeueText = (prompt: string): string =>
  `The previous session was interrupted because it got too long, the initial user request was: \`${prompt}\``;

const KEY = {
  prompt: 'crush:promptTokens',
  completion: 'crush:completionTokens',
  summarize: 'crush:shouldSummarize',
  interrupted: 'crush:interruptedWithToolCalls',
} as const;

/** The buffer below which Crush summarizes (`agent.go` StopWhen). */
export function crushBuffer(contextWindow: number): number {
  return contextWindow > CRUSH_LARGE_CONTEXT_WINDOW_THRESHOLD
    ? CRUSH_LARGE_CONTEXT_WINDOW_BUFFER
    : Math.floor(CRUSH_SMALL_CONTEXT_WINDOW_RATIO * contextWindow);
}

export function crushStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(CRUSH, options, {
    disable_auto_summarize: { kind: 'boolean', meaning: 'never summarize automatically' },
    count_cache_writes: {
      kind: 'boolean',
      meaning: 'count cache-creation tokens in the prompt counter, as open PR #3841 does (default false, as @37f36e93)',
    },
  });
  const disabled = read.disable_auto_summarize ?? false;
  const countCacheWrites = read.count_cache_writes ?? false;

  return {
    name: CRUSH,
    compact() {},

    afterModel(ctx, response, usage) {
      updateSessionTokenCounters(ctx, response, usage, countCacheWrites);
      const window = ctx.contextWindow;
      if (disabled || window <= 0) return undefined;
      const used = Number(ctx.state.get(KEY.prompt) ?? 0) + Number(ctx.state.get(KEY.completion) ?? 0);
      if (window - used > crushBuffer(window)) return undefined;
      ctx.state.set(KEY.summarize, true);
      ctx.state.set(KEY.interrupted, hasFunctionCall(response.content));
      return { endInvocation: true };
    },

    async afterInvocation(ctx) {
      if (ctx.state.get(KEY.summarize) !== true) return undefined;
      ctx.state.set(KEY.summarize, false);
      const history = projectedHistory(ctx);
      const end = lastEventId(ctx);
      if (history.length === 0 || end === undefined) return undefined;
      const outcome = await requestSummary(ctx, {
        model: ctx.summarizer.name,
        contents: [...history.map((m) => structuredClone(m.content)), userText(CRUSH_SUMMARY_PROMPT)],
        config: { systemInstruction: CRUSH_SUMMARY_SYSTEM_PROMPT },
      });
      if (!outcome.ok) {
        ctx.warn?.('crush: Summarization Error', { reason: outcome.reason, error: String(outcome.error) });
        return undefined;
      }
      ctx.state.set(KEY.prompt, 0);
      ctx.state.set(
        KEY.completion,
        outcome.usageMetadata?.candidatesTokenCount ?? Math.ceil(utf8Bytes(outcome.text) / 4),
      );
      const interrupted = ctx.state.get(KEY.interrupted) === true;
      const prompt = textOnly(ctx.userContent ?? latestUserMessage(history.map((m) => m.content)));
      return {
        append: [{ endEventId: end, contents: [userText(outcome.text)] }],
        ...(interrupted && prompt !== '' ? { followUp: userText(crushRequeueText(prompt)) } : {}),
      };
    },
  };
}

/**
 * `updateSessionTokenCounters` + `fallbackStepUsage`: each counter changes only when non-zero.
 * `countCacheWrites` is the change open PR #3841 proposes (cache-creation tokens counted too).
 */
function updateSessionTokenCounters(
  ctx: CompactionContext,
  response: LlmResponse,
  usage: ModelUsage,
  countCacheWrites: boolean,
): void {
  let prompt = usage.inputTokens + usage.cacheReadTokens + (countCacheWrites ? usage.cacheWriteTokens : 0);
  let completion = usage.outputTokens;
  if (prompt === 0 && completion === 0) {
    // All-zero usage: ceil(bytes/4) over the step's messages (the history it sent, and its answer).
    prompt = Math.ceil(projectedHistory(ctx).reduce((sum, m) => sum + utf8Bytes(fullText(m.content)), 0) / 4);
    completion = Math.ceil(utf8Bytes(fullText(response.content)) / 4);
  }
  if (prompt > 0) ctx.state.set(KEY.prompt, prompt);
  if (completion > 0) ctx.state.set(KEY.completion, completion);
}

function latestUserMessage(contents: readonly Content[]): Content | undefined {
  for (let i = contents.length - 1; i >= 0; i -= 1) {
    const content = contents[i]!;
    if (content.role === 'user' && content.parts?.some((p) => typeof p.text === 'string')) return content;
  }
  return undefined;
}

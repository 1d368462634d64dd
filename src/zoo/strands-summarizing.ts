/**
 * Strands Agents, `SummarizingConversationManager` (strands-agents/sdk-python @0cd91bb2 [index
 * copy]: `src/strands/agent/conversation_manager/summarizing_conversation_manager.py`), the
 * manager a Strands user picks instead of the default sliding window to keep older context as a
 * summary. docs/peer-strategies.md §17.
 *
 * - When: on a context-window overflow (`reduce_context` with the error, X3), then the call is
 *   retried. Only with `max_context_tokens` set also proactively: before every model call and
 *   after every invocation (`apply_management`), when the chars/4 estimate of the messages exceeds
 *   int(`max_context_tokens` × `proactive_threshold` (0.8)); the second of the two in one cycle is
 *   skipped when the message count has not changed since the last summarization.
 * - `reduce_context`: summarize max(1, int(len × `summary_ratio`)) of the OLDEST messages
 *   (`summary_ratio` 0.3, clamped to 0.1–0.8), at most len − `preserve_recent_messages` (10);
 *   nothing to summarize → "insufficient messages" (raised). The split point moves forwards past a
 *   tool result, and past a tool use whose result does not follow it; running off the end →
 *   "Unable to trim conversation context!" (raised).
 * - The summary: the summarized messages plus a user message "Please summarize this
 *   conversation.", under the summarization system prompt, to the agent's own model (no tools);
 *   the answer becomes a USER message replacing the summarized prefix (X4: one record hiding the
 *   prefix). The previous summary is message 0, so it is summarized again with the rest.
 * - Failures: reactively the error is raised (here: the refused call stands); proactively it is
 *   logged and the run goes on.
 * Known limits kept: by default nothing happens before the provider refuses a request (reactive
 * only); one reduction removes 30 % of the messages whatever their size, so a few huge tool
 * results in the kept 70 % leave the retried request over the window again.
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionCall, hasFunctionResponse, partText, userText } from './_shared/content-text.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const STRANDS_SUMMARIZING = 'strands-summarizing';
export const DEFAULT_SUMMARY_RATIO = 0.3;
export const DEFAULT_PRESERVE_RECENT_MESSAGES = 10;
export const DEFAULT_PROACTIVE_THRESHOLD = 0.8;
export const SUMMARY_RATIO_RANGE = [0.1, 0.8] as const;
export const PROACTIVE_THRESHOLD_RANGE = [0.1, 1.0] as const;
export const SUMMARIZE_REQUEST = 'Please summarize this conversation.';
/** `DEFAULT_SUMMARIZATION_PROMPT`, by its intent (paraphrased). */
export const STRANDS_SUMMARIZATION_PROMPT =
  'You summarize a conversation. Write a structured, concise bullet-point summary in the third person, not a reply: the topics and questions covered, every significant tool run and its result, code and technical details shared, and the key insights. Do not assume a tool failed unless it says so.';

export const AUDIT: StrategyAudit = {
  upstream: 'strands-agents/sdk-python',
  commit: '0cd91bb2 [index copy]',
  checked: '2026-11-26',
  follows: [
    'src/strands/agent/conversation_manager/summarizing_conversation_manager.py: __init__ (summary_ratio 0.3 clamped to 0.1-0.8, preserve_recent_messages 10, max_context_tokens, proactive_threshold 0.8 clamped to 0.1-1.0), register_hooks/_on_before_model_call and apply_management (proactive only with max_context_tokens, int(max x threshold)), _do_proactive_summarization (skip at an unchanged message count, failures logged), reduce_context (max(1, int(len x ratio)), min(len - preserve), errors raised), _generate_summary_with_model (messages + "Please summarize this conversation.", summary as a user message), _adjust_split_point_for_tool_pairs',
  ],
  leavesOut: [
    'a dedicated summarization_agent (with tools) and a custom token_counter; the default estimate_tokens is taken as chars/4 of the text without reading _token_utils',
    'DEFAULT_SUMMARIZATION_PROMPT is paraphrased',
    'the raise after an overflow that cannot be reduced: here the refused call simply stands (the run goes on as the world handles a refused request)',
    'removed_message_count and session restore (get_state/restore_from_session): bookkeeping with no effect on what is sent',
  ],
};

const STATE = { lastSummarizedCount: 'strands-summarizing:lastSummarizedMsgCount' } as const;

interface Settings {
  readonly summaryRatio: number;
  readonly preserveRecent: number;
  readonly maxContextTokens: number | undefined;
  readonly proactiveThreshold: number;
  readonly systemPrompt: string;
}

export function strandsSummarizingStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(STRANDS_SUMMARIZING, options, {
    summary_ratio: {
      kind: 'number',
      min: 0,
      max: 1,
      meaning: 'share of the messages summarized (default 0.3, clamped to 0.1-0.8)',
    },
    preserve_recent_messages: { kind: 'integer', min: 0, meaning: 'recent messages always kept (default 10)' },
    max_context_tokens: {
      kind: 'integer',
      min: 1,
      meaning: 'token budget (chars/4) that enables proactive summarization (default none: reactive only)',
    },
    proactive_threshold: {
      kind: 'number',
      min: 0,
      max: 1,
      meaning: 'share of max_context_tokens that triggers it (default 0.8, clamped to 0.1-1.0)',
    },
    summarization_system_prompt: { kind: 'string', meaning: 'replaces the summarization system prompt' },
  });
  const clamp = (value: number, [lo, hi]: readonly [number, number]) => Math.max(lo, Math.min(hi, value));
  const settings: Settings = {
    summaryRatio: clamp(read.summary_ratio ?? DEFAULT_SUMMARY_RATIO, SUMMARY_RATIO_RANGE),
    preserveRecent: read.preserve_recent_messages ?? DEFAULT_PRESERVE_RECENT_MESSAGES,
    maxContextTokens: read.max_context_tokens,
    proactiveThreshold: clamp(read.proactive_threshold ?? DEFAULT_PROACTIVE_THRESHOLD, PROACTIVE_THRESHOLD_RANGE),
    systemPrompt: read.summarization_system_prompt ?? STRANDS_SUMMARIZATION_PROMPT,
  };

  // `_on_before_model_call` and `apply_management`: the same proactive check.
  const proactive = async (ctx: CompactionContext) => {
    if (settings.maxContextTokens === undefined) return undefined;
    const history = projectedHistory(ctx);
    if (estimateTokens(history) <= Math.floor(settings.maxContextTokens * settings.proactiveThreshold))
      return undefined;
    // `_do_proactive_summarization`: skip when already summarized at this message count.
    if (ctx.state.get(STATE.lastSummarizedCount) === history.length) return undefined;
    const reduced = await reduceContext(ctx, history, settings);
    if (!reduced.ok) {
      ctx.warn?.(`${STRANDS_SUMMARIZING}: proactive summarization failed`, { error: reduced.error });
      return undefined;
    }
    ctx.state.set(STATE.lastSummarizedCount, reduced.length);
    return { append: [reduced.record] };
  };

  return {
    name: STRANDS_SUMMARIZING,
    compact() {},
    compactSession: proactive,
    afterInvocation: proactive,
    async onModelError(ctx, error) {
      if (!isContextWindowExceeded(error)) return undefined;
      const reduced = await reduceContext(ctx, projectedHistory(ctx), settings);
      if (!reduced.ok) {
        ctx.warn?.(`${STRANDS_SUMMARIZING}: Summarization failed: ${reduced.error}`);
        return undefined;
      }
      return { append: [reduced.record], retry: true };
    },
  };
}

type Reduction =
  | { readonly ok: true; readonly record: CompactionRecord; readonly length: number }
  | { readonly ok: false; readonly error: string };

/** `reduce_context`: the record replacing the summarized prefix with the summary, or why it could not. */
async function reduceContext(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
  settings: Settings,
): Promise<Reduction> {
  const split = summarizeCount(
    history.map((m) => m.content),
    settings,
  );
  if (!split.ok) return split;
  const outcome = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [...history.slice(0, split.count).map((m) => structuredClone(m.content)), userText(SUMMARIZE_REQUEST)],
    config: { systemInstruction: settings.systemPrompt },
  });
  if (!outcome.ok) return { ok: false, error: String(outcome.error) };
  return {
    ok: true,
    record: { endEventId: history[split.count - 1]!.throughEventId, contents: [userText(outcome.text)] },
    length: history.length - split.count + 1,
  };
}

/** How many of the oldest messages to summarize, after the tool-pair adjustment. */
export function summarizeCount(
  messages: readonly Content[],
  settings: Pick<Settings, 'summaryRatio' | 'preserveRecent'>,
): { ok: true; count: number } | { ok: false; error: string } {
  const insufficient = { ok: false, error: 'Cannot summarize: insufficient messages for summarization' } as const;
  let count = Math.min(
    Math.max(1, Math.floor(messages.length * settings.summaryRatio)),
    messages.length - settings.preserveRecent,
  );
  if (count <= 0) return insufficient;
  // `_adjust_split_point_for_tool_pairs`: the first kept message may not be a tool result, nor a
  // tool use whose result does not follow it.
  if (count < messages.length) {
    while (count < messages.length) {
      const here = messages[count]!;
      const next = messages[count + 1];
      const invalid =
        hasFunctionResponse(here) || (hasFunctionCall(here) && next !== undefined && !hasFunctionResponse(next));
      if (!invalid) break;
      count += 1;
    }
    if (count >= messages.length) return { ok: false, error: 'Unable to trim conversation context!' };
  }
  return count <= 0 ? insufficient : { ok: true, count };
}

/** `estimate_tokens` (default token counter): chars/4 of every part. */
function estimateTokens(history: readonly HistoryMessage[]): number {
  return Math.ceil(
    history.reduce((sum, m) => sum + (m.content.parts ?? []).reduce((c, p) => c + partText(p).length, 0), 0) / 4,
  );
}

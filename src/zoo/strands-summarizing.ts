/**
 * Strands Agents, `SummarizingConversationManager`, the manager a Strands user picks instead of
 * the default sliding window to keep older context as a summary, read line by line on 2026-11-27
 * at strands-agents/sdk-python @1232230d (`main`, 2026-05-15; the file as f8621853, PR #2239,
 * left it): `src/strands/agent/conversation_manager/summarizing_conversation_manager.py` and the
 * base class `conversation_manager.py` (`_shared/strands.ts`). docs/peer-strategies.md §17. The
 * previous pin, 0cd91bb2, was a commit of PR #2147, closed without merging: its
 * `max_context_tokens` / `proactive_threshold` (0.8) and its check after each invocation never
 * shipped.
 *
 * - When: on a context-window overflow (`reduce_context` with the error, X3), then the call is
 *   retried. With `proactive_compression` also before every model call, when the projected input
 *   tokens reach the threshold (0.7 by default) of the window (`reduce_context` without an error;
 *   a failure is logged and the call goes on). `apply_management` does nothing (L118–130).
 * - `reduce_context` → `_summarize_oldest` (L132–204): summarize max(1, int(len × `summary_ratio`))
 *   of the OLDEST messages (`summary_ratio` 0.3, clamped to 0.1–0.8), at most len −
 *   `preserve_recent_messages` (10); nothing to summarize → "insufficient messages" (raised). The
 *   split point moves forwards past a tool result, and past a tool use whose result does not
 *   follow it (L324–364); running off the end → "Unable to trim conversation context!" (raised).
 * - The summary (L281–322): the summarized messages plus a user message "Please summarize this
 *   conversation.", under the summarization system prompt, to the agent's own model (no tools);
 *   the answer becomes a USER message replacing the summarized prefix (X4: one record hiding the
 *   prefix). The previous summary is message 0, so it is summarized again with the rest.
 * - Failures: reactively the error is raised (here: the refused call stands); proactively it is
 *   logged and the run goes on (L152–160).
 * Known limits kept: by default nothing happens before the provider refuses a request (reactive
 * only); one reduction removes 30 % of the messages whatever their size, so a few huge tool
 * results in the kept 70 % leave the retried request over the window again; the projection keeps
 * the last assistant message's reported usage as its baseline while that message is kept, so
 * after a proactive summary the projection need not come down.
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionCall, hasFunctionResponse, userText } from './_shared/content-text.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { compressionThreshold, proactiveCompressionDue } from './_shared/strands.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const STRANDS_SUMMARIZING = 'strands-summarizing';
export const DEFAULT_SUMMARY_RATIO = 0.3;
export const DEFAULT_PRESERVE_RECENT_MESSAGES = 10;
export const SUMMARY_RATIO_RANGE = [0.1, 0.8] as const;
export const SUMMARIZE_REQUEST = 'Please summarize this conversation.';
/** `DEFAULT_SUMMARIZATION_PROMPT`, by its intent (paraphrased). */
export const STRANDS_SUMMARIZATION_PROMPT =
  'You summarize a conversation. Write a structured, concise bullet-point summary in the third person, not a reply: the topics and questions covered, every significant tool run and its result, code and technical details shared, and the key insights. Do not assume a tool failed unless it says so.';

export const AUDIT: StrategyAudit = {
  upstream: 'strands-agents/sdk-python',
  commit: '1232230d',
  checked: '2026-11-27',
  follows: [
    'src/strands/agent/conversation_manager/summarizing_conversation_manager.py @1232230d: __init__ L62-98 (summary_ratio 0.3 clamped to 0.1-0.8, preserve_recent_messages 10, proactive_compression), apply_management L118-130 (a no-op), reduce_context L132-160 (raised after an overflow, logged when proactive), _summarize_oldest L162-204 (max(1, int(len x ratio)), min(len - preserve)), _generate_summary_with_model L281-322 (messages + "Please summarize this conversation.", summary as a user message), _adjust_split_point_for_tool_pairs L324-364',
    'conversation_manager.py @1232230d L66-98 and L116-159 (proactive compression, 0.7 of context_window_limit); event_loop.py L78-117 (_estimate_input_tokens); models/model.py L40-118 (the heuristic estimate)',
  ],
  leavesOut: [
    'a dedicated summarization_agent (with tools)',
    'DEFAULT_SUMMARIZATION_PROMPT is paraphrased',
    'the raise after an overflow that cannot be reduced: here the refused call simply stands (the run goes on as the world handles a refused request)',
    'removed_message_count and session restore (get_state/restore_from_session): bookkeeping with no effect on what is sent',
    "context_window_limit: the world's window stands for it (upstream defaults to 200,000 when the model config has none)",
  ],
};

interface Settings {
  readonly summaryRatio: number;
  readonly preserveRecent: number;
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
    proactive_compression: {
      kind: 'json',
      meaning:
        'summarize before a model call at a share of the window: true (0.7), {compression_threshold: f} or false (default: reactive only)',
    },
    summarization_system_prompt: { kind: 'string', meaning: 'replaces the summarization system prompt' },
  });
  const clamp = (value: number, [lo, hi]: readonly [number, number]) => Math.max(lo, Math.min(hi, value));
  const settings: Settings = {
    summaryRatio: clamp(read.summary_ratio ?? DEFAULT_SUMMARY_RATIO, SUMMARY_RATIO_RANGE),
    preserveRecent: read.preserve_recent_messages ?? DEFAULT_PRESERVE_RECENT_MESSAGES,
    systemPrompt: read.summarization_system_prompt ?? STRANDS_SUMMARIZATION_PROMPT,
  };

  const threshold = compressionThreshold(STRANDS_SUMMARIZING, read.proactive_compression);
  // The base class's `_on_before_model_call_threshold`: best-effort, a failure is logged.
  const proactive = async (ctx: CompactionContext) => {
    const history = projectedHistory(ctx);
    if (!proactiveCompressionDue(ctx, history, threshold)) return undefined;
    const reduced = await reduceContext(ctx, history, settings);
    if (!reduced.ok) {
      ctx.warn?.(`${STRANDS_SUMMARIZING}: Proactive summarization failed, continuing: ${reduced.error}`);
      return undefined;
    }
    return { append: [reduced.record] };
  };

  return {
    name: STRANDS_SUMMARIZING,
    compact() {},
    compactSession: proactive,
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

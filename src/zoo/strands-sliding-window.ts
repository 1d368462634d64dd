/**
 * Strands Agents, `SlidingWindowConversationManager` (strands-agents/sdk-python @0cd91bb2 [index
 * copy]: `src/strands/agent/conversation_manager/sliding_window_conversation_manager.py`), the
 * default conversation manager of a Strands `Agent`.
 *
 * - When: after every agent invocation (`apply_management`, X2); before a model call only with
 *   `per_turn` (true: every call; N: every Nth call) or when `max_context_tokens` is set and the
 *   chars/4 estimate of the messages exceeds it; on a context-window overflow (`reduce_context`
 *   with the error, X3), then the call is retried.
 * - `apply_management`: while there are more than `window_size` (40) messages (or more estimated
 *   tokens than `max_context_tokens`), `reduce_context`; it stops as soon as a reduction does not
 *   shorten the history — so a tool-result truncation ends the pass, and the window stays exceeded
 *   until the next one.
 * - `reduce_context`: first the OLDEST message holding tool results: each text longer than 400
 *   characters keeps its first and last 200 with a "[truncated: N chars removed]" notice (an already
 *   truncated one is left alone). Nothing to truncate there → trim: drop the oldest
 *   `len − window_size` messages (2 when under the window), moving the cut forwards to a user
 *   message that is not a tool result. No such message: nothing changes (after an overflow the
 *   error stands: upstream raises "Unable to trim conversation context!").
 * - The agent's messages are changed in place and persisted (X4: a truncated copy is a record over
 *   its own event; a trim is a record hiding the dropped prefix, with no content).
 * No summarizer. Known limits kept: a single prompt driving a long tool loop has no user message to
 * trim to, so only truncation helps and the context grows until the provider refuses it; the user's
 * request scrolls out of a window of 40 messages in any longer turn.
 */
import type { Content, Part } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionResponse, isTypedUserMessage, partText } from './_shared/content-text.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';

export const STRANDS_SLIDING_WINDOW = 'strands-sliding-window';
export const DEFAULT_WINDOW_SIZE = 40;
/** `_PRESERVE_CHARS`: kept at each end of a truncated tool result. */
export const PRESERVE_CHARS = 200;
export const TRUNCATION_MARKER = '... [truncated:';

export const AUDIT: StrategyAudit = {
  upstream: 'strands-agents/sdk-python',
  commit: '0cd91bb2 [index copy]',
  checked: '2026-11-26',
  follows: [
    'src/strands/agent/conversation_manager/sliding_window_conversation_manager.py: __init__ defaults (window_size 40, should_truncate_results, per_turn, max_context_tokens), _on_before_model_call, apply_management (stops when a reduction does not shorten), reduce_context (oldest tool results first, then trim to a user message that is not a tool result), _truncate_tool_results (200 + 200 characters)',
  ],
  leavesOut: [
    'compactable_after_messages (micro-compaction, off by default) and a custom token_counter; the default estimate_tokens is taken as chars/4 of the text without reading _token_utils',
    'image blocks in tool results (the world has none)',
    'the raise after an overflow that cannot be trimmed: here the refused call simply stands (the run goes on as the world handles a refused request)',
  ],
};

const STATE = { calls: 'strands:modelCallCount' } as const;

export function strandsSlidingWindowStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(STRANDS_SLIDING_WINDOW, options, {
    window_size: { kind: 'integer', min: 1, meaning: 'messages kept (default 40)' },
    should_truncate_results: { kind: 'boolean', meaning: 'truncate the oldest tool results first (default true)' },
    per_turn: {
      kind: 'json',
      meaning: 'manage before model calls: false (default), true (every call) or N (every Nth call)',
    },
    max_context_tokens: { kind: 'integer', min: 1, meaning: 'token budget of the messages, chars/4 (default none)' },
  });
  const perTurn = read.per_turn ?? false;
  if (!(typeof perTurn === 'boolean' || (typeof perTurn === 'number' && Number.isInteger(perTurn) && perTurn > 0))) {
    throw new StrategyOptionsError(
      `${STRANDS_SLIDING_WINDOW}: option "per_turn" must be true, false or a positive integer, got ${JSON.stringify(perTurn)}`,
    );
  }
  const settings: Settings = {
    windowSize: read.window_size ?? DEFAULT_WINDOW_SIZE,
    truncate: read.should_truncate_results ?? true,
    maxContextTokens: read.max_context_tokens,
  };

  return {
    name: STRANDS_SLIDING_WINDOW,
    compact() {},
    compactSession(ctx) {
      const history = projectedHistory(ctx);
      let apply = settings.maxContextTokens !== undefined && estimateTokens(history) > settings.maxContextTokens;
      if (perTurn !== false) {
        const calls = Number(ctx.state.get(STATE.calls) ?? 0) + 1;
        ctx.state.set(STATE.calls, calls);
        if (perTurn === true || calls % perTurn === 0) apply = true;
      }
      if (!apply) return undefined;
      const records = applyManagement(history, settings);
      return records.length > 0 ? { append: records } : undefined;
    },
    afterInvocation(ctx) {
      const records = applyManagement(projectedHistory(ctx), settings);
      return records.length > 0 ? { append: records } : undefined;
    },
    onModelError(ctx: CompactionContext, error: unknown) {
      if (!isContextWindowExceeded(error)) return undefined;
      const reduced = reduceContext([...projectedHistory(ctx)], settings);
      if (!reduced) {
        ctx.warn?.(`${STRANDS_SLIDING_WINDOW}: Unable to trim conversation context!`);
        return undefined;
      }
      return { append: [reduced.record], retry: true };
    },
  };
}

interface Settings {
  readonly windowSize: number;
  readonly truncate: boolean;
  readonly maxContextTokens: number | undefined;
}

/** `apply_management`: reduce while over a limit; stop when a reduction did not shorten the history. */
export function applyManagement(initial: readonly HistoryMessage[], settings: Settings): CompactionRecord[] {
  const history = [...initial];
  const records: CompactionRecord[] = [];
  for (let i = 0; i < initial.length; i += 1) {
    const over =
      history.length > settings.windowSize ||
      (settings.maxContextTokens !== undefined && estimateTokens(history) > settings.maxContextTokens);
    if (!over) break;
    const before = history.length;
    const reduced = reduceContext(history, settings);
    if (!reduced) break;
    records.push(reduced.record);
    if (history.length >= before) break;
  }
  return records;
}

/** `reduce_context` on `history` (changed in place): the record of what it did, or undefined when nothing could be done. */
function reduceContext(history: HistoryMessage[], settings: Settings): { record: CompactionRecord } | undefined {
  const oldest = history.findIndex((m) => hasFunctionResponse(m.content));
  if (oldest >= 0 && settings.truncate) {
    const truncated = truncateToolResults(history[oldest]!.content);
    if (truncated) {
      const message = history[oldest]!;
      const eventId = message.fromRecord ? message.throughEventId : message.event.id;
      history[oldest] = { ...message, content: truncated };
      return { record: { startEventId: eventId, endEventId: eventId, contents: [truncated] } };
    }
  }
  let trim = history.length <= settings.windowSize ? 2 : history.length - settings.windowSize;
  while (
    trim < history.length &&
    !(isTypedUserMessage(history[trim]!.content) && !hasFunctionResponse(history[trim]!.content))
  )
    trim += 1;
  if (trim >= history.length) return undefined;
  const end = history[trim - 1]!.throughEventId;
  history.splice(0, trim);
  return { record: { endEventId: end, contents: [] } };
}

/** `_truncate_tool_results`: every tool-result text over 400 characters keeps its first and last 200; undefined when nothing changes. */
export function truncateToolResults(content: Content): Content | undefined {
  let changed = false;
  const parts: Part[] = (content.parts ?? []).map((part) => {
    if (!part.functionResponse) return structuredClone(part);
    const response: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(part.functionResponse.response ?? {})) {
      const text = typeof value === 'string' ? value : undefined;
      if (text !== undefined && !text.includes(TRUNCATION_MARKER) && text.length > 2 * PRESERVE_CHARS) {
        response[key] =
          `${text.slice(0, PRESERVE_CHARS)}...\n\n${TRUNCATION_MARKER} ${text.length - 2 * PRESERVE_CHARS} chars removed] ...\n\n...${text.slice(-PRESERVE_CHARS)}`;
        changed = true;
      } else {
        response[key] = structuredClone(value);
      }
    }
    return { functionResponse: { ...part.functionResponse, response } };
  });
  return changed ? { role: content.role ?? 'user', parts } : undefined;
}

/** `estimate_tokens` (default token counter): chars/4 of every part. */
function estimateTokens(history: readonly HistoryMessage[]): number {
  return Math.ceil(
    history.reduce((sum, m) => sum + (m.content.parts ?? []).reduce((c, p) => c + partText(p).length, 0), 0) / 4,
  );
}

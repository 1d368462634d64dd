/**
 * Strands Agents, `SlidingWindowConversationManager`, the default conversation manager of a
 * Strands `Agent`, read line by line on 2026-11-27 at strands-agents/sdk-python @1232230d (`main`,
 * 2026-05-15; the file as f8621853, PR #2239, left it):
 * `src/strands/agent/conversation_manager/sliding_window_conversation_manager.py` and the base
 * class `conversation_manager.py` (`_shared/strands.ts`). The previous pin, 0cd91bb2, was a commit
 * of PR #2147, closed without merging: its `max_context_tokens` budget, its looping
 * `apply_management` and its truncation outside an overflow never shipped.
 *
 * - When: after every agent invocation (`apply_management`, X2); before a model call with
 *   `per_turn` (true: every call; N: every Nth call; L90–118) and, with `proactive_compression`,
 *   when the projected input tokens reach the threshold (0.7 by default) of the window
 *   (`reduce_context` without an error, best-effort; the base class's hook runs first); on a
 *   context-window overflow (`reduce_context` with the error, X3), then the call is retried.
 * - `apply_management` (L143–161): more than `window_size` (40) messages → one `reduce_context`.
 * - `reduce_context` (L163–280): `window_size` 0 clears every message. Only after an overflow
 *   (L198–208), first the OLDEST message holding tool results: each text longer than 400
 *   characters keeps its first and last 200 with a "[truncated: N chars removed]" notice (an
 *   already truncated one is left alone); a change ends the reduction. Else trim: drop the oldest
 *   `len − window_size` messages (2 when under the window), moving the cut forwards to a user
 *   message that is neither a tool result nor a tool use without its result (L212–255); none →
 *   the first assistant tool use followed by its tool result at or after the start (L221–234,
 *   L256–264; #2174); none either → after an overflow the error stands ("Unable to trim
 *   conversation context!"), else a warning and nothing changes (L265–274).
 * - The agent's messages are changed in place and persisted (X4: a truncated copy is a record over
 *   its own event; a trim is a record hiding the dropped prefix, with no content).
 * No summarizer. Known limits kept: the user's request scrolls out of a window of 40 messages in
 * any longer turn; a tool loop is trimmed at a tool-use boundary, so the kept history may start
 * with an assistant message.
 */
import type { Content, Part } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionCall, hasFunctionResponse } from './_shared/content-text.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { compressionThreshold, proactiveCompressionDue } from './_shared/strands.ts';

export const STRANDS_SLIDING_WINDOW = 'strands-sliding-window';
export const DEFAULT_WINDOW_SIZE = 40;
/** `_PRESERVE_CHARS`: kept at each end of a truncated tool result. */
export const PRESERVE_CHARS = 200;
export const TRUNCATION_MARKER = '... [truncated:';

export const AUDIT: StrategyAudit = {
  upstream: 'strands-agents/sdk-python',
  commit: '1232230d',
  checked: '2026-11-27',
  follows: [
    'src/strands/agent/conversation_manager/sliding_window_conversation_manager.py @1232230d: __init__ L34-76 (window_size 40, should_truncate_results, per_turn, proactive_compression), _on_before_model_call L90-118, apply_management L143-161 (one reduction over the window), reduce_context L163-280 (window 0 clears; truncation only with an error L198-208; the trim L212-255 with the tool-use fallback L221-234 and L256-264; raise or warn L265-274), _truncate_tool_results L282-359 (200 + 200 characters), _find_oldest_message_with_tool_results L361-380',
    'conversation_manager.py @1232230d L66-98 and L116-159 (proactive compression, 0.7 of context_window_limit); event_loop.py L78-117 (_estimate_input_tokens); models/model.py L40-118 (the heuristic estimate)',
  ],
  leavesOut: [
    'image blocks in tool results (the world has none)',
    'the raise after an overflow that cannot be trimmed: here the refused call simply stands (the run goes on as the world handles a refused request)',
    "context_window_limit: the world's window stands for it (upstream defaults to 200,000 when the model config has none); the cold-start estimate takes the world's system and tool token counts instead of estimating their text",
  ],
};

const STATE = { calls: 'strands:modelCallCount' } as const;

export function strandsSlidingWindowStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(STRANDS_SLIDING_WINDOW, options, {
    window_size: { kind: 'integer', min: 0, meaning: 'messages kept (default 40; 0 clears every message)' },
    should_truncate_results: { kind: 'boolean', meaning: 'truncate the oldest tool results first (default true)' },
    per_turn: {
      kind: 'json',
      meaning: 'manage before model calls: false (default), true (every call) or N (every Nth call)',
    },
    proactive_compression: {
      kind: 'json',
      meaning:
        'reduce before a model call at a share of the window: true (0.7), {compression_threshold: f} or false (default)',
    },
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
  };
  const threshold = compressionThreshold(STRANDS_SLIDING_WINDOW, read.proactive_compression);

  return {
    name: STRANDS_SLIDING_WINDOW,
    compact() {},
    compactSession(ctx) {
      const history = [...projectedHistory(ctx)];
      const records: CompactionRecord[] = [];
      // The base class's hook is registered first: proactive compression, then per_turn.
      if (proactiveCompressionDue(ctx, history, threshold)) {
        const reduced = reduceContext(history, settings, false);
        if (reduced) records.push(reduced.record);
      }
      if (perTurn !== false) {
        const calls = Number(ctx.state.get(STATE.calls) ?? 0) + 1;
        ctx.state.set(STATE.calls, calls);
        if (perTurn === true || calls % perTurn === 0) records.push(...applyManagement(history, settings));
      }
      return records.length > 0 ? { append: records } : undefined;
    },
    afterInvocation(ctx) {
      const records = applyManagement([...projectedHistory(ctx)], settings);
      return records.length > 0 ? { append: records } : undefined;
    },
    onModelError(ctx: CompactionContext, error: unknown) {
      if (!isContextWindowExceeded(error)) return undefined;
      const reduced = reduceContext([...projectedHistory(ctx)], settings, true);
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
}

/** `apply_management`: over the window, one `reduce_context` without an error (`history` is changed in place). */
export function applyManagement(history: HistoryMessage[], settings: Settings): CompactionRecord[] {
  if (history.length <= settings.windowSize) return [];
  const reduced = reduceContext(history, settings, false);
  return reduced ? [reduced.record] : [];
}

/**
 * `reduce_context` on `history` (changed in place), `afterOverflow` when an error was passed: the
 * record of what it did, or undefined when nothing could be done.
 */
function reduceContext(
  history: HistoryMessage[],
  settings: Settings,
  afterOverflow: boolean,
): { record: CompactionRecord } | undefined {
  if (history.length === 0) return undefined;
  if (settings.windowSize === 0) {
    const end = history[history.length - 1]!.throughEventId;
    history.splice(0);
    return { record: { endEventId: end, contents: [] } };
  }
  const oldest = history.findIndex((m) => hasFunctionResponse(m.content));
  if (afterOverflow && oldest >= 0 && settings.truncate) {
    const truncated = truncateToolResults(history[oldest]!.content);
    if (truncated) {
      const message = history[oldest]!;
      const eventId = message.fromRecord ? message.throughEventId : message.event.id;
      history[oldest] = { ...message, content: truncated };
      return { record: { startEventId: eventId, endEventId: eventId, contents: [truncated] } };
    }
  }
  const trim = trimIndex(
    history.map((m) => m.content),
    settings.windowSize,
  );
  if (trim === undefined) return undefined;
  const end = history[trim - 1]!.throughEventId;
  history.splice(0, trim);
  return { record: { endEventId: end, contents: [] } };
}

/**
 * The trim point (L212–264): from `len − window` (2 under the window) forwards to a user message
 * that is not a tool result and not a tool use without its result; else the first assistant tool
 * use whose next message holds tool results; else none.
 */
export function trimIndex(messages: readonly Content[], windowSize: number): number | undefined {
  let trim = messages.length <= windowSize ? 2 : messages.length - windowSize;
  let fallback: number | undefined;
  for (; trim < messages.length; trim += 1) {
    const here = messages[trim]!;
    const next = messages[trim + 1];
    if (here.role !== 'user') {
      if (fallback === undefined && hasFunctionCall(here) && next?.role === 'user' && hasFunctionResponse(next))
        fallback = trim;
      continue;
    }
    const unanswered = hasFunctionCall(here) && !(next !== undefined && hasFunctionResponse(next));
    if (!hasFunctionResponse(here) && !unanswered) return trim;
  }
  return fallback;
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

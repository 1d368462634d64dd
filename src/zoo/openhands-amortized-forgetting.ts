/**
 * OpenHands `AmortizedForgettingCondenser` (All-Hands-AI/OpenHands @156d0686:
 * `openhands/memory/condenser/impl/amortized_forgetting_condenser.py`, `openhands/core/config/condenser_config.py`
 * `AmortizedForgettingCondenserConfig` (max_size 100, keep_first 1), `openhands/memory/view.py`).
 *
 * - When: before every agent step, when the view holds more than `max_size` events or a
 *   condensation was requested (a context-window error, `agent_controller.py` L949–976).
 * - `get_condensation`: the first `keep_first` events and the last `max_size // 2 − keep_first`
 *   stay; every other event is forgotten, with no summary (X4: a record with no content). The view
 *   then grows again to `max_size` before the next forgetting: the cost is amortized.
 * Known limits kept: no summary, so whatever the forgotten events held (the user's request, when it
 * is not among the first events) is gone; the trigger counts events, not tokens; a condensation
 * requested on a view no longer than the tail forgets nothing and fails (`min()` over an empty set).
 */
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import type { CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { NothingToForgetError } from './_shared/openhands.ts';
import { readOptions } from './_shared/options.ts';

export const OPENHANDS_AMORTIZED_FORGETTING = 'openhands-amortized-forgetting';
/** `AmortizedForgettingCondenserConfig` defaults (the class's own keep_first default is 0). */
export const DEFAULT_MAX_SIZE = 100;
export const DEFAULT_KEEP_FIRST = 1;

export const AUDIT: StrategyAudit = {
  upstream: 'All-Hands-AI/OpenHands',
  commit: '156d0686',
  checked: '2026-11-26',
  follows: [
    'openhands/memory/condenser/impl/amortized_forgetting_condenser.py L16-38 (checks), L40-55 (head keep_first, tail max_size // 2 - len(head), the rest forgotten), L57-58 (len(view) > max_size or a request)',
    'openhands/core/config/condenser_config.py AmortizedForgettingCondenserConfig: max_size 100, keep_first 1',
    'openhands/controller/agent_controller.py L949-976: a context-window error adds a CondensationRequestAction',
  ],
  leavesOut: [
    'events are messages of the projected history (OpenHands: one event per tool call and per observation, the system prompt and initial user message counted)',
    'forgotten ids are a range min..max upstream; here the range is the same contiguous middle of the view',
  ],
};

const STATE = { requested: 'openhands:forgettingRequested' } as const;

export function openhandsAmortizedForgettingStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(OPENHANDS_AMORTIZED_FORGETTING, options, {
    max_size: { kind: 'integer', min: 1, meaning: 'events in the view before old ones are forgotten (default 100)' },
    keep_first: { kind: 'integer', min: 0, meaning: 'first events always kept (default 1)' },
  });
  const maxSize = read.max_size ?? DEFAULT_MAX_SIZE;
  const keepFirst = read.keep_first ?? DEFAULT_KEEP_FIRST;
  if (keepFirst >= Math.floor(maxSize / 2))
    throw new StrategyOptionsError(
      `${OPENHANDS_AMORTIZED_FORGETTING}: keep_first (${keepFirst}) must be less than half of max_size (${maxSize})`,
    );

  return {
    name: OPENHANDS_AMORTIZED_FORGETTING,
    compact() {},
    async compactSession(ctx) {
      const view = projectedHistory(ctx);
      if (!(view.length > maxSize || ctx.state.get(STATE.requested) === true)) return undefined;
      ctx.state.set(STATE.requested, false);
      return { append: [forgetting(view, maxSize, keepFirst)] };
    },
    async onModelError(ctx, error) {
      if (!isContextWindowExceeded(error)) return undefined;
      return { append: [forgetting(projectedHistory(ctx), maxSize, keepFirst)], retry: true };
    },
  };
}

/** `get_condensation`: the record hiding every event of the view outside the head and the tail. */
export function forgetting(view: readonly HistoryMessage[], maxSize: number, keepFirst: number): CompactionRecord {
  const head = view.slice(0, keepFirst);
  const eventsFromTail = Math.floor(maxSize / 2) - head.length;
  // `view[-n:]`: the last n events (the whole view when n is at least its length).
  const tailStart = Math.max(0, view.length - eventsFromTail);
  const forgotten = view.slice(head.length, tailStart);
  if (forgotten.length === 0) throw new NothingToForgetError(OPENHANDS_AMORTIZED_FORGETTING, view.length);
  // Forgetting leaves no content behind, so every message of the view is a raw event.
  return {
    startEventId: forgotten[0]!.event.id,
    endEventId: forgotten[forgotten.length - 1]!.throughEventId,
    contents: [],
  };
}

/**
 * What OpenHands' rolling condensers share (All-Hands-AI/OpenHands @156d0686,
 * `openhands/memory/condenser/condenser.py` `RollingCondenser`, `openhands/memory/view.py`): the
 * view is the list of events the agent would send, a condensation forgets a contiguous range of
 * event ids (`CondensationAction.forgotten_events_start_id..end_id`) and may put a summary at an
 * offset of the view. Here an event of the view is one message of the projected history (X4), and
 * a condensation is a compaction record over the forgotten range.
 */
import type { CompactionContext } from '../../engine/types.ts';
import type { HistoryMessage } from './history.ts';

/** Python's `seq[start:stop]` for non-negative `start` and a `stop` that may be negative (`-0` is 0). */
export function pySlice<T>(items: readonly T[], start: number, stop: number): T[] {
  const clamp = (i: number) => (i < 0 ? Math.max(0, items.length + i) : Math.min(i, items.length));
  return items.slice(clamp(start), clamp(stop));
}

/** `truncate_content` (openhands/events/serialization/event.py): the middle of a long text cut out, with a notice. */
export function truncateContent(content: string, maxChars: number): string {
  if (maxChars < 0 || content.length <= maxChars) return content;
  const half = Math.floor(maxChars / 2);
  return `${content.slice(0, half)}\n[... Observation truncated due to length ...]\n${content.slice(content.length - half)}`;
}

/**
 * The session event a forgotten range starts at: the one right after the last kept head message
 * (so a later condensation's range covers the earlier one, and the earlier summary is replaced),
 * or the session's first event when no head is kept.
 */
export function rangeStartAfterHead(
  ctx: Pick<CompactionContext, 'events'>,
  head: readonly HistoryMessage[],
): string | undefined {
  if (head.length === 0) return undefined;
  const events = ctx.events ?? [];
  const lastHead = head[head.length - 1]!.throughEventId;
  const at = events.findIndex((e) => e.id === lastHead);
  return at >= 0 && at + 1 < events.length ? events[at + 1]!.id : undefined;
}

/**
 * The error OpenHands raises when a condensation has nothing to forget: `min()` over an empty
 * sequence of forgotten event ids (a condensation requested on a short view). The agent step fails
 * and the controller puts the agent in its error state.
 */
export class NothingToForgetError extends Error {
  constructor(strategy: string, viewLength: number) {
    super(
      `${strategy}: min() arg is an empty sequence (a condensation of a view of ${viewLength} events has no event to forget)`,
    );
    this.name = 'NothingToForgetError';
  }
}

/**
 * adk-python events compaction, sliding window (google/adk-python `apps/compaction.py`, the
 * Runner's post-invocation pass; `EventsCompactionConfig(compaction_interval, overlap_size)`;
 * docs/peer-strategies.md §4, docs/adk-step-loop.md §3).
 *
 * After an invocation (X2): invocations whose latest event is newer than the last compaction's
 * end are "new"; with at least `compaction_interval` of them, every non-compaction event from the
 * first event of the invocation `overlap_size` before the first new one to the last event of the
 * last new one is summarized (text parts only, `author: text`) into a compaction event appended to
 * the session (X4) and rendered as the agent's own model turn where its range ends. Interval 2,
 * overlap 1: after invocation 2 → [1, 2]; after 4 → [2, 4]. A summarizer that answers nothing
 * appends nothing; one that fails raises (adk-python does not catch it) [derived].
 * Both settings are required upstream (no defaults); ours are the docstring's example, 2 and 1.
 * Known limits kept: nothing bounds a single long invocation (it is never split), function calls
 * and responses never reach the summarizer.
 */
import type { SessionEvent } from '../engine/hook-types.ts';
import type { CompactionStrategy } from '../engine/types.ts';
import { isCompactable, latestCompaction, summarizeEvents } from './_shared/adk-python.ts';
import { readOptions } from './_shared/options.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'google/adk-python',
  commit: '94fca72f [index copy]',
  checked: '2026-11-26',
  follows: [
    'src/google/adk/apps/compaction.py _run_compaction_for_sliding_window',
    'src/google/adk/apps/llm_event_summarizer.py @be6a2e8e (text parts, author: text)',
  ],
  leavesOut: [
    'the #4740 pending-call guard of newer revisions (modelled in adk-python-token-threshold)',
    'upstream joins summary lines with a literal backslash and n: cosmetic',
  ],
};

export const ADK_PYTHON_SLIDING_WINDOW = 'adk-python-sliding-window';

export function adkPythonSlidingWindowStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ADK_PYTHON_SLIDING_WINDOW, options, {
    compaction_interval: { kind: 'integer', min: 1, meaning: 'new invocations that trigger a compaction (ours: 2)' },
    overlap_size: { kind: 'integer', min: 0, meaning: 'earlier invocations the new range re-covers (ours: 1)' },
  });
  const interval = read.compaction_interval ?? 2;
  const overlap = read.overlap_size ?? 1;

  return {
    name: ADK_PYTHON_SLIDING_WINDOW,
    compact() {},
    async afterInvocation(ctx) {
      const events = ctx.events ?? [];
      const range = slidingRange(events, interval, overlap);
      if (!range) return undefined;
      const covered = events.slice(range.start, range.end + 1).filter(isCompactable);
      const record = await summarizeEvents(ctx, covered, undefined, {
        startEventId: events[range.start]!.id,
        endEventId: events[range.end]!.id,
      });
      return record ? { append: [record] } : undefined;
    },
  };
}

/** The positions `[start, end]` the next sliding compaction covers, or undefined when it is not due. */
export function slidingRange(
  events: readonly SessionEvent[],
  interval: number,
  overlap: number,
): { start: number; end: number } | undefined {
  const invocations: { id: string; first: number; last: number }[] = [];
  events.forEach((event, i) => {
    if (!isCompactable(event)) return;
    const current = invocations[invocations.length - 1];
    if (current && current.id === event.invocationId) current.last = i;
    else if (invocations.some((inv) => inv.id === event.invocationId))
      invocations.find((inv) => inv.id === event.invocationId)!.last = i;
    else invocations.push({ id: event.invocationId, first: i, last: i });
  });
  const compactedThrough = latestCompaction(events)?.endIndex ?? -1;
  const firstNew = invocations.findIndex((inv) => inv.last > compactedThrough);
  if (firstNew < 0 || invocations.length - firstNew < interval) return undefined;
  const from = invocations[Math.max(0, firstNew - overlap)]!;
  return { start: from.first, end: invocations[invocations.length - 1]!.last };
}

/**
 * adk-python events compaction, sliding window, read line by line at google/adk-python @bb2efb6b
 * (2026-05-15, on `main`; `src/google/adk/apps/compaction.py` `_run_compaction_for_sliding_window`
 * L493–695, called by `runners.py` L621–628 after each invocation; the summarizer
 * `apps/llm_event_summarizer.py`; docs/peer-strategies.md §4, docs/adk-step-loop.md §3). Read from a
 * GitHub fork whose history carries upstream's commits unchanged; checked 2026-11-27.
 *
 * After an invocation (X2): invocations whose latest event is newer than the last compaction's
 * end are "new" (L603–631); with at least `compaction_interval` of them (L632), every non-compaction
 * event from the first event of the invocation `overlap_size` before the first new one (L644) to
 * the last event of the last new one (L648–672) is taken; the pending-call guard of #4740
 * (991c4111; L672–675) stops the range before the first event holding a function call no response
 * in the session answers; the rest is summarized (text parts only, `author: text`) into a
 * compaction event appended to the session (X4, L687–694) and rendered as the agent's own model
 * turn where its range ends. Interval 2, overlap 1: after invocation 2 → [1, 2]; after 4 → [2, 4].
 * A summarizer that answers nothing appends nothing; one that fails raises (not caught).
 * Both settings are required upstream (no defaults); ours are the docstring's example, 2 and 1.
 * Known limits kept: nothing bounds a single long invocation (it is never split), function calls
 * and responses never reach the summarizer (until bdb55826).
 */
import type { SessionEvent } from '../engine/hook-types.ts';
import type { CompactionStrategy } from '../engine/types.ts';
import {
  beforePendingFunctionCall,
  isCompactable,
  latestCompaction,
  pendingFunctionCallIds,
  summarizeEvents,
} from './_shared/adk-python.ts';
import { readOptions } from './_shared/options.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'google/adk-python',
  commit: 'bb2efb6b',
  checked: '2026-11-27',
  follows: [
    'src/google/adk/apps/compaction.py @bb2efb6b _run_compaction_for_sliding_window L493–695 (new invocations L603–631, the trigger L632, the range L644–672, the #4740 pending-call guard L672–675 with L317–347)',
    'src/google/adk/runners.py @bb2efb6b L621–628 (after every invocation)',
    'src/google/adk/apps/llm_event_summarizer.py @bb2efb6b L73–137 (text parts, author: text; the summarizer usage on the event)',
  ],
  leavesOut: [
    'read from a fork (AmaadMartin/adk-python) whose history holds upstream main unchanged: the upstream snapshot reachable here predates compaction',
    '_truncate_events_before_hitl_signal (L676–678): the world has no tool confirmations or auth requests',
    'newer main: bdb55826 (thoughts and tool calls in summaries), 71b936bf (_longest_self_contained_prefix), 49c0a365 (the event yielded to the runner): another generation',
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
      const covered = beforePendingFunctionCall(
        events.slice(range.start, range.end + 1).filter(isCompactable),
        pendingFunctionCallIds(events),
      );
      if (covered.length === 0) return undefined;
      // The compaction spans its first and last summarized events (summarizer L122–123).
      const record = await summarizeEvents(ctx, covered, undefined, {
        startEventId: covered[0]!.id,
        endEventId: covered[covered.length - 1]!.id,
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

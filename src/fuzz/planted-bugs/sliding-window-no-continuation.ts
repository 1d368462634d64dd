/**
 * Planted bug: the sliding window that forgets its continuation message (the user message quoting
 * the request after the summary). The faithful sliding window loses the user's request too, one
 * step later: it re-injects only the summary after the compaction step (upstream quirk), so on
 * every run where this variant fails `user-request-preserved`, the reference fails it as well. A
 * per-run comparison sees "both fail"; differential fuzzing sees that this one breaks the property
 * at the compaction step, where the reference still holds it (differential-verdicts.ts).
 */
import { continuationText } from '../../engine/summary/summary-content.ts';
import { slidingWindowStrategy } from '../../engine/strategies/sliding-window.ts';
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';

/** What both forms of the continuation start with (with and without the user's text). */
const CONTINUATION = continuationText().slice(0, continuationText().indexOf('.') + 1);

export const slidingWindowNoContinuation: StrategyFactory = (options): CompactionStrategy => {
  const faithful = slidingWindowStrategy(options);
  return {
    ...faithful,
    name: 'planted:sliding-window-no-continuation',
    async compact(ctx, request) {
      const outcome = await faithful.compact(ctx, request);
      const last = request.contents.at(-1);
      const text = last?.parts?.[0]?.text;
      if (last?.role !== 'user' || typeof text !== 'string' || !text.startsWith(CONTINUATION)) return outcome;
      request.contents = request.contents.slice(0, -1); // the bug
      // The faithful estimate counted the continuation: ContextGuard estimates the request again.
      if (outcome === undefined) return undefined;
      const { requestTokens: _counted, ...rest } = outcome;
      return rest;
    },
  };
};

export default slidingWindowNoContinuation;

/**
 * Planted bug: the sliding window with `safeSplitIndex` guarding `idx < 0` instead of `idx <= 0`,
 * so a candidate split at 0 (a tail as long as the request) is walked to a pair seam and clamped to
 * 1 instead of returned: the strategy then summarizes a request it should leave alone. Only a
 * window under 3 contents asks for such a split (the tail is at least 3, the request more than the
 * window), so the default 20 never does (issue 18's survivor); drawing maxTurns from the sliding
 * window's declared space reaches 2 (test/fuzz/option-variation-bugs.test.ts: differential fuzzing
 * against the sliding window finds it).
 */
import type { Content } from '@google/genai';
import { walkBackToPairBoundary, walkForwardToPairBoundary } from '../../engine/split/split-index.ts';
import { slidingWindowWith } from '../../engine/strategies/sliding-window.ts';
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';

/** `safeSplitIndex` (engine/split/split-index.ts) but for its first guard. */
function splitIndexFromZero(contents: readonly Content[], idx: number): number {
  if (idx < 0 || idx >= contents.length) return idx; // the bug: upstream returns 0 unchanged too
  const orig = idx;
  idx = walkBackToPairBoundary(contents, idx);
  if (idx <= 0) idx = walkForwardToPairBoundary(contents, orig);
  if (idx <= 0) idx = 1;
  if (idx >= contents.length) idx = contents.length - 1;
  return idx;
}

export const slidingWindowSplitAtZero: StrategyFactory = (options): CompactionStrategy => ({
  ...slidingWindowWith({ splitIndex: splitIndexFromZero }, options),
  name: 'planted:sliding-window-split-at-zero',
});

export default slidingWindowSplitAtZero;

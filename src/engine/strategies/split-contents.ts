/**
 * The sliding window's old/recent split: `safeSplitIndex(contents, len − recentKeep)`.
 */
import type { Content } from '@google/genai';
import { safeSplitIndex } from '../split/split-index.ts';

/** Upstream would panic here (Go slice bounds out of range); we raise a clear error instead. */
export class SplitIndexOutOfRangeError extends Error {
  readonly code = 'ENGINE_SPLIT_INDEX_OUT_OF_RANGE';
  constructor(index: number, length: number, recentKeep: number) {
    super(
      `sliding_window: split index ${index} is out of range for ${length} contents (recentKeep ${recentKeep}); ` +
        'upstream ContextGuard panics here (slice bounds out of range). Use maxTurns >= 3 or more contents.',
    );
    this.name = 'SplitIndexOutOfRangeError';
  }
}

/** `splitIndex`: upstream's `safeSplitIndex` unless a planted bug swaps it (sliding-window.ts). */
export function split(
  contents: readonly Content[],
  recentKeep: number,
  splitIndex: (contents: readonly Content[], idx: number) => number = safeSplitIndex,
): { old: Content[]; recent: Content[] } {
  const idx = splitIndex(contents, contents.length - recentKeep);
  // safeSplitIndex returns a negative candidate unchanged; Go's `contents[:idx]` then panics.
  if (idx < 0) throw new SplitIndexOutOfRangeError(idx, contents.length, recentKeep);
  return { old: contents.slice(0, idx), recent: contents.slice(idx) };
}

/**
 * The headroom ContextGuard leaves below the window (docs/contextguard.md §5 `computeBuffer`): a fixed 20k for
 * windows ≥ 200k, else `int(float64(window) * 0.20)`. threshold = window − buffer.
 */
import {
  LARGE_CONTEXT_WINDOW_BUFFER,
  LARGE_CONTEXT_WINDOW_THRESHOLD,
  SMALL_CONTEXT_WINDOW_RATIO,
} from '../constants.ts';

export function computeBuffer(contextWindow: number): number {
  if (contextWindow >= LARGE_CONTEXT_WINDOW_THRESHOLD) return LARGE_CONTEXT_WINDOW_BUFFER;
  return Math.trunc(contextWindow * SMALL_CONTEXT_WINDOW_RATIO);
}

/** `window − computeBuffer(window)`: compaction starts at a calibrated estimate `>=` this. */
export function computeThreshold(contextWindow: number): number {
  return contextWindow - computeBuffer(contextWindow);
}

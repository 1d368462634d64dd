/**
 * Turns a `SizeDraft` into bytes for one scenario. The anchors are where compaction breaks
 * (docs/known-bugs.md #3, #11): an item exactly at the compaction threshold (± tokens), one that fills the
 * window, one larger than what is left after a compaction. Heuristic tokens are ContextGuard's
 * `len(bytes)/4`; real tokens are heuristic × ratio (the seeds' token model).
 */
import { computeThreshold } from '../../../engine/tokens/compute-buffer.ts';
import type { SizeDraft } from './drafts.ts';

/**
 * An absolute size is at most this share of the window (in percent; what the largest
 * window-anchored tool share reaches). Compaction breaks on an item's size relative to the
 * window: one larger than five windows breaks nothing a five-window item does not, and costs in
 * proportion on every step that carries or summarizes it (a 50 kB tool result is 25 windows of a
 * 1k-token window).
 */
export const MAX_ITEM_WINDOW_PERCENT = 500;

/** Heuristic tokens of a compacted request without overhead: the wrapped 120-byte summary (50) + the generic continuation (46). */
export const POST_COMPACTION_TOKENS = 96;

export interface SizeContext {
  readonly contextWindow: number;
  /** Real tokens per heuristic token (1 for a real tokenizer: an approximation, anchors are a bias). */
  readonly ratio: number;
  /** Heuristic tokens on every request: system prompt + tool declarations. */
  readonly overheadTokens: number;
}

export function resolveSize(size: SizeDraft, context: SizeContext): number {
  switch (size.anchor) {
    case 'bytes':
      return Math.min(size.bytes, roundDown(windowShareBytes(context, MAX_ITEM_WINDOW_PERCENT)));
    case 'window':
      return windowShareBytes(context, size.percent);
    case 'threshold':
      return tokensToBytes(thresholdHeuristicTokens(context) + size.tokens);
    case 'post-budget':
      return tokensToBytes(
        thresholdHeuristicTokens(context) - context.overheadTokens - POST_COMPACTION_TOKENS + size.tokens,
      );
  }
}

/** Bytes that fill `percent`% of the window in real tokens. */
function windowShareBytes(context: SizeContext, percent: number): number {
  return Math.floor((context.contextWindow * percent) / 100 / context.ratio) * 4;
}

/** To a multiple of 100 bytes, as absolute sizes are drawn (so files stay readable). */
function roundDown(bytes: number): number {
  return Math.floor(bytes / 100) * 100;
}

/** The threshold in heuristic tokens: `(window − computeBuffer(window)) / ratio`. */
export function thresholdHeuristicTokens(context: SizeContext): number {
  return Math.floor(computeThreshold(context.contextWindow) / context.ratio);
}

function tokensToBytes(tokens: number): number {
  return Math.max(0, tokens) * 4;
}

/**
 * Turns a `SizeDraft` into bytes for one scenario. The anchors are where compaction breaks
 * (peers §8 #3, #11): an item exactly at the compaction threshold (± tokens), one that fills the
 * window, one larger than what is left after a compaction. Heuristic tokens are ContextGuard's
 * `len(bytes)/4`; real tokens are heuristic × ratio (the seeds' token model).
 */
import { computeThreshold } from '../../../engine/tokens/compute-buffer.ts';
import type { SizeDraft } from './drafts.ts';

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
      return size.bytes;
    case 'window':
      return Math.floor((context.contextWindow * size.percent) / 100 / context.ratio) * 4;
    case 'threshold':
      return tokensToBytes(thresholdHeuristicTokens(context) + size.tokens);
    case 'post-budget':
      return tokensToBytes(
        thresholdHeuristicTokens(context) - context.overheadTokens - POST_COMPACTION_TOKENS + size.tokens,
      );
  }
}

/** The threshold in heuristic tokens: `(window − computeBuffer(window)) / ratio`. */
export function thresholdHeuristicTokens(context: SizeContext): number {
  return Math.floor(computeThreshold(context.contextWindow) / context.ratio);
}

function tokensToBytes(tokens: number): number {
  return Math.max(0, tokens) * 4;
}

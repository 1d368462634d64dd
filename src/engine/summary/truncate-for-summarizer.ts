/**
 * Keeps the transcript sent to the summarizer within 80% of the window (adk-utils-go
 * `truncateForSummarizer`, docs/contextguard.md §9): drops the oldest contents first, keeps at least 2, counts
 * contents only (no system instruction, no tools). Returns a slice; the input is not modified.
 */
import type { Content } from '@google/genai';
import { SUMMARIZER_INPUT_WINDOW_RATIO } from '../constants.ts';
import { estimateContentTokens, estimatePartTokens } from '../tokens/estimate-tokens.ts';

export function truncateForSummarizer<T extends Content | undefined | null>(
  contents: readonly T[],
  contextWindow: number,
): T[] {
  const budget = Math.trunc(contextWindow * SUMMARIZER_INPUT_WINDOW_RATIO);
  let total = estimateContentTokens(contents);
  if (total <= budget) return contents.slice();
  // Same loop as Go, with the running total updated per dropped content instead of re-summed.
  let start = 0;
  while (contents.length - start > 2 && total > budget) {
    total -= contentTokens(contents[start]);
    start += 1;
  }
  return contents.slice(start);
}

function contentTokens(content: Content | undefined | null): number {
  if (!content) return 0;
  let total = 0;
  for (const part of content.parts ?? []) total += estimatePartTokens(part);
  return total;
}

/**
 * Planted bug: the threshold strategy with its summarizer-input budget counted in UTF-8 bytes
 * where tokens were meant (the transcript's length compared with 80 % of the window in tokens).
 * It keeps about a quarter of the history that fits, so the summary silently loses the older
 * turns; every request still fits the window, the summarizer's input fits its own, and no session
 * property sees it (issue 18's survivor class "a summarizer budget in bytes").
 * `summarizer-input-budget` catches it in the summarizer requests its sessions send
 * (test/checker/summarizer-input-budget.test.ts), and the contract check `declared-summarizer-cut` in
 * its declared cut on every scenario (test/checker/declared-summarizer-cut.test.ts).
 */
import { Buffer } from 'node:buffer';
import type { Content } from '@google/genai';
import { SUMMARIZER_INPUT_WINDOW_RATIO } from '../../engine/constants.ts';
import { thresholdWith } from '../../engine/strategies/threshold.ts';
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';

function contentBytes(content: Content | undefined | null): number {
  return content ? Buffer.byteLength(JSON.stringify(content.parts ?? []), 'utf8') : 0;
}

/** `truncateForSummarizer` (engine/summary/truncate-for-summarizer.ts) but for the unit of its count. */
function truncateByBytes(contents: readonly Content[], contextWindow: number): Content[] {
  const budget = Math.trunc(contextWindow * SUMMARIZER_INPUT_WINDOW_RATIO);
  let total = contents.reduce((sum, content) => sum + contentBytes(content), 0); // the bug: bytes, not tokens
  let start = 0;
  while (contents.length - start > 2 && total > budget) {
    total -= contentBytes(contents[start]);
    start += 1;
  }
  return contents.slice(start);
}

export const summarizerBudgetInBytes: StrategyFactory = (options): CompactionStrategy => ({
  ...thresholdWith({ truncateForSummarizer: truncateByBytes }, options),
  name: 'planted:summarizer-budget-in-bytes',
});

export default summarizerBudgetInBytes;

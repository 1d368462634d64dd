/**
 * Planted bug: a rolling summary that appends. At each compaction the strategy asks the summarizer
 * to summarize its previous summary and the history since, then keeps the previous summary AND the
 * answer, where the answer alone was meant to replace it: the summary grows by a reply every time
 * while the summarizer writes no more than before, until it alone fills the window. Every request
 * fits for a long while; `no-summary-growth` sees it from the second compaction on
 * (test/checker/no-summary-growth.test.ts; its correct twin replaces the summary and holds).
 */
import type { StrategyFactory } from '../../engine/types.ts';
import { rollingSummaryStrategy } from './_internals/rolling-summary.ts';

export const summaryAppends: StrategyFactory = () =>
  rollingSummaryStrategy({ name: 'planted:summary-appends', appendsPrevious: true });

export default summaryAppends;

/**
 * Planted bug: a compaction that prepends the summary but forgets to drop what it summarized, so
 * every summarization makes the request larger (docs/known-bugs.md #19: `/compact` made the context
 * bigger). The fuzzer must report `no-loop`.
 */
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';
import { overThreshold, summarizeContents, summaryContent } from './_internals/planted-helpers.ts';

export const growRequest: StrategyFactory = (): CompactionStrategy => ({
  name: 'planted:grow-request',
  async compact(ctx, request) {
    if (!overThreshold(ctx, request)) return;
    const summary = await summarizeContents(ctx, request.contents);
    // The bug: should be `[summary]` (plus what is kept), not `[summary, ...everything]`.
    request.contents = [summaryContent(summary), ...request.contents];
  },
});

export default growRequest;

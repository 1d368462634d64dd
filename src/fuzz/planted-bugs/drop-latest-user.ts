/**
 * Planted bug: a summarize-and-keep-the-current-turn compaction with an off-by-one: it keeps the
 * contents AFTER the latest user message instead of FROM it, so the user's request is summarized
 * away and never quoted (docs/known-bugs.md #14). The fuzzer must report `user-request-preserved`.
 */
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';
import { isUserText, overThreshold, summarizeContents, summaryContent } from './_internals/planted-helpers.ts';

export const dropLatestUser: StrategyFactory = (): CompactionStrategy => ({
  name: 'planted:drop-latest-user',
  async compact(ctx, request) {
    if (!overThreshold(ctx, request)) return;
    const contents = request.contents;
    const latestUser = contents.findLastIndex(isUserText);
    const cut = latestUser + 1; // the bug: should be `latestUser` (keep the request itself)
    const summary = await summarizeContents(ctx, contents.slice(0, cut));
    request.contents = [summaryContent(summary), ...contents.slice(cut)];
  },
});

export default dropLatestUser;

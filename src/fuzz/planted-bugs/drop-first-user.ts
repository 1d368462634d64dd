/**
 * Planted bug: a compaction meant to keep the user's first message (it states the task), a
 * summary of the middle, and the current turn from the latest user message on; the bug leaves the
 * first message out, so the goal it states is neither kept nor summarized (the goal-loss reports
 * against Codex, opencode and crush: docs/known-bugs.md). The fuzzer must report `goal-preserved`
 * from the facts its generators plant (src/fuzz/arbitraries/facts.ts).
 */
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';
import { isUserText, overThreshold, summarizeContents, summaryContent } from './_internals/planted-helpers.ts';

export const dropFirstUser: StrategyFactory = (): CompactionStrategy => ({
  name: 'planted:drop-first-user',
  async compact(ctx, request) {
    if (!overThreshold(ctx, request)) return;
    const contents = request.contents;
    const first = contents.findIndex(isUserText);
    const latest = contents.findLastIndex(isUserText);
    if (first < 0 || latest <= first) return;
    const summary = await summarizeContents(ctx, contents.slice(first + 1, latest));
    // The bug: `contents[first]` belongs in front of the summary.
    request.contents = [summaryContent(summary), ...contents.slice(latest)];
  },
});

export default dropFirstUser;

/**
 * A project's own compaction strategy: once the request nears the window, keep only the last
 * `keep` contents (never cutting a function call from its response). It never summarizes, so it
 * forgets: `npm run fuzz` shows what that costs (overflows it cannot avoid, lost user requests);
 * the property test in test/ pins what it does promise.
 */
import { computeThreshold, safeSplitIndex, StrategyOptionsError, tokenCount } from 'compaction-sim';
import type { CompactionStrategy, StrategyFactory } from 'compaction-sim';

const keepTail: StrategyFactory = (options = {}): CompactionStrategy => {
  const keep = options['keep'] ?? 8;
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1) {
    throw new StrategyOptionsError(`keep_tail: option "keep" must be an integer >= 1, got ${String(keep)}`);
  }
  return {
    name: 'keep_tail',
    compact(ctx, request) {
      // Nothing to drop, and a negative index would make slice() keep a tail that can start with
      // a function response whose call it cut off (the property test found exactly that).
      if (request.contents.length <= keep) return;
      if (tokenCount(ctx, request) < computeThreshold(ctx.contextWindow)) return;
      const split = safeSplitIndex(request.contents, request.contents.length - keep);
      request.contents = request.contents.slice(split);
    },
  };
};

export default keepTail;

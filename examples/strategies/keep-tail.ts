// keep-tail.ts: keep the last contents once the request nears the window, dropping the rest
// without summarizing. It never sends a function call without its response, nor a response
// without its call (fuzz no-orphans holds for every `keep`); what it gives up is measured by the
// other properties.
import { computeThreshold, safeSplitIndex, splitsToolPair, tokenCount } from 'compaction-sim';
import type { StrategyFactory } from 'compaction-sim';

const keepTail: StrategyFactory = (options = {}) => {
  const keep = Number(options.keep ?? 8);
  return {
    name: 'keep_tail',
    compact(ctx, request) {
      if (tokenCount(ctx, request) < computeThreshold(ctx.contextWindow)) return;
      // safeSplitIndex moves a cut off a call/response pair, but its last step (upstream's clamp
      // into [1, len-1]) can still leave the last response without its call: step back over it.
      let split = safeSplitIndex(request.contents, request.contents.length - keep);
      while (splitsToolPair(request.contents, split)) split -= 1;
      // A cut at 0 (or before it) keeps everything.
      if (split <= 0 || split >= request.contents.length) return;
      request.contents = request.contents.slice(split);
    },
  };
};
export default keepTail;

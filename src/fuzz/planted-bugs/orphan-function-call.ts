/**
 * Planted bug: "prune old tool output" implemented by deleting the function-response contents
 * instead of clearing their payload, so every pruned call loses its response (docs/known-bugs.md #5: a
 * tool_use without its tool_result). The fuzzer must report `no-orphans`.
 */
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';
import { hasFunctionResponse, overThreshold } from './_internals/planted-helpers.ts';

export const orphanFunctionCall: StrategyFactory = (): CompactionStrategy => ({
  name: 'planted:orphan-function-call',
  compact(ctx, request) {
    if (!overThreshold(ctx, request)) return;
    // The bug: the calls stay, their responses go.
    request.contents = request.contents.filter((content) => !hasFunctionResponse(content));
  },
});

export default orphanFunctionCall;

/**
 * Planted bug: a strategy that, once the history is over its trigger, ends the invocation before
 * the model is called instead of compacting (a "stop when the request would overflow" guard
 * without the compaction that should come with it). Nothing too large is ever sent, nothing is
 * lost from a sent request, no summary loops: every other property holds, and the user's turns
 * simply go unanswered. The fuzzer must report `model-answers` on the first scenario whose
 * history outgrows the trigger.
 */
import type { Content } from '@google/genai';
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';
import { overThreshold } from './_internals/planted-helpers.ts';

export const stopInsteadOfCompact: StrategyFactory = (): CompactionStrategy => ({
  name: 'planted:stop-instead-of-compact',
  compact() {
    // Never compacts: the guard below keeps every sent request under the trigger.
  },
  compactSession(ctx) {
    const contents = (ctx.events ?? []).flatMap((event): Content[] =>
      event.content === undefined ? [] : [event.content],
    );
    // The bug: a history over the trigger ends the invocation, so the model is never called.
    return overThreshold(ctx, { contents }) ? { endInvocation: true } : undefined;
  },
});

export default stopInsteadOfCompact;

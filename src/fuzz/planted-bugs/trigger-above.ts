/**
 * Planted bug: a trigger compared with `>` instead of `>=` (issue 18's boundary errors): a request
 * counted exactly at the threshold passes uncompacted. Nothing overflows for it, so only a
 * declared trigger in the strategy's own count (`declarations.ownTrigger`, `declared-trigger`) and a generator
 * that lands on the threshold as the strategy counts it (the cold-threshold draft) show it.
 */
import type { StrategyFactory } from '../../engine/types.ts';
import { boundaryStrategy } from './_internals/boundary-strategy.ts';

export const triggerAbove: StrategyFactory = () =>
  boundaryStrategy({
    name: 'planted:trigger-above',
    counting: 'cold-tokens',
    compactsAt: (count, trigger) => count > trigger, // the bug: should be >=
  });

export default triggerAbove;

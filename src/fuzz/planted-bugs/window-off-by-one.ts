/**
 * Planted bug: a sliding window off by one: it compacts at 20 contents where it declares 21
 * (more than 20), like a `<` written for `<=`. It compacts one step early, which no overflow
 * shows; the declared trigger in its own count (`declared-trigger`) does.
 */
import type { StrategyFactory } from '../../engine/types.ts';
import { boundaryStrategy } from './_internals/boundary-strategy.ts';

export const windowOffByOne: StrategyFactory = () =>
  boundaryStrategy({
    name: 'planted:window-off-by-one',
    counting: 'contents',
    compactsAt: (count, trigger) => count >= trigger - 1, // the bug: should be count >= trigger
  });

export default windowOffByOne;

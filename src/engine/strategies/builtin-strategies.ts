/** The strategies shipped with the engine, by the name scenario files and `--strategy` use. */
import { STRATEGY_SLIDING_WINDOW, STRATEGY_THRESHOLD } from '../constants.ts';
import type { StrategyFactory } from '../types.ts';
import { hardenedStrategy, STRATEGY_HARDENED } from './hardened/hardened.ts';
import { slidingWindowStrategy } from './sliding-window.ts';
import { thresholdStrategy } from './threshold.ts';

export const BUILTIN_STRATEGIES: Readonly<Record<string, StrategyFactory>> = Object.freeze({
  [STRATEGY_THRESHOLD]: thresholdStrategy,
  [STRATEGY_SLIDING_WINDOW]: slidingWindowStrategy,
  [STRATEGY_HARDENED]: hardenedStrategy,
});

/**
 * Planted bug: ContextGuard's threshold strategy, unchanged but for reading the model's window 3 %
 * too large (a stale registry entry, a rounding slip), so it compacts a little late. The reference
 * itself overflows on many generated runs, and the variant fails the same properties: a plain fuzz
 * report cannot tell them apart. Differential fuzzing (`fuzz --against threshold`) finds the runs
 * where only the variant overflows (test/fuzz/differential.test.ts).
 */
import { thresholdStrategy } from '../../engine/strategies/threshold.ts';
import type { CompactionContext, CompactionStrategy, StrategyFactory } from '../../engine/types.ts';

const WINDOW_SLIP = 1.03;

export const lateThreshold: StrategyFactory = (): CompactionStrategy => {
  const threshold = thresholdStrategy();
  return {
    name: 'planted:late-threshold',
    compact(ctx, request) {
      // The bug: the window the strategy plans for is not the model's.
      const slipped: CompactionContext = Object.create(ctx, {
        contextWindow: { value: Math.round(ctx.contextWindow * WINDOW_SLIP) },
      });
      return threshold.compact(slipped, request);
    },
  };
};

export default lateThreshold;

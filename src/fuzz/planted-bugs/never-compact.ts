/**
 * Planted bug: a strategy that never compacts (compaction switched off, or a trigger that never
 * fires). The fuzzer must report `no-overflow` on the first feasible scenario that outgrows its
 * window.
 */
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';

export const neverCompact: StrategyFactory = (): CompactionStrategy => ({
  name: 'planted:never-compact',
  compact() {
    // The bug: nothing happens, whatever the size of the request.
  },
});

export default neverCompact;

/**
 * Every strategy `--strategy` and scenario files can name: the engine's own (ContextGuard's
 * threshold and sliding window) and the zoo of peer strategies (src/zoo), each with its source.
 * Registered here, at the harness level, so the engine never depends on the zoo.
 */
import {
  BUILTIN_STRATEGIES,
  STRATEGY_HARDENED,
  STRATEGY_SLIDING_WINDOW,
  STRATEGY_THRESHOLD,
} from '../../engine/index.ts';
import type { StrategyFactory } from '../../engine/types.ts';
import { ZOO_STRATEGIES } from '../../zoo/zoo-strategies.ts';

export interface CatalogStrategy {
  readonly name: string;
  /** Its factory (a zoo strategy's module is imported then, not with the catalog). */
  readonly load: () => Promise<StrategyFactory>;
  /** Where its behaviour comes from (repository, path, commit or version). */
  readonly source: string;
}

const CONTEXTGUARD_SOURCE = 'achetronic/adk-utils-go plugin/contextguard (ContextGuard), ported in src/engine';

export const STRATEGY_CATALOG: readonly CatalogStrategy[] = Object.freeze([
  {
    name: STRATEGY_THRESHOLD,
    load: async () => BUILTIN_STRATEGIES[STRATEGY_THRESHOLD]!,
    source: `${CONTEXTGUARD_SOURCE} (compaction_strategy_threshold.go)`,
  },
  {
    name: STRATEGY_SLIDING_WINDOW,
    load: async () => BUILTIN_STRATEGIES[STRATEGY_SLIDING_WINDOW]!,
    source: `${CONTEXTGUARD_SOURCE} (compaction_strategy_sliding_window.go)`,
  },
  {
    name: STRATEGY_HARDENED,
    load: async () => BUILTIN_STRATEGIES[STRATEGY_HARDENED]!,
    source:
      "compaction-sim: ContextGuard's threshold design with every limitation the fuzzer found fixed (src/engine/strategies/hardened)",
  },
  ...ZOO_STRATEGIES,
]);

export function catalogStrategy(name: string): CatalogStrategy | undefined {
  return STRATEGY_CATALOG.find((strategy) => strategy.name === name);
}

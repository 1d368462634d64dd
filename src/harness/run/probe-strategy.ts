/**
 * The worker's side of the strategy probe (strategy-probe.ts): import the module afresh and build
 * the strategy with its options; the answer says why it could not be loaded, if it could not.
 */
import { StrategyOptionsError } from '../../engine/strategies/strategy-options.ts';
import { createStrategy, type StrategySpec } from '../strategy/load-strategy.ts';
import { StrategyLoadError } from '../strategy/strategy-load-error.ts';
import type { ProbeOutput } from './strategy-probe.ts';

export async function probeStrategy(strategy: StrategySpec): Promise<ProbeOutput> {
  try {
    await createStrategy(strategy, { fresh: true });
    return { loadError: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const known = error instanceof StrategyLoadError || error instanceof StrategyOptionsError;
    return { loadError: known ? message : `strategy ${strategy.name} failed while loading: ${message}` };
  }
}

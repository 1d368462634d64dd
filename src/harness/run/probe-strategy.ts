/**
 * The worker's side of the strategy probe (strategy-probe.ts): import the module afresh and build
 * the strategy with its options; the answer says why it could not be loaded, if it could not, and
 * which options the fuzzer may draw for it (its declared option space, as plain data).
 */
import { StrategyOptionsError } from '../../engine/strategies/strategy-options.ts';
import type { OptionSpace } from '../../engine/types.ts';
import {
  loadStrategyFactory,
  strategyFromFactory,
  type LoadStrategyOptions,
  type StrategySpec,
} from '../strategy/load-strategy.ts';
import { assertSpaceAccepted, readOptionSpace, variedSpace } from '../strategy/option-space.ts';
import { StrategyLoadError } from '../strategy/strategy-load-error.ts';
import type { ProbeOutput } from './strategy-probe.ts';

export async function probeStrategy(strategy: StrategySpec): Promise<ProbeOutput> {
  try {
    return { loadError: null, optionSpace: await loadedOptionSpace(strategy, { fresh: true }) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const known = error instanceof StrategyLoadError || error instanceof StrategyOptionsError;
    return {
      loadError: known ? message : `strategy ${strategy.name} failed while loading: ${message}`,
      optionSpace: null,
    };
  }
}

/**
 * Loads and builds the strategy (throwing what a load throws), reads its declared option space,
 * and checks its factory accepts both ends of every range it may be drawn from.
 */
export async function loadedOptionSpace(
  strategy: StrategySpec,
  load: LoadStrategyOptions = {},
): Promise<OptionSpace | null> {
  const factory = await loadStrategyFactory(strategy, load);
  const space = readOptionSpace(strategyFromFactory(factory, strategy.options, strategy.name));
  const drawn = variedSpace(space, strategy.options);
  if (drawn !== null) assertSpaceAccepted(factory, drawn, strategy.options, strategy.name);
  return space;
}

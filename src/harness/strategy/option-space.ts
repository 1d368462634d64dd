/**
 * A strategy's declared option space (`declarations.optionSpace`), read where the strategy
 * is loaded and checked once: a malformed declaration is the author's bad input (exit 2), said
 * before anything is played, never a crash in the middle of a fuzz run. The result is a plain
 * copy, so it crosses from the worker that loaded the strategy to the fuzzer as data.
 */
import type { CompactionStrategy, OptionSpace, StrategyFactory } from '../../engine/types.ts';
import { strategyFromFactory } from './load-strategy.ts';
import { StrategyLoadError } from './strategy-load-error.ts';

/** The declared space as plain data; null when the strategy declares none (or an empty one). */
export function readOptionSpace(strategy: CompactionStrategy): OptionSpace | null {
  const declared: unknown = strategy.declarations?.optionSpace;
  if (declared === undefined) return null;
  const where = `strategy ${strategy.name}: declarations.optionSpace`;
  if (typeof declared !== 'object' || declared === null || Array.isArray(declared)) {
    throw new StrategyLoadError(`${where} must be an object of { min, max, default } per option`);
  }
  const space: Record<string, { min: number; max: number; default: number }> = {};
  for (const [option, range] of Object.entries(declared)) {
    const { min, max, default: fallback } = (range ?? {}) as { min?: unknown; max?: unknown; default?: unknown };
    const integers = [min, max, fallback].every((value) => typeof value === 'number' && Number.isSafeInteger(value));
    if (!integers || !((min as number) <= (fallback as number) && (fallback as number) <= (max as number))) {
      throw new StrategyLoadError(
        `${where}.${option} must be integers with min <= default <= max, got ${JSON.stringify(range)}`,
      );
    }
    space[option] = { min: min as number, max: max as number, default: fallback as number };
  }
  return Object.keys(space).length === 0 ? null : space;
}

/**
 * Builds the strategy with each declared option at both ends of its range (over `options`, the
 * user's), so a factory that rejects a value it declared fails here, once, as bad input.
 */
export function assertSpaceAccepted(
  factory: StrategyFactory,
  space: OptionSpace,
  options: Readonly<Record<string, unknown>>,
  name: string,
): void {
  for (const [option, range] of Object.entries(space)) {
    for (const value of [range.min, range.max]) {
      try {
        strategyFromFactory(factory, { ...options, [option]: value }, name);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new StrategyLoadError(
          `strategy ${name} declares ${option} in [${range.min}, ${range.max}] but rejects ${value}: ${message}`,
        );
      }
    }
  }
}

/** The declared space without the options the user fixed (those are never drawn); null when nothing is left. */
export function variedSpace(space: OptionSpace | null, fixed: Readonly<Record<string, unknown>>): OptionSpace | null {
  if (space === null) return null;
  const left = Object.entries(space).filter(([option]) => !(option in fixed));
  return left.length === 0 ? null : Object.fromEntries(left);
}

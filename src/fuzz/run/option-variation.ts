/**
 * Which options a run plays with when the fuzzer varies them (arbitraries/strategy-options.ts):
 * the options drawn for the run, which ride in the generated scenario's `strategy.options`, with
 * the user's own options over them (fixed, never drawn: option-space.ts leaves them out of the
 * space). Plain functions of plain data, so a run plays the same options in any worker or shard.
 */
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { StrategySpec } from '../../harness/strategy/load-strategy.ts';
import type { OptionSpace } from '../../engine/types.ts';

/** The options drawn for this run ({} when the scenario carries none). */
export function drawnOptions(spec: ScenarioSpec): Readonly<Record<string, unknown>> {
  return spec.strategy?.options ?? {};
}

/** The strategy the run plays: `strategy` with its fixed options over the drawn ones, or as given when nothing is varied. */
export function strategyForRun(strategy: StrategySpec, spec: ScenarioSpec, varied: boolean): StrategySpec {
  return varied ? { ...strategy, options: { ...drawnOptions(spec), ...strategy.options } } : strategy;
}

/** Two declared spaces are shared when they name the same options over the same ranges and defaults. */
export function sameOptionSpace(a: OptionSpace | null, b: OptionSpace | null): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(space: OptionSpace | null): unknown {
  if (space === null) return null;
  return Object.keys(space)
    .sort()
    .map((option) => [option, space[option]!.min, space[option]!.max, space[option]!.default]);
}

/** A space for a report line: `maxTurns 2..40 (default 20), ...`. */
export function describeOptionSpace(space: OptionSpace): string {
  return Object.keys(space)
    .sort()
    .map((option) => `${option} ${space[option]!.min}..${space[option]!.max} (default ${space[option]!.default})`)
    .join(', ');
}

/**
 * Strategy options drawn per run from a declared option space (`declarations.optionSpace`),
 * so a bug that only shows for non-default options (a sliding window of 2 or 33 turns, one
 * summarization pass) is reachable. Each integer is drawn as its distance from the default, which
 * fast-check shrinks towards 0: a counterexample keeps only the departures from the defaults its
 * failure needs. fast-check's bias draws that distance's small values and the range's ends more
 * often, so the defaults and the edges of each range come up often.
 *
 * The options ride in the generated scenario's own `strategy.options`, as a scenario file names
 * its strategy's options: run i draws them from run i's random stream after the scenario (the
 * scenario of run i is the same with or without them), a fast-check path replays both, and the
 * counterexample file carries them as it is.
 */
import fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { OptionSpace } from '../../engine/types.ts';

/** One value per option of `space`, every option present (a counterexample says all it played with). */
export function strategyOptionsArbitrary(space: OptionSpace): fc.Arbitrary<Record<string, number>> {
  const options = Object.keys(space).sort();
  const draws = options.map((option) => {
    const range = space[option]!;
    return fc
      .integer({ min: range.min - range.default, max: range.max - range.default })
      .map((offset) => offset + range.default);
  });
  return fc.tuple(...draws).map((values) => Object.fromEntries(options.map((option, i) => [option, values[i]!])));
}

/**
 * What a generated scenario names as its strategy when it carries drawn options: the player plays
 * its own strategy and only reads the options (run/option-variation.ts), and the counterexample
 * file names the real one. A fixed name keeps the corpus (and its fingerprint) the same for every
 * strategy that declares the same space, as it is for every strategy that declares none.
 */
export const DRAWN_FOR = 'fuzzed-strategy';

/**
 * Scenarios of `arbitrary`, each with options drawn from `space` (the player merges the user's
 * fixed options over them: run/option-variation.ts).
 */
export function withDrawnOptions(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  space: OptionSpace,
): fc.Arbitrary<ScenarioSpec> {
  return fc
    .tuple(arbitrary, strategyOptionsArbitrary(space))
    .map(([spec, options]) => ({ ...spec, strategy: { name: DRAWN_FOR, options } }));
}

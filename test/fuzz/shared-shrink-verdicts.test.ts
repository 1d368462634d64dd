/**
 * The shrinks of one fuzz run share their candidates' verdicts (run/shared-shrink-verdicts.ts):
 * each shrink must end exactly where it ends alone, with fewer plays in all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PropertyName } from '../../src/checker/properties/property.ts';
import { violation } from '../../src/checker/properties/property.ts';
import { verdictOf } from '../../src/checker/verdict.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/index.ts';
import type { CasePlayer } from '../../src/fuzz/run/play-case.ts';
import { SharedShrinkVerdicts } from '../../src/fuzz/run/shared-shrink-verdicts.ts';
import { shrinkFailure } from '../../src/fuzz/run/shrink-failure.ts';

/** Stand-ins for scenarios: what a property looks at is plain numbers. */
interface Fake {
  readonly turns: number;
  readonly size: number;
  readonly tools: readonly number[];
}
const arbitrary = fc.record({
  turns: fc.integer({ min: 0, max: 200 }),
  size: fc.integer({ min: 0, max: 100_000 }),
  tools: fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 20 }),
}) as unknown as fc.Arbitrary<ScenarioSpec>;

/** Each property fails on its own condition; the player counts what it plays, and on which properties. */
const FAILS: Partial<Record<PropertyName, (fake: Fake) => boolean>> = {
  'no-overflow': (fake) => fake.size > 40_000 && fake.turns > 30,
  'no-loop': (fake) => fake.turns > 60,
  'no-thrash': (fake) => fake.tools.filter((tool) => tool > 20).length > 3,
  'deterministic-replay': (fake) => fake.size > 70_000,
};
function countingPlayer(): CasePlayer & { plays: PropertyName[][] } {
  const plays: PropertyName[][] = [];
  return {
    plays,
    async play(spec, only = []) {
      plays.push([...only]);
      const fake = spec as unknown as Fake;
      return new Map(
        only.map((property) => [
          property,
          verdictOf(FAILS[property]!(fake) ? violation(property, { step: 0, turn: 0 }, `fails ${property}`) : null),
        ]),
      );
    },
  };
}

/** The first run (of seed 1, 100 runs) that fails `property`. */
function firstFailing(property: PropertyName): string {
  const samples = fc.sample(arbitrary, { seed: 1, numRuns: 100 });
  const run = samples.findIndex((sample) => FAILS[property]!(sample as unknown as Fake));
  expect(run, property).toBeGreaterThanOrEqual(0);
  return String(run);
}

describe('shrink verdicts shared by the shrinks of one run', () => {
  const properties = Object.keys(FAILS) as PropertyName[];
  const shrinkAll = async (player: CasePlayer, shared: SharedShrinkVerdicts | undefined) => {
    const found = [];
    for (const property of properties)
      found.push(
        await shrinkFailure(arbitrary, player, property, {
          seed: 1,
          runs: 100,
          path: firstFailing(property),
          maxCandidates: 300,
          ...(shared === undefined ? {} : { shared }),
        }),
      );
    return found;
  };

  it('ends every shrink where it ends alone, playing fewer candidates', async () => {
    const alone = countingPlayer();
    const together = countingPlayer();
    const expected = await shrinkAll(alone, undefined);
    const got = await shrinkAll(together, new SharedShrinkVerdicts(properties));
    expect(got).toEqual(expected);
    for (const failure of got) expect(failure?.shrinks ?? 0).toBeGreaterThan(0);
    expect(together.plays.length).toBeLessThan(alone.plays.length);
  });

  it('judges deterministic-replay only when it is the property shrinking', async () => {
    const player = countingPlayer();
    await shrinkAll(player, new SharedShrinkVerdicts(properties));
    const replayed = player.plays.filter((only) => only.includes('deterministic-replay'));
    expect(replayed.length).toBeGreaterThan(0);
    for (const only of replayed) expect(only).toEqual(['deterministic-replay']);
    const shared = player.plays.filter((only) => only.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const only of shared) expect(only).toEqual(['no-overflow', 'no-loop', 'no-thrash']);
  });
});

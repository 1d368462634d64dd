/**
 * The built-in strategies under the fuzzer, in the test suite (fixed seed, few runs so the fuzz
 * tests stay fast): the properties the faithful ContextGuard port keeps on every generated
 * scenario. (The ones it breaks by design are pinned in scenarios/regressions/.)
 *
 * fc.assert in a plain test, which is what `test.prop` of @fast-check/vitest runs: importing that
 * package costs about two seconds of CPU in each vitest worker (it builds its `test` by walking
 * every chain of vitest's test modifiers); test/api/property-testing.test.ts, the README's usage,
 * is the one test file that imports it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import {
  deterministicReplay,
  eventsImmutable,
  noOrphans,
  sessionCompletes,
} from '../../src/checker/properties/index.ts';
import { createCasePlayer } from '../../src/fuzz/run/play-case.ts';

const KEPT = [noOrphans, eventsImmutable, sessionCompletes, deterministicReplay];

describe.each(['threshold', 'sliding_window'])('%s', (name) => {
  const player = createCasePlayer({ name, options: {}, baseDir: process.cwd() }, KEPT);

  // Named as test.prop named it (it appends the seed).
  it('never orphans a call, never mutates events, always completes, replays deterministically (with seed=20260822)', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioSpecArbitrary(), async (spec) => {
        const verdicts = await player.play(spec);
        for (const property of KEPT) {
          const verdict = verdicts.get(property.name)!;
          expect(verdict.status === 'failed' ? verdict.violation.message : 'held', property.name).toBe('held');
        }
      }),
      { seed: 20_260_822, numRuns: 6 },
    );
  });
});

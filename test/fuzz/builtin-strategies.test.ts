/**
 * The built-in strategies under the fuzzer, in the test suite (fixed seed, few runs so the fuzz
 * tests stay fast): the properties the faithful ContextGuard port keeps on every generated
 * scenario. (The ones it breaks by design are pinned in scenarios/regressions/.)
 */
import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { deterministicReplay, eventsImmutable, noOrphans, sessionCompletes } from '../../src/checker/properties/index.ts';
import { createCasePlayer } from '../../src/fuzz/run/play-case.ts';

const KEPT = [noOrphans, eventsImmutable, sessionCompletes, deterministicReplay];

describe.each(['threshold', 'sliding_window'])('%s', (name) => {
  const player = createCasePlayer({ name, options: {}, baseDir: process.cwd() }, KEPT);

  test.prop([scenarioSpecArbitrary()], { seed: 20_260_822, numRuns: 6 })(
    'never orphans a call, never mutates events, always completes, replays deterministically',
    async (spec) => {
      const verdicts = await player.play(spec);
      for (const property of KEPT) {
        const verdict = verdicts.get(property.name)!;
        expect(verdict.status === 'failed' ? verdict.violation.message : 'held', property.name).toBe('held');
      }
    },
  );
});

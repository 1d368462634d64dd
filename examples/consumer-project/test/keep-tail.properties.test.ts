/**
 * Property tests of our strategy, in our own vitest suite: fast-check generates whole scenarios
 * (windows from 1k to 2M tokens, tool bursts, faults, tokenizers, ...) and compaction-sim plays
 * each through the strategy and judges it. A failure is shrunk by fast-check to a small scenario.
 */
import { test } from '@fast-check/vitest';
import { checkScenario, scenarioSpecArbitrary, type PropertyName } from 'compaction-sim/fuzz';
import { expect } from 'vitest';
import keepTail from '../src/keep-tail.ts';

// What keep-tail promises. It does not promise no-overflow or user-request-preserved: it forgets.
const PROMISED: PropertyName[] = ['no-orphans', 'events-immutable', 'session-completes', 'deterministic-replay'];

test.prop([scenarioSpecArbitrary()], { numRuns: 25, seed: 42 })(
  'keep-tail keeps its promises on generated scenarios',
  async (scenario) => {
    const { failures } = await checkScenario(scenario, {
      strategy: keepTail,
      strategyOptions: { keep: 6 },
      properties: PROMISED,
    });
    expect(failures).toEqual([]);
  },
);

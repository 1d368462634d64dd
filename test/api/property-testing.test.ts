/**
 * `compaction-sim/fuzz`: property tests of a strategy in a user's own suite, here with
 * @fast-check/vitest as a user would write them.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { thresholdStrategy } from '../../src/engine/index.ts';
import {
  checkScenario,
  PROPERTY_NAMES,
  scenarioSpecArbitrary,
  type ScenarioSpec,
} from '../../src/api/property-testing.ts';
import { neverCompact } from '../../src/fuzz/planted-bugs/never-compact.ts';
import { parseScenarioSource } from '../../src/harness/scenario/index.ts';
import { stringify } from 'yaml';
import { StrategyLoadError } from '../../src/harness/strategy/strategy-load-error.ts';

const overflowing: ScenarioSpec = {
  name: 'overflowing',
  session: { contextWindow: 8_000 },
  turns: [{ repeat: 6, user: 'Turn {i}: read it', tools: [{ name: 'read_file', size: 4_000 }] }],
};

describe('checkScenario()', () => {
  it('judges a scenario with a factory, an object or a name', async () => {
    const bug = await checkScenario(overflowing, { strategy: neverCompact, properties: ['no-overflow', 'no-orphans'] });
    expect(bug.failures.map((violation) => violation.property)).toEqual(['no-overflow']);
    expect(bug.verdicts['no-orphans']).toEqual({ status: 'passed' });
    expect(Object.keys(bug.verdicts)).toEqual(['no-overflow', 'no-orphans']);

    const ready = await checkScenario(overflowing, { strategy: thresholdStrategy(), properties: ['no-overflow'] });
    expect(ready.failures).toEqual([]);
    const named = await checkScenario(overflowing, { strategy: 'threshold' });
    expect(Object.keys(named.verdicts)).toEqual([...PROPERTY_NAMES]);
    expect(named.failures).toEqual([]);
  });

  it('passes the options to the factory, and rejects what is not a strategy', async () => {
    let seen: unknown;
    await checkScenario(overflowing, {
      strategy: (options) => ((seen = options), thresholdStrategy()),
      strategyOptions: { keep: 3 },
      properties: ['no-loop'],
    });
    expect(seen).toEqual({ keep: 3 });
    await expect(checkScenario(overflowing, { strategy: {} as never })).rejects.toThrow(StrategyLoadError);
  });
});

describe('scenarioSpecArbitrary()', () => {
  it('generates valid scenario files, the same ones for the same seed', () => {
    const specs = fc.sample(scenarioSpecArbitrary(), { seed: 7, numRuns: 5 });
    expect(fc.sample(scenarioSpecArbitrary(), { seed: 7, numRuns: 5 })).toEqual(specs);
    for (const spec of specs) expect(parseScenarioSource(stringify(spec), 'generated.yaml').spec).toEqual(spec);
  });
});

// What a user writes: a strategy's promises as a property over generated scenarios.
test.prop([scenarioSpecArbitrary()], { numRuns: 5, seed: 3 })(
  'threshold never orphans a call and always completes',
  async (scenario) => {
    const { failures } = await checkScenario(scenario, {
      strategy: thresholdStrategy,
      properties: ['no-orphans', 'session-completes'],
    });
    expect(failures).toEqual([]);
  },
);

/**
 * Every zoo strategy over the seed suites (scenarios/stress, scenarios/brutal) in the world: none
 * may crash (strategy-threw, world-error, events-mutated); what they overflow or loop is their
 * own business (measured, not asserted). Also: every catalog name loads through `--strategy`.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/harness/scenario/load-scenarios.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { STRATEGY_CATALOG } from '../../src/harness/strategy/strategy-catalog.ts';
import { runSession } from '../../src/world/run-session.ts';
import { ZOO_STRATEGIES } from '../../src/zoo/zoo-strategies.ts';

const scenarios = await loadScenarios(['scenarios/stress', 'scenarios/brutal']);
/** Cline's compaction is off by default upstream: switched on, or it would show nothing. */
const OPTIONS: Record<string, Record<string, unknown>> = { 'cline-sdk': { enabled: true } };

describe('the zoo over the seed suites', () => {
  it('has the seed scenarios: 47 tests, 48 sessions (LateUsageMetadata runs two)', () => {
    expect(scenarios.length).toBe(48);
  });

  it.each(ZOO_STRATEGIES.map((s) => s.name))('%s plays all 48 seed sessions without crashing', async (name) => {
    const crashes: string[] = [];
    let steps = 0;
    for (const scenario of scenarios) {
      const strategy = await createStrategy({ name, options: OPTIONS[name] ?? {}, baseDir: process.cwd() });
      const result = await runSession(scenario.world, { strategy });
      steps += result.totals.llmSteps;
      if (result.failure) crashes.push(`${scenario.name}: ${result.failure.kind}: ${result.failure.message}`);
    }
    expect(crashes).toEqual([]);
    expect(steps).toBeGreaterThan(2_000);
  }, 120_000);

  it('every catalog name loads by name, with its default options', async () => {
    for (const { name } of STRATEGY_CATALOG) expect((await createStrategy({ name, options: {}, baseDir: process.cwd() })).name).toBe(name);
  });
});

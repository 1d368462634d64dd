/**
 * scenarios/museum: every file is a reported bug of a built-in peer strategy, played by that
 * strategy, and the bug shows (the universal property its users saw break is violated). What
 * other strategies do there is compare's business (test/cli/compare.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runSuite, type ScenarioOutcome } from '../../src/harness/run/run-suite.ts';
import { loadScenarios } from '../../src/harness/scenario/load-scenarios.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { runSession } from '../../src/world/run-session.ts';
import { STRATEGY_CATALOG } from '../../src/harness/strategy/strategy-catalog.ts';
import { ROOT } from '../cli/run-cli.ts';

describe('the museum of reported bugs', () => {
  let outcomes: readonly ScenarioOutcome[];

  beforeAll(async () => {
    outcomes = (await runSuite({ paths: ['scenarios/museum'], jobs: 2, timeoutMs: 120_000, cwd: ROOT })).outcomes;
  }, 300_000);

  it('holds at least ten reported bugs, each played by the built-in strategy of its peer, its issue in its description', () => {
    const issues = new Set(outcomes.flatMap(({ scenario }) => scenario.reproduces.map((bug) => bug.issue)));
    expect(issues.size).toBeGreaterThanOrEqual(10);
    const builtins = new Set(STRATEGY_CATALOG.map((strategy) => strategy.name));
    for (const { scenario } of outcomes) {
      expect(scenario.reproduces.length, scenario.id).toBeGreaterThan(0);
      for (const bug of scenario.reproduces) {
        expect(bug.strategy, scenario.id).toBe(scenario.strategy.name);
        expect(builtins.has(bug.strategy), scenario.id).toBe(true);
        expect(bug.issue, scenario.id).toMatch(/^[\w.-]+\/[\w.-]+#\d+$/);
        expect(scenario.description, scenario.id).toContain(bug.issue.split('#')[1]!);
      }
    }
  });

  it('every bug reproduces, and nothing else breaks that the file does not name', () => {
    for (const outcome of outcomes) {
      expect(outcome.failures, outcome.scenario.id).toEqual([]);
      expect(outcome.reproduced.map((bug) => `${bug.property} ${bug.issue}`).sort(), outcome.scenario.id).toEqual(
        outcome.scenario.reproduces.map((bug) => `${bug.property} ${bug.issue}`).sort(),
      );
    }
  });

  it('the cache-write blind spot (the mechanism of crush PR #3841) needs prompt caching: without it the same session stops in time', async () => {
    const [scenario] = await loadScenarios(['scenarios/museum/crush-cache-write-blind-spot.yaml'], { cwd: ROOT });
    const crush = () => createStrategy({ name: 'crush', options: {}, baseDir: ROOT });
    const cached = await runSession(scenario!.world, { strategy: await crush() });
    const uncached = await runSession({ ...scenario!.world, promptCache: undefined }, { strategy: await crush() });
    expect(cached.totals.overflowSteps).toBeGreaterThan(0);
    expect([
      uncached.totals.overflowSteps,
      uncached.totals.summarizerOverflows,
      uncached.totals.summarizerCalls,
    ]).toEqual([0, 0, 1]);
  });
});

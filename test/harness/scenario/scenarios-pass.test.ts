/**
 * Every shipped scenario (the 47 ports, 48 sessions, and the examples) holds its expectations when
 * played by the world with the strategy its file names (the built-in threshold strategy for the ports).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExpectations, loadScenarios } from '../../../src/harness/scenario/index.ts';
import { createStrategy } from '../../../src/harness/strategy/load-strategy.ts';
import { runSession } from '../../../src/world/index.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
// The trace pack (scenarios/traces) replays real sessions and states no expectations: it is data to compare strategies on, not a suite that must pass.
const scenarios = (await loadScenarios(['scenarios'], { cwd: REPO })).filter(
  (s) => !s.file.startsWith('scenarios/traces/'),
);

describe('shipped scenarios hold their expectations', () => {
  it('loads the 47 ports (48 sessions: LateUsageMetadata has two) and the examples', () => {
    expect(scenarios.filter((s) => /^scenarios\/(stress|brutal)\//.test(s.file))).toHaveLength(48);
    expect(scenarios.filter((s) => s.file.startsWith('scenarios/examples/')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s', async (_id, scenario) => {
    const result = await runSession(scenario.world, { strategy: await createStrategy(scenario.strategy) });
    expect(result.failure).toBeNull();
    expect(result.totals.turns).toBe(scenario.world.turns.length);
    expect(checkExpectations(scenario, result)).toEqual([]);
  });
});

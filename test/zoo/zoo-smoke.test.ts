/**
 * Every zoo strategy over the seed suites (scenarios/stress, scenarios/brutal) in the world: none
 * may crash (helpers/zoo-smoke.ts; this file plays half of the strategies, zoo-smoke-2.test.ts the
 * other half). Also: every catalog name loads through `--strategy`.
 */
import { describe, expect, it } from 'vitest';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { STRATEGY_CATALOG } from '../../src/harness/strategy/strategy-catalog.ts';
import { seedScenarios, zooSmoke, zooSmokeFilesExist } from './helpers/zoo-smoke.ts';

describe('the zoo over the seed suites', () => {
  it('has the seed scenarios: 47 tests, 48 sessions (LateUsageMetadata runs two)', () => {
    expect(seedScenarios.length).toBe(48);
  });

  it('deals every zoo strategy to a smoke file that exists', () => {
    expect(zooSmokeFilesExist()).toBe(true);
  });

  zooSmoke('zoo-smoke.test.ts');

  it('every catalog name loads by name, with its default options', async () => {
    for (const { name } of STRATEGY_CATALOG)
      expect((await createStrategy({ name, options: {}, baseDir: process.cwd() })).name).toBe(name);
  });
});

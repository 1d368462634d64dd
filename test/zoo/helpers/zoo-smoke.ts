/**
 * The zoo smoke check (test/zoo/zoo-smoke*.test.ts): every zoo strategy over the seed suites
 * (scenarios/stress, scenarios/brutal) in the world; none may crash (strategy-threw, world-error,
 * events-mutated). What they overflow or loop is their own business (measured, not asserted).
 *
 * Sixteen strategies times 48 sessions is the heaviest in-process work of the suite, so it is
 * dealt over ZOO_SMOKE_FILES test files, strategy i to file i mod n: vitest runs files in
 * parallel, never the tests of one file, and one long file would leave a core idle at the end.
 */
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { loadScenarios } from '../../../src/harness/scenario/load-scenarios.ts';
import { createStrategy } from '../../../src/harness/strategy/load-strategy.ts';
import { runSession } from '../../../src/world/run-session.ts';
import { ZOO_STRATEGIES } from '../../../src/zoo/zoo-strategies.ts';

/** The files that share the strategies; each calls `zooSmoke` with its own index. */
export const ZOO_SMOKE_FILES = ['zoo-smoke.test.ts', 'zoo-smoke-2.test.ts'] as const;

/**
 * Cline's compaction is off by default upstream: switched on, or it would show nothing. Claude
 * Code's documented trigger (W − min(max output, 20,000) − 13,000) is below zero on the seeds' 8k
 * windows, so it compacts before every request there and its thrash breaker (CLI 2.1.89 and later)
 * ends most turns after a few steps: played as the generation before the breaker, so the rest of
 * its code runs through whole sessions (the breaker has its own unit tests).
 */
const OPTIONS: Record<string, Record<string, unknown>> = {
  'cline-sdk': { enabled: true },
  'claude-code': { thrash_breaker: false },
};

export const seedScenarios = await loadScenarios(['scenarios/stress', 'scenarios/brutal']);

/** Every file of the split exists, so no strategy's share goes unplayed. */
export function zooSmokeFilesExist(): boolean {
  return ZOO_SMOKE_FILES.every((file) => existsSync(new URL(`../${file}`, import.meta.url)));
}

/** Declares the smoke test of the strategies dealt to `file`. */
export function zooSmoke(file: (typeof ZOO_SMOKE_FILES)[number]): void {
  const share = ZOO_STRATEGIES.map((s) => s.name).filter(
    (_, i) => i % ZOO_SMOKE_FILES.length === ZOO_SMOKE_FILES.indexOf(file),
  );
  it.each(share)(
    '%s plays all 48 seed sessions without crashing',
    async (name) => {
      const crashes: string[] = [];
      let steps = 0;
      for (const scenario of seedScenarios) {
        const strategy = await createStrategy({ name, options: OPTIONS[name] ?? {}, baseDir: process.cwd() });
        const result = await runSession(scenario.world, { strategy });
        steps += result.totals.llmSteps;
        if (result.failure) crashes.push(`${scenario.name}: ${result.failure.kind}: ${result.failure.message}`);
      }
      expect(crashes).toEqual([]);
      expect(steps).toBeGreaterThan(2_000);
    },
    120_000,
  );
}

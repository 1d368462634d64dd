/**
 * Retention in fuzz reports (issue 29): the facts the generator planted, retained by kind over the
 * explored runs that planted some, the same in this thread and in workers, summed across shards,
 * and printed in the terminal report. The expected sums are computed apart: each generated
 * scenario played again through the world directly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { formatFuzzReport } from '../../src/fuzz/run/format-fuzz-report.ts';
import { sumRetentions } from '../../src/fuzz/run/fuzz-retention.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { resolveScenario } from '../../src/harness/scenario/index.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { FACT_KINDS } from '../../src/world/facts/fact-types.ts';
import { runSession } from '../../src/world/index.ts';

const SEED = 7;
const RUNS = 12;

const fuzz = (extra: { jobs?: number; shard?: { index: number; count: number } } = {}) =>
  runFuzz({
    strategy: { name: 'threshold', options: {} },
    runs: RUNS,
    seed: SEED,
    properties: ['goal-preserved'],
    outDir: null,
    cwd: process.cwd(),
    maxShrinkCandidates: 5,
    varyOptions: false,
    ...extra,
  });

/** The same corpus played directly: facts retained on each run's last request, summed by kind. */
async function expectedRetention() {
  const specs = fc.sample(scenarioSpecArbitrary(), { seed: SEED, numRuns: RUNS });
  const totals = new Map<string, { facts: number; retained: number }>();
  let runs = 0;
  for (const spec of specs) {
    const scenario = resolveScenario(spec, { file: 'fuzz-case.yaml', baseDir: process.cwd() });
    const strategy = await createStrategy({ name: 'threshold', options: {}, baseDir: process.cwd() });
    const result = await runSession(scenario.world, { strategy });
    if (result.retention === undefined) continue;
    runs += 1;
    for (const kind of FACT_KINDS) {
      const item = result.retention.byKind[kind];
      if (!item) continue;
      const total = totals.get(kind) ?? { facts: 0, retained: 0 };
      totals.set(kind, { facts: total.facts + item.facts, retained: total.retained + item.retained });
    }
  }
  return { runs, totals };
}

describe('fuzz reports: retention of the planted facts', () => {
  it('sums retention by kind over the runs that planted facts, the same in this thread and in workers, and prints it', async () => {
    const expected = await expectedRetention();
    // The generator plants facts on some runs, not all: the sum covers those runs only.
    expect(expected.runs).toBeGreaterThan(0);
    const report = await fuzz();
    expect(report.retention?.runs).toBe(expected.runs);
    for (const kind of FACT_KINDS) {
      const want = expected.totals.get(kind);
      const got = report.retention?.byKind[kind];
      expect(got === undefined ? undefined : { facts: got.facts, retained: got.retained }, kind).toEqual(want);
    }
    const inWorkers = await fuzz({ jobs: 2 });
    expect(inWorkers.retention).toEqual(report.retention);
    const text = formatFuzzReport(report, { color: false, rerunCommand: 'x' });
    expect(text).toContain(`retention over ${expected.runs} run`);
    expect(text).toMatch(/that planted facts \(on the last request\): \w/);
    // Two shards' retention summed is the whole run's.
    const shards = await Promise.all([
      fuzz({ shard: { index: 1, count: 2 } }),
      fuzz({ shard: { index: 2, count: 2 } }),
    ]);
    expect(sumRetentions(shards.map((shard) => shard.retention))).toEqual(report.retention);
  }, 600_000);
});

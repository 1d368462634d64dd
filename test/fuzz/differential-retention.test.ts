/**
 * Differential fuzzing and planted facts (issue 29): the runs where mine lost facts the reference
 * kept are reported, computed apart here by playing the same corpus through the world directly,
 * and the first of them is written as a scenario whose `expect.retention` fails for mine and holds
 * for the reference. A finding beside the properties: it does not fail the report.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { formatDifferentialReport } from '../../src/fuzz/differential/format-differential-report.ts';
import { runDifferentialFuzz } from '../../src/fuzz/differential/run-differential.ts';
import { runOneScenario } from '../../src/harness/run/run-one-scenario.ts';
import { loadScenario, resolveScenario } from '../../src/harness/scenario/index.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { isRetained } from '../../src/world/facts/fact-types.ts';
import { runSession } from '../../src/world/index.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-differential-retention-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const SEED = 3;
const RUNS = 16;

/** Per run that planted facts: the facts `holding` retained on its last request and `failing` did not. */
async function expectedLost(failing: string, holding: string): Promise<{ run: number; facts: string[] }[]> {
  const specs = fc.sample(scenarioSpecArbitrary(), { seed: SEED, numRuns: RUNS });
  const found: { run: number; facts: string[] }[] = [];
  for (const [run, spec] of specs.entries()) {
    const scenario = resolveScenario(spec, { file: 'fuzz-case.yaml', baseDir: process.cwd() });
    const final = async (name: string) => {
      const strategy = await createStrategy({ name, options: {}, baseDir: process.cwd() });
      const result = await runSession(scenario.world, { strategy });
      return new Map(result.retention?.facts.map((fact) => [fact.id, fact.final]) ?? []);
    };
    const own = await final(failing);
    const theirs = await final(holding);
    const facts = [...theirs].filter(([id, state]) => isRetained(state) && own.has(id) && !isRetained(own.get(id)!));
    if (facts.length > 0) found.push({ run, facts: facts.map(([id]) => id) });
  }
  return found;
}

describe('differential fuzzing: planted facts one side loses and the other keeps', () => {
  it('reports the runs, writes the first as a scenario that fails for mine and holds for the reference', {
    timeout: 600_000,
  }, async () => {
    const report = await runDifferentialFuzz({
      strategy: { name: 'threshold', options: {} },
      against: { name: 'hardened', options: {} },
      runs: RUNS,
      seed: SEED,
      properties: ['session-completes'],
      outDir: out,
      cwd: process.cwd(),
      maxShrinkCandidates: 1,
      varyOptions: false,
    });
    const want = await expectedLost('threshold', 'hardened');
    expect(want.length).toBeGreaterThan(0);
    expect(report.retention?.onlyMine).toEqual(want);
    expect(report.retention?.onlyReference).toEqual(await expectedLost('hardened', 'threshold'));
    // A finding, not a failure: the properties decide that.
    expect(report.failed).toBe(false);
    const file = report.retention!.counterexample!;
    expect(file.file).toMatch(/retention\.threshold-vs-hardened\.seed-3\.yaml$/);
    expect(formatDifferentialReport(report, { color: false, rerunCommand: 'x' })).toContain(
      `threshold lost ${want[0]!.facts.join(', ')}`,
    );
    // The written scenario: its expect.retention fails for threshold and holds for hardened.
    expect(existsSync(file.file)).toBe(true);
    expect(readFileSync(file.file, 'utf8')).toContain(
      'Differential fuzz finding: strategy threshold lost planted facts',
    );
    const scenario = await loadScenario(file.file);
    const played = async (name: string) => runOneScenario({ ...scenario, strategy: { ...scenario.strategy, name } });
    const mine = await played('threshold');
    const reference = await played('hardened');
    expect(mine.failures.map((failure) => failure.expectation)).toContain('retention');
    expect(reference.failures.map((failure) => failure.expectation)).not.toContain('retention');
  });
});

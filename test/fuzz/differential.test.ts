/**
 * Differential fuzzing finds a change that makes a strategy worse even where the reference fails
 * the same property on many runs: a threshold strategy reading the window 3 % too large
 * (planted-bugs/late-threshold.ts) fails no-overflow where threshold does too, so a plain fuzz
 * report shows the same failing property for both; `--against threshold` names the run where only
 * the variant overflows, shrinks it while the difference persists, and writes a counterexample
 * that states both outcomes and replays them. With the roles swapped, and through the CLI:
 * differential-swapped.test.ts (a file of its own, so that vitest's two workers share the work).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDifferentialFuzz } from '../../src/fuzz/differential/run-differential.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { runOneScenario } from '../../src/harness/run/run-one-scenario.ts';
import { loadScenario } from '../../src/harness/scenario/index.ts';
import { LATE, lateAgainstThreshold } from './fixtures/late-threshold-differential.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-differential-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const options = lateAgainstThreshold(out);

describe('differential fuzzing', () => {
  it('a plain fuzz report cannot tell the variant from the reference', { timeout: 120_000 }, async () => {
    // Both on the defaults, as in the differential run below (late-threshold declares no options to draw).
    const plain = {
      runs: options.runs,
      seed: options.seed,
      properties: options.properties,
      outDir: null,
      cwd: process.cwd(),
      maxShrinkCandidates: 1,
      varyOptions: false,
    };
    const reference = await runFuzz({ ...plain, strategy: options.against });
    const variant = await runFuzz({ ...plain, strategy: options.strategy });
    expect(reference.failed).toBe(true);
    expect(variant.failed).toBe(true);
    expect(variant.properties.map((p) => p.property)).toEqual(reference.properties.map((p) => p.property));
  });

  it('finds, shrinks and replays the run where only the variant fails', { timeout: 180_000 }, async () => {
    const report = await runDifferentialFuzz(options);
    const [property] = report.properties;
    expect(report.optionSpace).toBeNull();
    expect(report.optionsNote).toContain('the declared option spaces differ');
    expect(report.failed).toBe(true);
    expect(property!.onlyMine).toEqual([4]);
    expect(property!.referenceFailed).toBeGreaterThan(0); // hidden among the reference's own failures
    expect(property!.bothFailed).toBe(property!.referenceFailed);
    expect(property!.compared).toBe(8);

    const found = property!.counterexample!;
    expect(found.failure.violation.property).toBe('no-overflow');
    expect(found.failure.shrinks).toBeGreaterThan(0);
    expect(['passed', 'infeasible']).toContain(found.reference.status);
    expect(found.file.file).toMatch(/no-overflow\.late-threshold-vs-threshold\.seed-7\.yaml$/);
    expect(existsSync(found.file.file)).toBe(true);
    const text = readFileSync(found.file.file, 'utf8');
    expect(text).toContain(`no-overflow fails for strategy ${LATE} and holds for threshold`);
    expect(text).toContain(`--against threshold --seed 7 --property no-overflow --path ${found.failure.path}`);

    // simulate: the variant fails no-overflow on the file, the reference holds it.
    const scenario = await loadScenario(found.file.file);
    const mine = await runOneScenario(scenario);
    expect(mine.failures.map((failure) => failure.expectation)).toContain('no-overflow');
    const reference = await runOneScenario({ ...scenario, strategy: { ...scenario.strategy, name: 'threshold' } });
    expect(reference.failures.map((failure) => failure.expectation)).not.toContain('no-overflow');

    // The printed path replays the difference inside the fuzzer.
    const again = await runDifferentialFuzz({
      ...options,
      path: found.failure.path,
      outDir: null,
      maxShrinkCandidates: 1,
    });
    expect(again.properties[0]!.onlyMine).toEqual([0]);
    expect(again.properties[0]!.counterexample!.failure.spec).toEqual(found.failure.spec);
  });

  it('finds no difference between a strategy and itself', { timeout: 60_000 }, async () => {
    const report = await runDifferentialFuzz({ ...options, strategy: options.against, runs: 4, outDir: null });
    expect(report.failed).toBe(false);
    expect(report.properties[0]!.onlyMine).toEqual([]);
    expect(report.properties[0]!.onlyReference).toEqual([]);
  });
});

/**
 * Differential fuzzing, continued from differential.test.ts (split so that vitest's two workers
 * share the work): the runs where only the reference fails are shrunk too, with the roles
 * swapped, without failing the report; the CLI exits 1 on a difference and 2 on options it cannot
 * combine.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDifferentialFuzz } from '../../src/fuzz/differential/run-differential.ts';
import { runOneScenario } from '../../src/harness/run/run-one-scenario.ts';
import { loadScenario } from '../../src/harness/scenario/index.ts';
import { runCli } from '../cli/run-cli.ts';
import { LATE, lateAgainstThreshold } from './fixtures/late-threshold-differential.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-differential-swapped-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const options = lateAgainstThreshold(out);

describe('differential fuzzing, the other way round and through the CLI', () => {
  it('shrinks the runs where only the reference fails too, with the roles swapped, without failing the report', {
    timeout: 180_000,
  }, async () => {
    const betterOut = mkdtempSync(join(tmpdir(), 'fuzz-differential-better-'));
    try {
      const report = await runDifferentialFuzz({
        ...options,
        strategy: options.against,
        against: options.strategy,
        outDir: betterOut,
      });
      const [property] = report.properties;
      expect(report.failed).toBe(false);
      expect(property!.onlyMine).toEqual([]);
      expect(property!.onlyReference).toEqual([4]);
      expect(property!.counterexample).toBeNull();
      const found = property!.referenceCounterexample!;
      expect(found.failure.shrinks).toBeGreaterThan(0);
      expect(['passed', 'infeasible']).toContain(found.reference.status);
      // The file is the reference's failure, stated against mine (which holds there).
      expect(found.file.file).toMatch(/no-overflow\.late-threshold-vs-threshold\.seed-7\.yaml$/);
      const text = readFileSync(found.file.file, 'utf8');
      expect(text).toContain(`no-overflow fails for strategy ${LATE} and holds for threshold`);
      expect(found.file.fuzzCommand).toContain(
        `--strategy ${LATE} --against threshold --seed 7 --property no-overflow --path ${found.failure.path}`,
      );
      const scenario = await loadScenario(found.file.file);
      expect((await runOneScenario(scenario)).failures.map((failure) => failure.expectation)).toContain('no-overflow');
      const mine = await runOneScenario({ ...scenario, strategy: { ...scenario.strategy, name: 'threshold' } });
      expect(mine.failures.map((failure) => failure.expectation)).not.toContain('no-overflow');
    } finally {
      rmSync(betterOut, { recursive: true, force: true });
    }
  });

  it('the CLI exits 1 on a difference and 2 on options it cannot combine', { timeout: 120_000 }, async () => {
    // One shrink candidate (the failing run itself): shrinking is the first test's business; this
    // one asserts the command's exit code and what it prints about the difference.
    const run = await runCli([
      'fuzz',
      '--strategy',
      LATE,
      '--against',
      'threshold',
      '--runs',
      '5',
      '--seed',
      '7',
      '--property',
      'no-overflow',
      '--max-shrinks',
      '1',
      '--quiet',
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('WORSE no-overflow: late-threshold fails where threshold holds on 1 run(s) (run 4)');
    expect(run.stdout).toContain('replay (threshold): npx compaction-sim simulate');
    expect(run.stdout).toContain('late-threshold fails 1 of 1 properties where threshold holds them (5 runs');
    const clash = await runCli(['fuzz', '--strategy', LATE, '--against', 'threshold', '--baseline', 'x.json']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('drop --baseline');
  });
});

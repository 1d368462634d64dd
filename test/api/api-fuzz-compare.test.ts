/**
 * The programmatic API (`compaction-sim/api`), continued from api.test.ts: fuzz(), fuzzAgainst()
 * and compare(), with the CLI's behaviour and typed results; bad input throws before anything runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compare, fuzz, fuzzAgainst, ScenarioError, StrategyLoadError } from '../../src/api/index.ts';
import { FIXTURES, ROOT, STRATEGIES, tempDir } from '../cli/run-cli.ts';

const SUITE = `${FIXTURES}/suite`;

describe('fuzz()', () => {
  it('finds and shrinks a planted bug, and writes no file unless outDir is given', async () => {
    const cwd = tempDir('api-fuzz');
    // The planted bug fails 17 of the first 20 runs, run 0 among them: the counterexample is shrunk
    // from run 0, so two runs find the same one as twenty.
    const report = await fuzz({
      strategy: join(ROOT, 'src/fuzz/planted-bugs/never-compact.ts'),
      runs: 2,
      seed: 1,
      properties: ['no-overflow'],
      maxShrinks: 30,
      jobs: 1,
      cwd,
    });
    expect(report.failed).toBe(true);
    const counterexample = report.properties[0]!.counterexample!;
    expect(counterexample.file.simulateCommand).toMatch(/^npx compaction-sim simulate /);
    expect(counterexample.file.spec.expect).toEqual({ noOverflow: true });
    expect(existsSync(join(cwd, counterexample.file.file))).toBe(false);
  });

  it('rejects options the CLI would reject', async () => {
    await expect(fuzz({ properties: ['no-such-property' as never] })).rejects.toThrow(
      'unknown property "no-such-property"',
    );
    await expect(fuzz({ path: '3:1' })).rejects.toThrow('give exactly one property');
    await expect(fuzz({ runs: 0 })).rejects.toThrow('runs must be an integer >= 1');
  });
});

describe('fuzzAgainst()', () => {
  it('names the run where only the strategy fails, shrunk while the difference persists', async () => {
    // Seed 7: threshold reading the window 3 % too large overflows at run 4, where threshold fits (test/fuzz/differential.test.ts).
    const report = await fuzzAgainst({
      strategy: join(ROOT, 'src/fuzz/planted-bugs/late-threshold.ts'),
      against: 'threshold',
      runs: 5,
      seed: 7,
      properties: ['no-overflow'],
      maxShrinks: 3,
      jobs: 1,
      cwd: tempDir('api-fuzz-against'),
    });
    expect(report.failed).toBe(true);
    expect(report.properties[0]!.onlyMine).toEqual([4]);
    expect(report.properties[0]!.counterexample!.file.referenceCommand).toMatch(/--strategy threshold$/);
    await expect(fuzzAgainst({ against: '' })).rejects.toThrow('against must name the reference strategy');
  });
});

describe('compare()', () => {
  it('plays the same suite and fuzzed corpus through each contender, ranks them, and writes the reports when asked', async () => {
    const reportDir = tempDir('api-compare');
    const progress: number[] = [];
    const report = await compare({
      paths: [`${SUITE}/chain-8k.yaml`],
      contenders: [{ name: `./${STRATEGIES}/never-compacts.ts` }, { name: 'threshold' }],
      fuzzRuns: 2,
      seed: 3,
      jobs: 1,
      cwd: ROOT,
      reportDir,
      onProgress: (done) => progress.push(done),
    });
    // The strategy that never compacts overflows the 8k chain; threshold does not: ranked below it.
    expect(report.league.map((row) => [row.rank, row.strategy, row.passed])).toEqual([
      [1, 'threshold', 1],
      [2, `./${STRATEGIES}/never-compacts.ts`, 0],
    ]);
    expect(report.league[1]!.overflowSteps).toBeGreaterThan(0);
    expect(report.fuzz).toEqual({ runs: 2, seed: 3 });
    for (const row of report.league)
      for (const tally of row.fuzz ?? [])
        expect(tally.passed + tally.infeasible + tally.failed + tally.notChecked).toBe(2);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    for (const file of ['compare.json', 'compare.md', 'compare.html', 'run-meta.json'])
      expect(existsSync(join(reportDir, file)), file).toBe(true);
    expect(JSON.parse(readFileSync(join(reportDir, 'run-meta.json'), 'utf8'))).toMatchObject({
      command: 'compare (api)',
    });
  });

  it('throws on bad input before running anything', async () => {
    await expect(
      compare({ paths: [`${FIXTURES}/bad`], contenders: [{ name: 'threshold' }], cwd: ROOT }),
    ).rejects.toThrow(ScenarioError);
    await expect(compare({ paths: [SUITE], contenders: [{ name: 'no_such_strategy' }], cwd: ROOT })).rejects.toThrow(
      StrategyLoadError,
    );
    await expect(
      compare({ paths: [SUITE], contenders: [{ name: 'threshold' }], fuzzRuns: -1, cwd: ROOT }),
    ).rejects.toThrow('fuzzRuns must be an integer >= 0, got -1');
    await expect(compare({ paths: [], cwd: ROOT })).rejects.toThrow('paths must name at least one');
  });
});

/**
 * The CI recipe end to end through the CLI: shards write --json reports that --merge turns into
 * the single machine's report. The baseline half of the recipe is fuzz-ci-baseline-cli.test.ts (a
 * file of its own, so that vitest's two workers share the work).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatFuzzReport } from '../../src/fuzz/run/format-fuzz-report.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { ROOT, runCli } from '../cli/run-cli.ts';
import { fuzzCiArgs } from './fixtures/fuzz-ci-args.ts';

const dir = mkdtempSync(join(tmpdir(), 'fuzz-ci-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const common = fuzzCiArgs(dir);

/** The report without its timing and rerun line (which names the shard or the merge). */
function table(stdout: string): string {
  return stdout.slice(0, stdout.indexOf('fast-check seed')).replace(/ in \d+\.\d s/g, '');
}

describe('fuzz for CI', () => {
  it('merges shard reports into the one-machine report', { timeout: 120_000 }, async () => {
    // The one machine's report: the run the command would play for `fuzz --strategy threshold
    // ...common` (runFuzz, counterexample written to the same --out), printed by the command's own
    // formatter. The CLI plays the shards and merges them.
    const whole = await runFuzz({
      strategy: { name: 'threshold', options: {} },
      runs: 6,
      seed: 3,
      properties: ['user-request-preserved'],
      maxShrinkCandidates: 2,
      outDir: join(dir, 'out'),
      cwd: ROOT,
    });
    const wholeStdout = formatFuzzReport(whole, {
      color: false,
      rerunCommand: 'npx compaction-sim fuzz --strategy threshold --runs 6 --seed 3 --property user-request-preserved',
    });
    const one = await runCli([
      'fuzz',
      '--strategy',
      'threshold',
      ...common,
      '--shard',
      '1/2',
      '--json',
      join(dir, 's1.json'),
    ]);
    const two = await runCli([
      'fuzz',
      '--strategy',
      'threshold',
      ...common,
      '--shard',
      '2/2',
      '--json',
      join(dir, 's2.json'),
    ]);
    expect(one.stdout).toContain('6 runs (shard 1/2: runs r with r mod 2 = 0)');
    expect(two.stdout).toContain('3 of 6 runs');
    const merged = await runCli([
      'fuzz',
      '--merge',
      join(dir, 's2.json'),
      join(dir, 's1.json'),
      '--out',
      join(dir, 'out'),
    ]);
    expect(whole.failed).toBe(true);
    expect(merged.code).toBe(1);
    expect(table(merged.stdout)).toBe(table(wholeStdout));
    expect(merged.stdout).toContain(
      'rerun: npx compaction-sim fuzz --strategy threshold --runs 6 --seed 3 --property user-request-preserved\n',
    );

    const missing = await runCli(['fuzz', '--merge', join(dir, 's1.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 2/2 missing');
    expect((await runCli(['fuzz', '--strategy', 'threshold', ...common, '--shard', '3/2'])).stderr).toContain(
      'need 1 <= i <= n',
    );

    // Forged or mismatched shard files: exit 2, naming the file and the field.
    const shardTwo = JSON.parse(readFileSync(join(dir, 's2.json'), 'utf8'));
    expect(shardTwo.toolVersion).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const forged = (name: string, edit: (content: typeof shardTwo) => void) => {
      const copy = structuredClone(shardTwo);
      edit(copy);
      writeFileSync(join(dir, name), JSON.stringify(copy));
      return runCli(['fuzz', '--merge', join(dir, 's1.json'), join(dir, name), '--out', join(dir, 'out')]);
    };
    const [version, strategy, runs] = await Promise.all([
      forged('version.json', (content) => {
        content.toolVersion = '0.0.0-other';
      }),
      forged('strategy.json', (content) => {
        content.report.strategy = 'sliding_window';
      }),
      forged('runs.json', (content) => {
        content.report.properties[0].failedRuns = [0];
        content.report.properties[0].failed = 1;
      }),
    ]);
    for (const result of [version, strategy, runs]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    }
    expect(version.stderr).toContain(`its compaction-sim version is "0.0.0-other"`);
    expect(version.stderr).toContain(`--merge: ${join(dir, 'version.json')} is another fuzz run`);
    expect(strategy.stderr).toContain(`its strategy is "sliding_window", ${join(dir, 's1.json')}'s "threshold"`);
    expect(runs.stderr).toMatch(
      new RegExp(
        `--merge: ${join(dir, 'runs.json').replace(/[.]/g, '\\.')} \\(shard 2/2\\): properties\\.user-request-preserved`,
      ),
    );
  });
});

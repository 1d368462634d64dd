/**
 * The CI recipe end to end through the CLI: shards write --json reports that --merge turns into
 * the single machine's report; --update-baseline records a baseline, a later run passes on its
 * known failures (exit 0) and fails on new ones (exit 1); a baseline of other runs is bad input (2).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fuzz-ci-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const common = ['--runs', '6', '--seed', '3', '--property', 'user-request-preserved', '--max-shrinks', '3', '--quiet', '--out', join(dir, 'out')];

/** The report without its timing and rerun line (which names the shard or the merge). */
function table(stdout: string): string {
  return stdout.slice(0, stdout.indexOf('fast-check seed')).replace(/ in \d+\.\d s/g, '');
}

describe('fuzz for CI', () => {
  it('merges shard reports into the one-machine report', { timeout: 120_000 }, async () => {
    const whole = await runCli(['fuzz', '--strategy', 'threshold', ...common]);
    const one = await runCli(['fuzz', '--strategy', 'threshold', ...common, '--shard', '1/2', '--json', join(dir, 's1.json')]);
    const two = await runCli(['fuzz', '--strategy', 'threshold', ...common, '--shard', '2/2', '--json', join(dir, 's2.json')]);
    expect(one.stdout).toContain('6 runs (shard 1/2: runs r with r mod 2 = 0)');
    expect(two.stdout).toContain('3 of 6 runs');
    const merged = await runCli(['fuzz', '--merge', join(dir, 's2.json'), join(dir, 's1.json'), '--out', join(dir, 'out')]);
    expect(whole.code).toBe(1);
    expect(merged.code).toBe(whole.code);
    expect(table(merged.stdout)).toBe(table(whole.stdout));
    expect(merged.stdout).toContain('rerun: npx compaction-sim fuzz --strategy threshold --runs 6 --seed 3 --property user-request-preserved\n');

    const missing = await runCli(['fuzz', '--merge', join(dir, 's1.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 2/2 missing');
    expect((await runCli(['fuzz', '--strategy', 'threshold', ...common, '--shard', '3/2'])).stderr).toContain('need 1 <= i <= n');
  });

  it('records a baseline and fails only on new failures', { timeout: 120_000 }, async () => {
    const file = join(dir, 'fuzz-baseline.json');
    const record = await runCli(['fuzz', '--strategy', 'threshold', ...common, '--baseline', file, '--update-baseline']);
    expect(record.code).toBe(0);
    expect(record.stdout).toMatch(/fuzz baseline written: .*fuzz-baseline\.json \(seed 3, 6 runs, [1-9]\d* known failing runs over 1 properties\)/);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('compaction-sim fuzz baseline');

    const same = await runCli(['fuzz', '--strategy', 'threshold', ...common, '--baseline', file]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/user-request-preserved: 0 new, [1-9]\d* known/);
    expect(same.stdout).toContain('no new failures against the baseline');

    const worse = await runCli(['fuzz', '--strategy', './src/fuzz/planted-bugs/drop-latest-user.ts', ...common, '--baseline', file]);
    expect(worse.code).toBe(1);
    expect(worse.stdout).toMatch(/user-request-preserved: [1-9]\d* new \(run \d+/);
    expect(worse.stdout).toContain('FAIL user-request-preserved');

    const other = await runCli(['fuzz', '--strategy', 'threshold', ...common.map((arg) => (arg === '3' ? '4' : arg)), '--baseline', file]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('was recorded for seed 3, 6 runs; this run is seed 4, 6 runs');
    expect((await runCli(['fuzz', '--strategy', 'threshold', ...common, '--update-baseline'])).stderr).toContain('give --baseline <file>');
  });
});

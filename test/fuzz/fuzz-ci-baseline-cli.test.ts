/**
 * The CI recipe end to end through the CLI, continued from fuzz-ci-cli.test.ts: --update-baseline
 * records a baseline, a later run passes on its known failures (exit 0) and fails on new ones
 * (exit 1); a baseline of other runs is bad input (2).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { fuzzCiArgs } from './fixtures/fuzz-ci-args.ts';

const dir = mkdtempSync(join(tmpdir(), 'fuzz-ci-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Threshold's baseline is compared with a planted bug that declares no options: both play the
// same corpus only when threshold's options are not drawn.
const common = [...fuzzCiArgs(dir), '--no-vary-options'];

describe('fuzz for CI, with a baseline', () => {
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

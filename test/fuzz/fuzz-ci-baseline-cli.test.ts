/**
 * The CI recipe end to end through the CLI, continued from fuzz-ci-cli.test.ts: --update-baseline
 * records a baseline, a later run passes on its known failures (exit 0) and fails on new ones
 * (exit 1); a baseline of other runs is bad input (2).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    const record = await runCli([
      'fuzz',
      '--strategy',
      'threshold',
      ...common,
      '--baseline',
      file,
      '--update-baseline',
    ]);
    expect(record.code).toBe(0);
    expect(record.stdout).toMatch(
      /fuzz baseline written: .*fuzz-baseline\.json \(seed 3, 6 runs, [1-9]\d* known failing runs over 1 properties\)/,
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('compaction-sim fuzz baseline');

    const same = await runCli(['fuzz', '--strategy', 'threshold', ...common, '--baseline', file]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/user-request-preserved: 0 new, [1-9]\d* known/);
    expect(same.stdout).toContain('no new failures against the baseline');

    // Threshold's baseline never judges another strategy (it used to, comparing nothing of the one it names).
    const bug = './src/fuzz/planted-bugs/drop-latest-user.ts';
    const foreign = await runCli(['fuzz', '--strategy', bug, ...common, '--baseline', file]);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toBe(
      `compaction-sim: fuzz baseline ${file} was recorded for strategy threshold; this run fuzzes ${bug}: it says nothing about this run. Fuzz what it was recorded for, or record a baseline for this run with --update-baseline\n`,
    );
    // The same baseline as if the module had been edited in place (same name, other code).
    const edited = join(dir, 'edited-baseline.json');
    writeFileSync(edited, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), strategy: bug }));
    const worse = await runCli(['fuzz', '--strategy', bug, ...common, '--baseline', edited]);
    expect(worse.code).toBe(1);
    expect(worse.stdout).toMatch(/user-request-preserved: [1-9]\d* new \(run \d+/);
    expect(worse.stdout).toContain('FAIL user-request-preserved');

    const other = await runCli([
      'fuzz',
      '--strategy',
      'threshold',
      ...common.map((arg) => (arg === '3' ? '4' : arg)),
      '--baseline',
      file,
    ]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('was recorded for seed 3, 6 runs; this run is seed 4, 6 runs');
    expect((await runCli(['fuzz', '--strategy', 'threshold', ...common, '--update-baseline'])).stderr).toContain(
      'give --baseline <file>',
    );
    const options = await runCli([
      'fuzz',
      '--strategy',
      'threshold',
      '--strategy-options',
      '{"maxCompactionAttempts": 1}',
      ...common,
      '--baseline',
      file,
    ]);
    expect(options.code).toBe(2);
    expect(options.stderr).toContain(
      'was recorded with strategy options {}; this run gives {"maxCompactionAttempts":1}',
    );
  });

  it('never records a strategy that hangs: --update-baseline refuses it (exit 1) and writes nothing', async () => {
    const file = join(dir, 'hung-baseline.json');
    const result = await runCli([
      'fuzz',
      '--strategy',
      'test/fuzz/fixtures/hang-strategy.mjs',
      '--runs',
      '2',
      '--property',
      'session-completes',
      '--timeout',
      '1000',
      '--quiet',
      '--out',
      join(dir, 'hung-out'),
      '--baseline',
      file,
      '--update-baseline',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^compaction-sim: fuzz baseline not written: the strategy crashed, hung or timed out on 2 of 2 runs \(session-completes failed on runs 0, 1\)/,
    );
    expect(result.stdout).not.toContain('fuzz baseline written');
    expect(existsSync(file)).toBe(false);
  });
});

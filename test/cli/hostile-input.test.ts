/**
 * Hostile input through the real CLI: each class ends in a clear error or a named scenario
 * failure with the right exit code (0 only when every scenario ran and passed; 1 a failure;
 * 2 bad input, never a stack trace), and a strategy's output never corrupts --format json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, STACK_LINE, tempDir } from './run-cli.ts';

const HOSTILE = 'test/fixtures/hostile';
const ONE = 'test/fixtures/scenarios/suite/roomy-128k.yaml';

function simulate(...args: string[]) {
  return runCli(['simulate', ...args, '--report-dir', tempDir('hostile-out'), '--quiet']);
}

describe.concurrent('hostile input through the CLI', () => {
  it('keeps --format json valid when a strategy logs to stdout: its output goes to stderr, its scenario fails', async () => {
    const result = await runCli([
      'simulate',
      `${HOSTILE}/scenarios/logs-to-stdout.yaml`,
      '--format',
      'json',
      '--report-dir',
      tempDir('hostile-json'),
    ]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.scenarios[0].failures[0].expectation).toBe('strategy-wrote-stdout');
    expect(result.stderr).toContain('[logs-to-stdout] compacting 1 contents');
  });

  it.each([
    [
      'exits-at-import.mjs',
      /strategy .*exits-at-import\.mjs cannot be used: while loading, the strategy called process\.exit\(0\)/,
    ],
    [
      'exits-in-factory.mjs',
      /strategy .*exits-in-factory\.mjs cannot be used: while loading, the strategy called process\.exit\(0\)/,
    ],
    ['rejects-options.mjs', /strategy .*rejects-options\.mjs rejected its options \{\}: option "keep" is required/],
  ])('a strategy that cannot be built (%s) is bad input: exit 2, one line, no stack', async (file, message) => {
    const result = await simulate(ONE, '--strategy', `${HOSTILE}/strategies/${file}`);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stdout).toBe('');
  });

  it('refuses a --report-dir that is a file before running anything', async () => {
    const file = join(tempDir('hostile-file'), 'not-a-folder');
    writeFileSync(file, '');
    const result = await runCli(['simulate', ONE, '--report-dir', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`compaction-sim: --report-dir ${file}: is a file, not a folder\n`);
  });

  it('refuses a fuzz --out that is a file before fuzzing', async () => {
    const file = join(tempDir('hostile-out-file'), 'not-a-folder');
    writeFileSync(file, '');
    const result = await runCli(['fuzz', '--runs', '1', '--out', file, '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`compaction-sim: --out ${file}: is a file, not a folder\n`);
  });

  it('refuses a scenario over the documented limits, naming the field', async () => {
    const dir = tempDir('hostile-giant');
    writeFileSync(
      join(dir, 'giant.yaml'),
      'session: { contextWindow: 8000 }\nturns:\n  - user: hi\n    tools: [ { name: t, size: 1000000000000 } ]\n',
    );
    const result = await simulate(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/giant\.yaml:4:25: turns\[0\]\.tools\[0\]\.size: expected at most 67108864 bytes/);
  });

  it('fails a fuzz run whose strategy writes to stdout, and the report still comes out', async () => {
    const result = await runCli([
      'fuzz',
      '--strategy',
      `${HOSTILE}/strategies/logs-to-stdout.mjs`,
      '--runs',
      '2',
      '--property',
      'session-completes',
      '--out',
      tempDir('hostile-fuzz'),
      '--quiet',
      '--max-shrinks',
      '3',
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('strategy-wrote-stdout');
    expect(result.stdout).not.toMatch(/^compacting/m);
  });
});

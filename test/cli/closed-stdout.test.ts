/**
 * A reader that goes away before the output ends (`compaction-sim simulate … --format json | head`,
 * or `2>&1 | head`): the command must neither die on an unhandled EPIPE with a stack trace nor lose
 * its verdict (an unhandled EPIPE exits 1, which CI reads as a failed scenario). Here the reader
 * closes the pipe before the first byte, so every write to it fails.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliMain, FIXTURES, ROOT, runCli, STACK_LINE, tempDir } from './run-cli.ts';

const PASSING = `${FIXTURES}/suite/chain-8k.yaml`;
const FAILING = `${PASSING} --strategy test/fixtures/strategies/never-compacts.ts`;

/** Runs the CLI with stdout (and stderr, when `closeStderr`) closed by its reader before it prints. */
function runIntoClosedPipe(
  args: readonly string[],
  closeStderr: boolean,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliMain(), ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    if (closeStderr) child.stderr.destroy();
    else child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stderr }));
  });
}

describe('simulate printing into a pipe its reader closed', () => {
  it.each([
    ['a passing scenario', PASSING, 0],
    ['a failing scenario', FAILING, 1],
  ])('finishes %s with its verdict and no stack trace', { timeout: 60_000 }, async (_label, target, verdict) => {
    const args = ['simulate', ...target.split(' '), '--format', 'json', '--jobs', '1'];
    const closed = await runIntoClosedPipe([...args, '--report-dir', tempDir('closed-stdout')], false);
    const read = await runCli([...args, '--report-dir', tempDir('read-stdout')]);
    expect(read.code).toBe(verdict);
    expect(closed.code).toBe(verdict);
    expect(closed.stderr).not.toMatch(/EPIPE|Unhandled 'error'/);
    expect(closed.stderr).not.toMatch(STACK_LINE);
  });

  it('keeps the verdict when stderr is closed too (`2>&1 | head`)', { timeout: 60_000 }, async () => {
    const closed = await runIntoClosedPipe(
      ['simulate', PASSING, '--jobs', '1', '--report-dir', tempDir('closed-both')],
      true,
    );
    expect(closed.code).toBe(0);
  });
});

/**
 * Runs the real CLI in a child process (what `npx tsx src/cli/main.ts …` does, minus npx's
 * own start-up): exit code, stdout and stderr, with colour off as in CI logs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const MAIN = join(ROOT, 'src/cli/main.ts');
export const FIXTURES = 'test/fixtures/scenarios';
export const STRATEGIES = 'test/fixtures/strategies';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `compaction-sim <args>`; one worker unless the test asks for --jobs (tests run side by side). */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const jobs = args.includes('--jobs') || args.length === 0 || args[0]?.startsWith('-') ? [] : ['--jobs', '1'];
  return runNode(['--import', 'tsx', MAIN, ...args, ...jobs], env);
}

export function runNode(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `compaction-sim-${prefix}-`));
}

/** A Node stack frame line: bad input must never print one. */
export const STACK_LINE = /^\s+at .+\(?.+:\d+:\d+\)?$/m;

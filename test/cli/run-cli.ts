/**
 * Runs the real CLI in a child process, compiled as users install it (`npx compaction-sim …`,
 * minus npx's own start-up; built once per test run by test/global-setup.ts): exit code, stdout
 * and stderr, with colour off as in CI logs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The compiled package of this test run (test/global-setup.ts). */
export function compiledPackage(): string {
  return inject('compiledPackage');
}

/** The compiled `compaction-sim` bin: `node <it> <args>` runs the command. */
export function cliMain(): string {
  return join(compiledPackage(), 'dist/cli/main.js');
}
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
  return runNode([cliMain(), ...args, ...jobs], env);
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

/** A new folder in the run's temporary folder (test/global-setup.ts removes it after the run). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(inject('testTemp'), `${prefix}-`));
}

/** A Node stack frame line: bad input must never print one. */
export const STACK_LINE = /^\s+at .+\(?.+:\d+:\d+\)?$/m;

/**
 * Runs the compiled command (dist/cli/main.js, as a project that installed the package runs it)
 * once in a child process and reads its resource usage from bench/usage-reporter.mjs: CPU of the
 * whole process (user + system, worker threads and garbage collection included) and peak resident
 * memory. Timing only; nothing here feeds back into results.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface MeasuredCommand {
  readonly cpuS: number;
  readonly peakMb: number;
  readonly status: number | null;
  readonly stdout: string;
}

interface Usage {
  readonly userMs: number;
  readonly systemMs: number;
  readonly maxRssKb: number;
}

/** `args` after `compaction-sim`; `what` names the command in errors. Exit 0 and 1 (findings) are results, anything else an error. */
export function runMeasured(args: readonly string[], what: string): MeasuredCommand {
  const dir = mkdtempSync(join(tmpdir(), 'compaction-sim-bench-usage-'));
  try {
    const usageFile = join(dir, 'usage.json');
    const run = spawnSync(process.execPath, ['--import', './bench/usage-reporter.mjs', 'dist/cli/main.js', ...args], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', BENCH_USAGE_FILE: usageFile },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0 && run.status !== 1)
      throw new Error(`${what} exited ${String(run.status)}: ${run.stderr.trim().split('\n').at(-1) ?? ''}`);
    const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as Usage;
    return {
      cpuS: (usage.userMs + usage.systemMs) / 1000,
      peakMb: usage.maxRssKb / 1024,
      status: run.status,
      stdout: run.stdout,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Start-up cost of the installed command, in CPU seconds (user + system of the whole process,
 * worker threads included): `compaction-sim --help` (target ≤ 0.3 s) and a one-scenario
 * `simulate` (target ≤ 0.6 s). Short runs in CI are dominated by it. Measured on a fresh build of
 * this tree (`npm run build`), running dist/cli/main.js, the file the package's bin links to;
 * CPU time comes from bash's `times` for the finished child. Median of `runs` after a warm-up.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchTable } from './bench-table.ts';
import { median } from './bench-timing.ts';
import type { TargetRow } from './target-row.ts';

export const TARGET_HELP_CPU_S = 0.3;
export const TARGET_SIMULATE_CPU_S = 0.6;

const TINY_SCENARIO = `name: tiny
session: { contextWindow: 128000 }
turns:
  - repeat: 4
    user: "Turn {i}: hello"
    tools:
      - { name: lookup, size: 500 }
expect:
  noOverflow: true
`;

export type StartUpRow = TargetRow;

/** CPU seconds (user + sys) of `node <args>`, as bash's `times` reports its finished child. */
function cpuSeconds(args: readonly string[]): number {
  const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const output = execFileSync('bash', ['-c', `'${process.execPath}' ${quoted} >/dev/null 2>&1; times`], {
    encoding: 'utf8',
  });
  // `times` prints the shell's own times, then its children's: "0m0.191s 0m0.013s".
  const children = output.trim().split('\n').at(-1) ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((match) => Number(match[1]) * 60 + Number(match[2]));
  if (seconds.length !== 2) throw new Error(`cannot read CPU times from: ${children}`);
  return seconds[0]! + seconds[1]!;
}

function measure(args: readonly string[], runs: number): number[] {
  cpuSeconds(args); // warm-up: file cache
  return Array.from({ length: runs }, () => cpuSeconds(args));
}

/** Needs a fresh build of this tree in dist/ (`buildDist`). */
export function benchStartUp(runs: number): { rows: StartUpRow[]; table: string } {
  const dir = mkdtempSync(join(tmpdir(), 'compaction-sim-start-up-'));
  try {
    const scenario = join(dir, 'tiny.yaml');
    writeFileSync(scenario, TINY_SCENARIO);
    const bin = 'dist/cli/main.js';
    const help = measure([bin, '--help'], runs);
    const simulate = measure(
      [bin, 'simulate', scenario, '--jobs', '1', '--quiet', '--report-dir', join(dir, 'out')],
      runs,
    );
    const table = benchTable(['command (compiled, plain Node)', `CPU s (median of ${runs})`, 'all runs (CPU s)']);
    table.push(['compaction-sim --help', median(help).toFixed(3), help.map((s) => s.toFixed(2)).join(' ')]);
    table.push([
      'compaction-sim simulate <one 4-turn scenario> --jobs 1',
      median(simulate).toFixed(3),
      simulate.map((s) => s.toFixed(2)).join(' '),
    ]);
    return {
      rows: [
        {
          target: '5. compaction-sim --help, CPU',
          goal: `≤ ${TARGET_HELP_CPU_S} s`,
          measured: `${median(help).toFixed(2)} s`,
          pass: median(help) <= TARGET_HELP_CPU_S,
        },
        {
          target: '6. one-scenario simulate, CPU',
          goal: `≤ ${TARGET_SIMULATE_CPU_S} s`,
          measured: `${median(simulate).toFixed(2)} s`,
          pass: median(simulate) <= TARGET_SIMULATE_CPU_S,
        },
      ],
      table: `Start-up (user + system CPU of the whole process, worker threads included)\n${table.toString()}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

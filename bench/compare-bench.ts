/**
 * `compare` as the README runs it (every built-in on the seed suites and the museum, 20 fuzzed
 * runs, seed 1; the compiled command, --jobs 2): within 1 GB of peak resident memory and 100 s of
 * CPU (user + system of the whole process, worker threads included: bench/measured-command.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMeasured } from './measured-command.ts';
import type { TargetRow } from './target-row.ts';

export const TARGET_COMPARE_MEMORY_MB = 1024;
export const TARGET_COMPARE_CPU_S = 100;
/** The README's league command (section "Comparing strategies"), with --jobs 2 as the fuzz targets use. */
export const COMPARE_ARGS = [
  'compare',
  '--strategy-options',
  'cline-sdk={"enabled": true}',
  '--strategy-options',
  'langchain-summarization={"trigger": ["fraction", 0.8]}',
  '--fuzz-runs',
  '20',
  '--seed',
  '1',
  '--jobs',
  '2',
] as const;

export function benchCompare(): { rows: TargetRow[]; table: string } {
  const dir = mkdtempSync(join(tmpdir(), 'compaction-sim-compare-bench-'));
  try {
    const run = runMeasured([...COMPARE_ARGS, '--report-dir', join(dir, 'out')], 'compare');
    return {
      rows: [
        {
          target: '11. compare (README command), peak memory',
          goal: `≤ ${TARGET_COMPARE_MEMORY_MB} MB`,
          measured: `${run.peakMb.toFixed(0)} MB`,
          pass: run.peakMb <= TARGET_COMPARE_MEMORY_MB,
        },
        {
          target: '12. compare (README command), CPU',
          goal: `≤ ${TARGET_COMPARE_CPU_S} s`,
          measured: `${run.cpuS.toFixed(0)} s`,
          pass: run.cpuS <= TARGET_COMPARE_CPU_S,
        },
      ],
      table: `Compare: compaction-sim ${COMPARE_ARGS.map((arg) => (arg.includes(' ') ? `'${arg}'` : arg)).join(' ')} (compiled, plain Node; CPU of the whole process, worker threads included: ${run.cpuS.toFixed(1)} s; peak resident memory ${run.peakMb.toFixed(0)} MB; exit ${String(run.status)})`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The fuzzer's targets: `compaction-sim fuzz --strategy threshold --runs 1000 --seed 1 --jobs 2`
 * within 50 s of CPU and 700 MB of peak memory, the same with `--strategy codex` (a zoo strategy,
 * dearer per step) within 80 s of CPU (the compiled command, as a project that installed the
 * package runs it; CPU of the whole process, worker threads included, and its peak resident
 * memory, from bench/usage-reporter.mjs), with their per-property tallies; and no loss of finding
 * power: each planted bug (src/fuzz/planted-bugs/) still caught within the default run budget
 * (100 runs, seed 1) and shrunk.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLANTED_BUGS } from '../src/fuzz/planted-bugs/index.ts';
import { DEFAULT_RUNS, runFuzz } from '../src/fuzz/run/run-fuzz.ts';
import { benchTable } from './bench-table.ts';
import { runMeasured } from './measured-command.ts';
import type { TargetRow } from './target-row.ts';

export const TARGET_FUZZ_CPU_S = 50;
export const TARGET_FUZZ_CODEX_CPU_S = 80;
export const TARGET_FUZZ_MEMORY_MB = 700;
export const fuzzArgs = (strategy: string): string[] => [
  'fuzz',
  '--strategy',
  strategy,
  '--runs',
  '1000',
  '--seed',
  '1',
  '--jobs',
  '2',
  '--quiet',
];
const PLANTED_SEED = 1;
const PLANTED_SHRINKS = 150;

/** Runs the compiled fuzz command for threshold and codex (dist/ must be built) and the planted bugs in this process. */
export async function benchFuzz(): Promise<{ rows: TargetRow[]; table: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'compaction-sim-fuzz-bench-'));
  try {
    const threshold = runMeasured([...fuzzArgs('threshold'), '--out', join(dir, 'threshold')], 'fuzz');
    const codex = runMeasured([...fuzzArgs('codex'), '--out', join(dir, 'codex')], 'fuzz');
    const planted = await plantedBugs();
    const caught = planted.filter((bug) => bug.caughtAt !== null).length;
    const plantedTable = benchTable([
      'planted bug',
      'caught by',
      `first failing run (of ${DEFAULT_RUNS}, seed ${PLANTED_SEED})`,
      'shrinks',
      'counterexample turns',
    ]);
    for (const bug of planted)
      plantedTable.push([
        bug.file,
        bug.property,
        bug.caughtAt === null ? 'NOT CAUGHT' : String(bug.caughtAt),
        bug.shrinks,
        bug.turns,
      ]);
    const line = (strategy: string, run: typeof threshold) =>
      `Fuzz: compaction-sim ${fuzzArgs(strategy).join(' ')} (compiled, plain Node; CPU of the whole process, worker threads included: ${run.cpuS.toFixed(1)} s; peak resident memory ${run.peakMb.toFixed(0)} MB)`;
    return {
      rows: [
        {
          target: '7. fuzz 1,000 runs, --jobs 2, threshold, CPU',
          goal: `≤ ${TARGET_FUZZ_CPU_S} s`,
          measured: `${threshold.cpuS.toFixed(0)} s`,
          pass: threshold.cpuS <= TARGET_FUZZ_CPU_S,
        },
        {
          target: '7b. fuzz 1,000 runs, --jobs 2, codex, CPU',
          goal: `≤ ${TARGET_FUZZ_CODEX_CPU_S} s`,
          measured: `${codex.cpuS.toFixed(0)} s`,
          pass: codex.cpuS <= TARGET_FUZZ_CODEX_CPU_S,
        },
        {
          target: '8. fuzz 1,000 runs, --jobs 2, peak memory',
          goal: `≤ ${TARGET_FUZZ_MEMORY_MB} MB`,
          measured: `${threshold.peakMb.toFixed(0)} MB threshold, ${codex.peakMb.toFixed(0)} MB codex`,
          pass: Math.max(threshold.peakMb, codex.peakMb) <= TARGET_FUZZ_MEMORY_MB,
        },
        {
          target: '9. planted bugs caught and shrunk',
          goal: `${PLANTED_BUGS.length} of ${PLANTED_BUGS.length} within ${DEFAULT_RUNS} runs`,
          measured: `${caught} of ${planted.length}`,
          pass: caught === PLANTED_BUGS.length,
        },
      ],
      table: [
        line('threshold', threshold),
        tallies(threshold.stdout),
        line('codex', codex),
        tallies(codex.stdout),
        `Planted bugs (in this process, ${DEFAULT_RUNS} runs, seed ${PLANTED_SEED}, stop at the first failure, ${PLANTED_SHRINKS} shrink candidates)`,
        plantedTable.toString(),
      ].join('\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fuzz report's table and the lines under it, up to the first failure block. */
function tallies(stdout: string): string {
  const lines = stdout.split('\n');
  const end = lines.findIndex((line) => line.startsWith('FAIL ') || line.startsWith('fast-check seed'));
  return lines
    .slice(1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
}

interface PlantedResult {
  readonly file: string;
  readonly property: string;
  readonly caughtAt: number | null;
  readonly shrinks: number | string;
  readonly turns: number | string;
}

async function plantedBugs(): Promise<PlantedResult[]> {
  const results: PlantedResult[] = [];
  for (const { file, caughtBy } of PLANTED_BUGS) {
    const report = await runFuzz({
      strategy: { name: `./src/fuzz/planted-bugs/${file}`, options: {} },
      runs: DEFAULT_RUNS,
      seed: PLANTED_SEED,
      properties: [caughtBy],
      outDir: null,
      cwd: process.cwd(),
      stopAtFirstFailure: true,
      maxShrinkCandidates: PLANTED_SHRINKS,
    });
    const property = report.properties[0]!;
    const found = property.counterexample;
    results.push({
      file,
      property: caughtBy,
      caughtAt: property.failed > 0 && found !== null ? property.checked - 1 : null,
      shrinks: found?.failure.shrinks ?? '—',
      turns: found ? turnsOf(found.failure.spec) : '—',
    });
  }
  return results;
}

function turnsOf(spec: {
  readonly turns?: readonly { readonly repeat?: number }[];
  readonly phases?: readonly { readonly turns: readonly { readonly repeat?: number }[] }[];
}): number {
  const groups = spec.turns ?? spec.phases?.flatMap((phase) => phase.turns) ?? [];
  return groups.reduce((sum, group) => sum + (group.repeat ?? 1), 0);
}

/** Builds dist/ (the fuzz target runs the compiled command). */
export function buildDist(): void {
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'ignore' });
}

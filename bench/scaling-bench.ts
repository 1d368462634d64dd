/**
 * Targets 1 and 2 of `npm run bench`: a 1,000-turn session costs at most 11x a 100-turn one, a
 * 10,000-turn session at most 11x a 1,000-turn one (a step costs little more than its new
 * content).
 *
 * Measured in a child process of its own (this file, run with `--child`) that loads the world and
 * the engine and nothing else. In the bench's own process the other targets have by then loaded
 * the real @google/adk and the fuzzer and left their garbage: every old-generation collection
 * then traces that too, and a long session, which promotes more of what it allocates, pays for
 * it most (measured 2026-11-26, same code: the 1,000 vs 100 ratio read 10.4-11.8x there, 9.2-11.1x
 * in one process of its own, 10.5-10.8x pooled over three).
 *
 * Several such processes, one after the other: a process's memory layout (addresses, hash seeds)
 * moves all of its figures by several percent, more than the samples within one process vary, so
 * every figure is the median over the samples of all of them.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BUILTIN_STRATEGIES } from '../src/engine/index.ts';
import { goScenario, turnsOf } from '../src/world/go-compat/go-scenario.ts';
import { runSession } from '../src/world/index.ts';
import type { WorldScenario } from '../src/world/world-scenario.ts';
import { benchTable } from './bench-table.ts';
import { cpuTimed, intOption, median } from './bench-timing.ts';
import type { TargetRow } from './target-row.ts';

const TARGET_SCALING = 11;
/** A 1,000-turn session as `simulate` plays it (records, checks and the trace digest), CPU ms. */
const TARGET_SIMULATE_1000_MS = 800;
const SIMULATE_TURNS = 1_000;
const SCALING_TURNS = [100, 1_000, 10_000] as const;
/** Processes measured one after the other, each taking `--runs` samples of every length. */
export const SCALING_PROCESSES = 3;

interface SessionRun {
  readonly ms: number;
  readonly steps: number;
}

/** What the child prints: per length, every sample; and the 1,000-turn session as simulate plays it. */
interface ScalingSamples {
  readonly measured: SessionRun[][];
  readonly simulate: SessionRun[];
}

function sessionOf(turns: number): WorldScenario {
  return goScenario(
    {
      name: `scaling-${turns}`,
      contextWindow: 8000,
      systemPromptSize: 500,
      modelName: 'small-model',
      hasUsageMetadata: true,
      tokenRatio: 1.8,
    },
    turnsOf(turns, (i) => ({
      user: { longMessage: 500 },
      toolCalls: i % 3 === 0 ? [{ name: 'web_search', size: 1000 }] : [],
    })),
  );
}

async function timeSession(world: WorldScenario, traceDigest = false): Promise<SessionRun> {
  const run = await cpuTimed(() => runSession(world, { strategy: BUILTIN_STRATEGIES.threshold!({}), traceDigest }));
  return { ms: run.ms, steps: run.value.totals.llmSteps };
}

/**
 * One sample of a session's cost: the session played `repeats` times, the mean CPU ms of one
 * play. Every length is played for the same number of turns per sample (the longest session's),
 * so a 100-turn session (about 10 ms, the resolution of a few garbage collections) is timed over
 * a second as the long one is, not from one noisy play.
 */
async function sampleSession(world: WorldScenario, repeats: number): Promise<SessionRun> {
  let ms = 0;
  let steps = 0;
  for (let i = 0; i < repeats; i += 1) {
    const run = await timeSession(world);
    ms += run.ms;
    steps = run.steps;
  }
  return { ms: ms / repeats, steps };
}

function repeatsOf(): number[] {
  const longest = SCALING_TURNS[SCALING_TURNS.length - 1]!;
  return SCALING_TURNS.map((turns) => Math.max(1, Math.round(longest / turns)));
}

/**
 * The longest session is played once per process and has no warm-up play: it runs for minutes
 * (every step copies every history content, as adk-js does: README, Performance), long enough to
 * warm itself up, and five plays in each of three processes made the bench last an hour.
 */
const LONGEST = SCALING_TURNS.length - 1;

/** The measurement itself (in the child). */
async function measureScaling(runs: number): Promise<ScalingSamples> {
  const sessions = SCALING_TURNS.map(sessionOf);
  const repeats = repeatsOf();
  for (const [k, session] of sessions.entries()) if (k !== LONGEST) await sampleSession(session, repeats[k]!); // warm-up
  const measured: SessionRun[][] = SCALING_TURNS.map(() => []);
  const simulate: SessionRun[] = [];
  const simulated = sessions[SCALING_TURNS.indexOf(SIMULATE_TURNS)]!;
  await timeSession(simulated, true); // warm-up
  // Interleaved, so a slow patch on a shared machine hits every length.
  for (let i = 0; i < runs; i += 1) {
    for (const [k, session] of sessions.entries())
      if (k !== LONGEST || i === 0) measured[k]!.push(await sampleSession(session, repeats[k]!));
    // As src/harness/run/run-one-scenario.ts plays a scenario for simulate: the digest included.
    simulate.push(await timeSession(simulated, true));
  }
  return { measured, simulate };
}

/** One child process's samples. */
function measureInChild(runs: number): ScalingSamples {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', '--runs', String(runs)],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (child.status !== 0)
    throw new Error(
      `the scaling bench's process exited ${String(child.status)}: ${child.stderr.trim().split('\n').at(-1) ?? ''}`,
    );
  return JSON.parse(child.stdout) as ScalingSamples;
}

/** Targets 1 and 2: the samples of `SCALING_PROCESSES` child processes, as a table and two target rows. */
export function benchScaling(runs: number): { rows: TargetRow[]; table: string } {
  const measured: SessionRun[][] = SCALING_TURNS.map(() => []);
  const simulate: SessionRun[] = [];
  for (let p = 0; p < SCALING_PROCESSES; p += 1) {
    const samples = measureInChild(runs);
    samples.measured.forEach((list, k) => measured[k]!.push(...list));
    simulate.push(...samples.simulate);
  }
  const simulateMs = median(simulate.map((run) => run.ms));
  const repeats = repeatsOf();
  const ms = measured.map((list) => median(list.map((run) => run.ms)));
  const table = benchTable([
    'session',
    'plays per sample',
    'LLM steps',
    `CPU ms per play (median of ${SCALING_PROCESSES} processes × ${runs} samples; the longest: × 1)`,
    'µs / step',
    'all samples (CPU ms per play)',
  ]);
  SCALING_TURNS.forEach((turns, k) => {
    const steps = measured[k]![0]!.steps;
    table.push([
      `${turns.toLocaleString('en-US')} turns`,
      repeats[k]!,
      steps,
      ms[k]!.toFixed(1),
      ((1000 * ms[k]!) / steps).toFixed(1),
      measured[k]!.map((run) => run.ms.toFixed(run.ms < 100 ? 1 : 0)).join(' '),
    ]);
  });
  const row = (index: number, k: number): TargetRow => {
    const ratio = ms[k]! / ms[k - 1]!;
    const [short, long] = [SCALING_TURNS[k - 1]!.toLocaleString('en-US'), SCALING_TURNS[k]!.toLocaleString('en-US')];
    return {
      target: `${index}. ${long}-turn session vs ${short}-turn`,
      goal: `≤ ${TARGET_SCALING}×`,
      measured: `${ratio.toFixed(1)}× (${ms[k]!.toFixed(0)} / ${ms[k - 1]!.toFixed(0)} CPU ms)`,
      pass: ratio <= TARGET_SCALING,
    };
  };
  const simulateRow: TargetRow = {
    target: '13. 1,000-turn session as simulate plays it (digest included)',
    goal: `≤ ${TARGET_SIMULATE_1000_MS} ms`,
    measured: `${simulateMs.toFixed(0)} CPU ms (${simulate[0]!.steps} LLM steps)`,
    pass: simulateMs <= TARGET_SIMULATE_1000_MS,
  };
  return {
    rows: [row(1, 1), row(2, 2), simulateRow],
    table:
      `Scaling (8k window, longMessage(500), web_search every 3rd turn, threshold strategy; CPU time, in ${SCALING_PROCESSES} processes of their own, one after the other)\n${table.toString()}\n` +
      `1,000 turns as simulate plays it (records, checks, trace digest; one play per sample): ${simulateMs.toFixed(1)} CPU ms, median of ${simulate.length} (${simulate.map((run) => run.ms.toFixed(0)).join(' ')})`,
  };
}

if (process.argv.includes('--child')) {
  process.stdout.write(JSON.stringify(await measureScaling(intOption(process.argv, 'runs', 5))));
}

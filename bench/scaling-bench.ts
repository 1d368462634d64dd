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
import type { Content } from '@google/genai';
import { BUILTIN_STRATEGIES } from '../src/engine/index.ts';
import type { LlmRequest } from '../src/engine/types.ts';
import { cloneByPlan, clonePlanOf } from '../src/world/fast/content-clone.ts';
import { goScenario, turnsOf } from '../src/world/go-compat/go-scenario.ts';
import { runSession, runWorld } from '../src/world/index.ts';
import { BasePlugin } from '../src/world/plugins/base-plugin.ts';
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
  /** Contents the session's steps handed the plugins, summed over its steps: each one a fresh deep copy. */
  readonly copies: number;
}

/**
 * What the child prints: per length, every sample; the 1,000-turn session as simulate plays it;
 * and what one deep copy of a history content costs at least (ns, one figure per sample).
 */
interface ScalingSamples {
  readonly measured: SessionRun[][];
  readonly simulate: SessionRun[];
  readonly copyNs: number[];
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
  // Each step hands the plugins a fresh copy of every history content (adk-js getContents'
  // cloneDeep); `contentsBefore` is how many contents that request held before the strategy ran.
  const copies = run.value.steps.reduce((sum, step) => sum + step.contentsBefore, 0);
  return { ms: run.ms, steps: run.value.totals.llmSteps, copies };
}

/** Keeps the contents the plugins were handed on the latest step (it runs before ContextGuard, so they are whole). */
class LastContents extends BasePlugin {
  contents: Content[] = [];
  override beforeModelCallback({ llmRequest }: { llmRequest: LlmRequest }): undefined {
    this.contents = llmRequest.contents;
    return undefined;
  }
}

/**
 * The floor under the scaling targets: what one fresh deep copy of a history content costs at
 * least, in ns. The session's last request holds its whole history, in the shapes the session's
 * contents have; copying that history over and over with the world's own fastest copy (the fast
 * builder's plans, world/fast/content-clone.ts), in a tight loop whose copies die young, costs
 * less per copy than the same copies made inside a session that also keeps its history alive.
 * So `copies × copyNs` is a lower bound on what any world that hands plugins fresh copies, as
 * adk-js does, spends on them alone.
 */
async function copyNanos(world: WorldScenario): Promise<number> {
  const keeper = new LastContents('last-contents');
  await runWorld(world, { strategy: BUILTIN_STRATEGIES.threshold!({}), pluginsBefore: [keeper] });
  const history = keeper.contents;
  const plans = history.map(clonePlanOf);
  const copyAll = (): unknown[] => history.map((content, i) => cloneByPlan(content, plans[i]!));
  const rounds = Math.max(1, Math.ceil(2_000_000 / history.length));
  let kept: unknown[] = [];
  for (let i = 0; i < rounds; i += 1) kept = copyAll(); // warm-up
  const run = await cpuTimed(async () => {
    for (let i = 0; i < rounds; i += 1) kept = copyAll();
    return kept.length;
  });
  return (run.ms * 1e6) / (rounds * history.length);
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
  let copies = 0;
  for (let i = 0; i < repeats; i += 1) {
    const run = await timeSession(world);
    ms += run.ms;
    steps = run.steps;
    copies = run.copies;
  }
  return { ms: ms / repeats, steps, copies };
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
  const copyNs: number[] = [];
  const simulated = sessions[SCALING_TURNS.indexOf(SIMULATE_TURNS)]!;
  await timeSession(simulated, true); // warm-up
  // Interleaved, so a slow patch on a shared machine hits every length.
  for (let i = 0; i < runs; i += 1) {
    for (const [k, session] of sessions.entries())
      if (k !== LONGEST || i === 0) measured[k]!.push(await sampleSession(session, repeats[k]!));
    // As src/harness/run/run-one-scenario.ts plays a scenario for simulate: the digest included.
    simulate.push(await timeSession(simulated, true));
    copyNs.push(await copyNanos(simulated));
  }
  return { measured, simulate, copyNs };
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
  const copyNs: number[] = [];
  for (let p = 0; p < SCALING_PROCESSES; p += 1) {
    const samples = measureInChild(runs);
    samples.measured.forEach((list, k) => measured[k]!.push(...list));
    simulate.push(...samples.simulate);
    copyNs.push(...samples.copyNs);
  }
  const simulateMs = median(simulate.map((run) => run.ms));
  const repeats = repeatsOf();
  const ms = measured.map((list) => median(list.map((run) => run.ms)));
  const nsPerCopy = median(copyNs);
  const floors = measured.map((list) => copiesFloorMs(list[0]!.copies, nsPerCopy));
  const table = benchTable([
    'session',
    'plays per sample',
    'LLM steps',
    `CPU ms per play (median of ${SCALING_PROCESSES} processes × ${runs} samples; the longest: × 1)`,
    'µs / step',
    'all samples (CPU ms per play)',
    'contents copied for the plugins',
    'those copies alone, at least (CPU ms)',
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
      measured[k]![0]!.copies.toLocaleString('en-US'),
      floors[k]!.toFixed(floors[k]! < 100 ? 1 : 0),
    ]);
  });
  const row = (index: number, k: number): TargetRow => {
    const ratio = ms[k]! / ms[k - 1]!;
    const floor = floors[k]! / ms[k - 1]!;
    const [short, long] = [SCALING_TURNS[k - 1]!.toLocaleString('en-US'), SCALING_TURNS[k]!.toLocaleString('en-US')];
    return {
      target: `${index}. ${long}-turn session vs ${short}-turn`,
      goal: `≤ ${TARGET_SCALING}×`,
      measured: `${ratio.toFixed(1)}× (${ms[k]!.toFixed(0)} / ${ms[k - 1]!.toFixed(0)} CPU ms); the copies alone: ≥ ${floor.toFixed(1)}×${floor > TARGET_SCALING ? ', out of reach while plugins get fresh copies' : ''}`,
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
      `1,000 turns as simulate plays it (records, checks, trace digest; one play per sample): ${simulateMs.toFixed(1)} CPU ms, median of ${simulate.length} (${simulate.map((run) => run.ms.toFixed(0)).join(' ')})\n` +
      `The floor under targets 1 and 2: every step hands the plugins a fresh deep copy of every history content, as adk-js's getContents does (a strategy may edit, keep or structuredClone what it is handed). One copy costs at least ${nsPerCopy.toFixed(0)} ns (the fast builder's copy of the 1,000-turn session's history, in a loop whose copies die young; median of ${copyNs.length}: ${copyNs.map((ns) => ns.toFixed(0)).join(' ')}), so a session's copies alone cost at least contents copied × ${nsPerCopy.toFixed(0)} ns. When that exceeds ${TARGET_SCALING}× the shorter session's whole play, no world faithful to adk-js meets the target.`,
  };
}

/** CPU ms that `copies` fresh deep copies cost at `nsPerCopy` each (a lower bound: see copyNanos). */
function copiesFloorMs(copies: number, nsPerCopy: number): number {
  return (copies * nsPerCopy) / 1e6;
}

if (process.argv.includes('--child')) {
  process.stdout.write(JSON.stringify(await measureScaling(intOption(process.argv, 'runs', 5))));
}

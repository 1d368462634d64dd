/**
 * `npm run bench`: how fast the world is, against its three targets.
 *  1. Scaling: a 1,000-turn session against a 100-turn session of the same shape (target: the
 *     long one costs at most 12x the short one, i.e. a step costs little more than its new
 *     content).
 *  2. The 47 seed scenarios in-process (scenarios/stress + scenarios/brutal through the harness
 *     loader when present, else the §11a table built here), one thread (target: < 1 s).
 *  3. The world against the real @google/adk 2.0.0 runner on the same scenarios, with identical
 *     requests (target: >= 20x faster; bench/adk-vs-world.ts).
 *  4./5. Start-up of the compiled command: `compaction-sim --help` (target: <= 0.3 s of CPU) and a
 *     one-scenario `simulate` (target: <= 0.6 s of CPU; bench/start-up.ts).
 * Every figure is the median of several runs after a warm-up (`--runs N`, default 5; `--rounds N`
 * for target 3, default 5), because this machine may be shared. Timing uses `performance.now()`;
 * nothing here feeds back into results.
 */
import { existsSync } from 'node:fs';
import { benchTable } from './bench-table.ts';
import { BUILTIN_STRATEGIES } from '../src/engine/index.ts';
import type { CompactionStrategy } from '../src/engine/types.ts';
import { colorAllowed, paint } from '../src/harness/report/ansi.ts';
import { goScenario, turnsOf } from '../src/world/go-compat/go-scenario.ts';
import { runSession } from '../src/world/index.ts';
import type { WorldScenario } from '../src/world/world-scenario.ts';
import { benchAdkVsWorld, DEFAULT_ROUNDS, renderAdkVsWorld, TARGET_SPEEDUP } from './adk-vs-world.ts';
import { intOption, median, timed } from './bench-timing.ts';
import { goSeedCases } from './go-seed-table.ts';
import { benchStartUp } from './start-up.ts';

const TARGET_SCALING = 12;
const TARGET_SUITE_MS = 1000;

interface SuiteEntry {
  readonly name: string;
  readonly world: WorldScenario;
  readonly strategy: () => CompactionStrategy | Promise<CompactionStrategy>;
}

interface TargetRow {
  readonly target: string;
  readonly goal: string;
  readonly measured: string;
  readonly pass: boolean;
}

const threshold = (): CompactionStrategy => BUILTIN_STRATEGIES.threshold!({});

function sessionOf(turns: number): WorldScenario {
  return goScenario(
    { name: `scaling-${turns}`, contextWindow: 8000, systemPromptSize: 500, modelName: 'small-model', hasUsageMetadata: true, tokenRatio: 1.8 },
    turnsOf(turns, (i) => ({ user: { longMessage: 500 }, toolCalls: i % 3 === 0 ? [{ name: 'web_search', size: 1000 }] : [] })),
  );
}

async function timeSession(world: WorldScenario): Promise<{ ms: number; steps: number; turns: number }> {
  const run = await timed(() => runSession(world, { strategy: threshold() }));
  return { ms: run.ms, steps: run.value.totals.llmSteps, turns: run.value.totals.turns };
}

async function benchScaling(runs: number): Promise<{ row: TargetRow; table: string }> {
  const short = sessionOf(100);
  const long = sessionOf(1000);
  await timeSession(short); // warm-up
  await timeSession(long);
  const shortRuns: { ms: number; steps: number; turns: number }[] = [];
  const longRuns: { ms: number; steps: number; turns: number }[] = [];
  // Interleaved, so a slow patch on a shared machine hits both sides.
  for (let i = 0; i < runs; i += 1) {
    shortRuns.push(await timeSession(short));
    longRuns.push(await timeSession(long));
  }
  const shortMs = median(shortRuns.map((run) => run.ms));
  const longMs = median(longRuns.map((run) => run.ms));
  const ratio = longMs / shortMs;
  const table = benchTable(['session', 'turns', 'LLM steps', `ms (median of ${runs})`, 'ms / step', 'all runs (ms)']);
  for (const [name, list, ms] of [['short', shortRuns, shortMs], ['long', longRuns, longMs]] as const) {
    const steps = list[0]!.steps;
    table.push([name, list[0]!.turns, steps, ms.toFixed(1), (ms / steps).toFixed(3), list.map((run) => run.ms.toFixed(0)).join(' ')]);
  }
  return {
    row: { target: '1. 1,000-turn session vs 100-turn session', goal: `≤ ${TARGET_SCALING}×`, measured: `${ratio.toFixed(1)}× (${longMs.toFixed(0)} / ${shortMs.toFixed(0)} ms)`, pass: ratio <= TARGET_SCALING },
    table: `Scaling (8k window, longMessage(500), web_search every 3rd turn, threshold strategy)\n${table.toString()}`,
  };
}

async function loadSuite(): Promise<{ source: string; entries: SuiteEntry[] }> {
  if (existsSync('scenarios/stress') && existsSync('scenarios/brutal')) {
    try {
      const harness = await import('../src/harness/scenario/index.ts');
      const strategies = await import('../src/harness/strategy/load-strategy.ts');
      const loaded = await harness.loadScenarios(['scenarios/stress', 'scenarios/brutal']);
      return { source: 'scenarios/stress + scenarios/brutal', entries: loaded.map((s) => ({ name: s.name, world: s.world, strategy: () => strategies.createStrategy(s.strategy) })) };
    } catch (error) {
      console.warn(`bench: could not load the scenario files (${error instanceof Error ? error.message : String(error)}); using the §11a table`);
    }
  }
  return { source: 'the §11a table (bench/go-seed-table.ts)', entries: goSeedCases().map((c) => ({ name: c.test, world: c.scenario, strategy: threshold })) };
}

async function runSuiteOnce(entries: readonly SuiteEntry[]): Promise<{ total: number; each: { name: string; ms: number; steps: number }[] }> {
  const each: { name: string; ms: number; steps: number }[] = [];
  for (const entry of entries) {
    const strategy = await entry.strategy();
    const run = await timed(() => runSession(entry.world, { strategy }));
    each.push({ name: entry.name, ms: run.ms, steps: run.value.totals.llmSteps });
  }
  return { total: each.reduce((sum, row) => sum + row.ms, 0), each };
}

async function benchSuite(runs: number): Promise<{ row: TargetRow; table: string }> {
  const { source, entries } = await loadSuite();
  const cold = await runSuiteOnce(entries);
  const warm: Awaited<ReturnType<typeof runSuiteOnce>>[] = [];
  for (let i = 0; i < runs; i += 1) warm.push(await runSuiteOnce(entries));
  const totals = warm.map((run) => run.total);
  const suiteMs = median(totals);
  const steps = cold.each.reduce((n, row) => n + row.steps, 0);
  const perScenario = entries.map((entry, i) => ({ name: entry.name, steps: cold.each[i]!.steps, ms: median(warm.map((run) => run.each[i]!.ms)) }));
  const slowest = benchTable(['slowest scenarios (median, warm)', 'LLM steps', 'ms']);
  for (const row of [...perScenario].sort((a, b) => b.ms - a.ms).slice(0, 10)) slowest.push([row.name, row.steps, row.ms.toFixed(1)]);
  const summary = benchTable(['run', 'scenarios', 'LLM steps', 'total ms', 'ms / step']);
  summary.push(['cold (first run, JIT warming)', entries.length, steps, cold.total.toFixed(1), (cold.total / steps).toFixed(3)]);
  summary.push([`warm (median of ${runs}: ${totals.map((ms) => ms.toFixed(0)).join(' ')})`, entries.length, steps, suiteMs.toFixed(1), (suiteMs / steps).toFixed(3)]);
  return {
    row: { target: `2. seed suite (${entries.length} scenarios), in-process`, goal: `< ${TARGET_SUITE_MS} ms`, measured: `${suiteMs.toFixed(0)} ms (${((1000 * suiteMs) / steps).toFixed(0)} µs / step)`, pass: suiteMs < TARGET_SUITE_MS },
    table: `Seed suite: ${entries.length} scenarios from ${source}, in-process, one thread\n${slowest.toString()}\n${summary.toString()}`,
  };
}

async function benchAgainstAdk(rounds: number): Promise<{ row: TargetRow; table: string }> {
  const target = '3. world vs real adk-js runner, identical requests';
  const goal = `≥ ${TARGET_SPEEDUP}×`;
  try {
    const result = await benchAdkVsWorld(undefined, rounds);
    const allIdentical = result.identical === result.rows.length;
    const measured = `${result.speedup.toFixed(1)}× (${result.adkMs.toFixed(0)} / ${result.worldMs.toFixed(0)} ms; identical ${result.identical}/${result.rows.length})`;
    return { row: { target, goal, measured, pass: allIdentical && result.speedup >= TARGET_SPEEDUP }, table: renderAdkVsWorld(result) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { row: { target, goal, measured: `not measured: ${message}`, pass: false }, table: `World vs real adk-js: not measured (${message})` };
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = intOption(argv, 'runs', 5);
  const rounds = intOption(argv, 'rounds', DEFAULT_ROUNDS);
  // Start-up first: measured in child processes, whose CPU time grows when this process is busy
  // (after the adk-js runs it still is), so it is taken while this process idles.
  const startUp = benchStartUp(runs);
  const results = [await benchScaling(runs), await benchSuite(runs), await benchAgainstAdk(rounds)];
  for (const result of [...results, startUp]) console.log(`${result.table}\n`);
  const color = colorAllowed(process.stdout);
  const targets = benchTable(['target', 'goal', 'measured (medians)', 'result']);
  for (const row of [...results.map((result) => result.row), ...startUp.rows]) {
    targets.push([row.target, row.goal, row.measured, row.pass ? paint('PASS', 'green', color) : paint('MISS', 'red', color)]);
  }
  console.log(`Targets (medians of ${runs} runs; adk-js comparison: ${rounds} passes per side)`);
  console.log(targets.toString());
}

try {
  await main();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}

/**
 * `npm run bench`: how fast compaction-sim is, against its targets (issue 14), each printed with
 * its figure and PASS or MISS:
 *  1./2. Scaling: a 1,000-turn session costs at most 11x a 100-turn one, a 10,000-turn session at
 *     most 11x a 1,000-turn one (a step costs little more than its new content), in a process of
 *     its own (bench/scaling-bench.ts; the 10,000-turn session is played once per process); 13. the 1,000-turn session as simulate plays it (trace
 *     digest included) within 0.8 s of CPU, in the same processes.
 *  3. The 47 seed scenarios in-process, one thread (< 1 s).
 *  4. The world as simulate plays a scenario against the real @google/adk 2.0.0 runner as a user
 *     runs it, on the same scenarios, with identical requests: >= 30x, measured symmetrically
 *     (bench/adk-vs-world.ts; the matched ratio against adk-js as the differential harness plays
 *     it is printed beside it). Both sides play the build in dist/, as a user's install does.
 *  5./6. Start-up of the compiled command: `compaction-sim --help` (<= 0.3 s of CPU) and a
 *     one-scenario `simulate` (<= 0.6 s of CPU; bench/start-up.ts).
 *  7./7b./8./9. `fuzz --runs 1000 --jobs 2`: <= 50 s of CPU with threshold, <= 80 s with codex,
 *     <= 700 MB of peak memory, and the planted bugs still caught within the default budget
 *     (bench/fuzz-bench.ts).
 *  10. `npm test` <= 150 s of CPU (every process it starts), every test passing (bench/test-suite-bench.ts).
 *  11./12. `compare` as the README runs it: <= 1 GB of peak memory, <= 100 s of CPU (bench/compare-bench.ts).
 *
 * This machine is shared, so everything in-process is CPU time (`process.cpuUsage`: what this
 * process itself spent) and every figure the median of several runs after a warm-up (`--runs N`,
 * default 5; `--rounds N` for target 4, default 5), side by side comparisons alternate their
 * sides. The child-process targets run first, while this process idles. `--only a,b` runs some
 * of scaling, suite, adk, start-up, fuzz, compare, tests. Nothing here feeds back into results.
 */
import { existsSync } from 'node:fs';
import { benchTable } from './bench-table.ts';
import { BUILTIN_STRATEGIES } from '../src/engine/index.ts';
import type { CompactionStrategy } from '../src/engine/types.ts';
import { colorAllowed, paint } from '../src/harness/report/ansi.ts';
import { runSession } from '../src/world/index.ts';
import type { WorldScenario } from '../src/world/world-scenario.ts';
import { benchAdkVsWorld, DEFAULT_ROUNDS, ratioLine, renderAdkVsWorld, TARGET_SPEEDUP } from './adk-vs-world.ts';
import { cpuTimed, intOption, median } from './bench-timing.ts';
import { benchCompare } from './compare-bench.ts';
import { benchFuzz, buildDist } from './fuzz-bench.ts';
import { benchScaling } from './scaling-bench.ts';
import { goSeedCases } from './go-seed-table.ts';
import { benchStartUp } from './start-up.ts';
import type { TargetRow } from './target-row.ts';
import { benchTestSuite } from './test-suite-bench.ts';

const TARGET_SUITE_MS = 1000;
const BENCHES = ['scaling', 'suite', 'adk', 'start-up', 'fuzz', 'compare', 'tests'] as const;
type BenchName = (typeof BENCHES)[number];

interface SuiteEntry {
  readonly name: string;
  readonly world: WorldScenario;
  readonly strategy: () => CompactionStrategy | Promise<CompactionStrategy>;
}

interface BenchResult {
  readonly rows: readonly TargetRow[];
  readonly table: string;
}

const threshold = (): CompactionStrategy => BUILTIN_STRATEGIES.threshold!({});

async function loadSuite(): Promise<{ source: string; entries: SuiteEntry[] }> {
  if (existsSync('scenarios/stress') && existsSync('scenarios/brutal')) {
    try {
      const harness = await import('../src/harness/scenario/index.ts');
      const strategies = await import('../src/harness/strategy/load-strategy.ts');
      const loaded = await harness.loadScenarios(['scenarios/stress', 'scenarios/brutal']);
      return {
        source: 'scenarios/stress + scenarios/brutal',
        entries: loaded.map((s) => ({
          name: s.name,
          world: s.world,
          strategy: () => strategies.createStrategy(s.strategy),
        })),
      };
    } catch (error) {
      console.warn(
        `bench: could not load the scenario files (${error instanceof Error ? error.message : String(error)}); using the §11a table`,
      );
    }
  }
  return {
    source: 'the §11a table (bench/go-seed-table.ts)',
    entries: goSeedCases().map((c) => ({ name: c.test, world: c.scenario, strategy: threshold })),
  };
}

async function runSuiteOnce(
  entries: readonly SuiteEntry[],
): Promise<{ total: number; each: { name: string; ms: number; steps: number }[] }> {
  const each: { name: string; ms: number; steps: number }[] = [];
  for (const entry of entries) {
    const strategy = await entry.strategy();
    const run = await cpuTimed(() => runSession(entry.world, { strategy }));
    each.push({ name: entry.name, ms: run.ms, steps: run.value.totals.llmSteps });
  }
  return { total: each.reduce((sum, row) => sum + row.ms, 0), each };
}

async function benchSuite(runs: number): Promise<BenchResult> {
  const { source, entries } = await loadSuite();
  const cold = await runSuiteOnce(entries);
  const warm: Awaited<ReturnType<typeof runSuiteOnce>>[] = [];
  for (let i = 0; i < runs; i += 1) warm.push(await runSuiteOnce(entries));
  const totals = warm.map((run) => run.total);
  const suiteMs = median(totals);
  const steps = cold.each.reduce((n, row) => n + row.steps, 0);
  const perScenario = entries.map((entry, i) => ({
    name: entry.name,
    steps: cold.each[i]!.steps,
    ms: median(warm.map((run) => run.each[i]!.ms)),
  }));
  const slowest = benchTable(['slowest scenarios (median, warm)', 'LLM steps', 'CPU ms']);
  for (const row of [...perScenario].sort((a, b) => b.ms - a.ms).slice(0, 10))
    slowest.push([row.name, row.steps, row.ms.toFixed(1)]);
  const summary = benchTable(['run', 'scenarios', 'LLM steps', 'total CPU ms', 'ms / step']);
  summary.push([
    'cold (first run, JIT warming)',
    entries.length,
    steps,
    cold.total.toFixed(1),
    (cold.total / steps).toFixed(3),
  ]);
  summary.push([
    `warm (median of ${runs}: ${totals.map((ms) => ms.toFixed(0)).join(' ')})`,
    entries.length,
    steps,
    suiteMs.toFixed(1),
    (suiteMs / steps).toFixed(3),
  ]);
  return {
    rows: [
      {
        target: `3. seed suite (${entries.length} scenarios), in-process`,
        goal: `< ${TARGET_SUITE_MS} ms`,
        measured: `${suiteMs.toFixed(0)} CPU ms (${((1000 * suiteMs) / steps).toFixed(0)} µs / step)`,
        pass: suiteMs < TARGET_SUITE_MS,
      },
    ],
    table: `Seed suite: ${entries.length} scenarios from ${source}, in-process, one thread (full measuring, as simulate plays them; CPU time)\n${slowest.toString()}\n${summary.toString()}`,
  };
}

async function benchAgainstAdk(rounds: number): Promise<BenchResult> {
  const target = '4. world as simulate runs it vs adk-js as a user runs it (symmetric), identical requests';
  const goal = `≥ ${TARGET_SPEEDUP}×`;
  try {
    const result = await benchAdkVsWorld(undefined, rounds, 'dist');
    const allIdentical = result.identical === result.rows.length && result.sameSteps === result.rows.length;
    const measured = `${ratioLine(result)}; identical ${result.identical}/${result.rows.length}`;
    return {
      rows: [{ target, goal, measured, pass: allIdentical && result.userSpeedup >= TARGET_SPEEDUP }],
      table: renderAdkVsWorld(result),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      rows: [{ target, goal, measured: `not measured: ${message}`, pass: false }],
      table: `World vs real adk-js: not measured (${message})`,
    };
  }
}

function selectedBenches(argv: readonly string[]): ReadonlySet<BenchName> {
  const index = argv.indexOf('--only');
  if (index < 0) return new Set(BENCHES);
  const names = (argv[index + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !(BENCHES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0)
    throw new Error(
      `--only takes a comma-separated list of ${BENCHES.join(', ')}${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    );
  return new Set(names as BenchName[]);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = intOption(argv, 'runs', 5);
  const rounds = intOption(argv, 'rounds', DEFAULT_ROUNDS);
  const only = selectedBenches(argv);
  const results: BenchResult[] = [];
  // Child processes first, while this process idles (a busy parent inflates their CPU time).
  if (only.has('start-up') || only.has('fuzz') || only.has('compare') || only.has('adk')) buildDist();
  if (only.has('start-up')) results.push(benchStartUp(runs));
  if (only.has('fuzz')) results.push(await benchFuzz());
  if (only.has('compare')) results.push(benchCompare());
  if (only.has('tests')) results.push(benchTestSuite());
  if (only.has('scaling')) results.push(benchScaling(runs));
  if (only.has('suite')) results.push(await benchSuite(runs));
  if (only.has('adk')) results.push(await benchAgainstAdk(rounds));
  for (const result of results) console.log(`${result.table}\n`);
  const color = colorAllowed(process.stdout);
  const targets = benchTable(['target', 'goal', 'measured (medians)', 'result']);
  const rows = results
    .flatMap((result) => result.rows)
    .sort((a, b) => Number.parseInt(a.target, 10) - Number.parseInt(b.target, 10));
  for (const row of rows)
    targets.push([
      row.target,
      row.goal,
      row.measured,
      row.pass ? paint('PASS', 'green', color) : paint('MISS', 'red', color),
    ]);
  console.log(`Targets (CPU time unless marked wall; medians of ${runs} runs; adk-js comparison: ${rounds} rounds)`);
  console.log(targets.toString());
  for (const row of rows)
    console.log(`${row.pass ? 'PASS' : 'MISS'} ${row.target}: ${row.measured} (goal ${row.goal})`);
}

try {
  await main();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}

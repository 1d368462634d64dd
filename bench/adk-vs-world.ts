/**
 * Speed side by side: the same scenarios played in the world and in the real @google/adk 2.0.0
 * runner (same scripted model, tools, summarizer and ContextGuard strategy), and the ratio.
 * Target: the world is at least 20x faster while sending identical requests; "identical" is
 * checked with the differential verifier (untimed, after the timing).
 *
 * Measured fairly on a shared machine:
 *  - CPU time (user + system of this process, `process.cpuUsage`), not wall time: another
 *    process's load does not count, only what each side itself costs (garbage collection
 *    included).
 *  - One process, alternating whole passes of the suite, the order rotating each round
 *    (matched, full, adk-js; full, adk-js, matched; ...), after `WARMUP_ROUNDS` untimed rounds.
 *    The ratio of a round compares passes played a second apart, so drift of the machine between
 *    them cancels out; reported is the median over the rounds. A world side plays
 *    `WORLD_PASSES_PER_ROUND` passes in its turn and counts their median (`playWorldSuite`).
 *  - Two world figures: "measuring matched" measures what the adk-js run measures, the prompt-token
 *    count its scripted model reports (`runSession(…, { measure: false })` against
 *    `runInRealAdk(…, { measure: false })`); "full measuring" is the world as `simulate` runs it
 *    (every step's records and checks; the trace digest only when asked for, and nobody asks here).
 *
 *   npx tsx bench/adk-vs-world.ts [paths..] [--rounds N] [--dist]   (default scenarios/stress scenarios/brutal,
 *   7 rounds, the TypeScript sources; --dist plays the build in dist/, as `npm run bench` does)
 *
 * `benchAdkVsWorld` / `renderAdkVsWorld` are exported for the main bench. Timing reads clocks and
 * CPU counters; nothing here feeds back into results.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchTable } from './bench-table.ts';
import type { ResolvedScenario } from '../src/harness/scenario/index.ts';
import type { CompactionStrategy } from '../src/engine/types.ts';
import type { StepObserver } from '../src/world/agents/step-observer.ts';
import { cpuMs, intOption, median, positionalArgs } from './bench-timing.ts';

/**
 * Which build both sides run: `dist` is what a user installs (tsc's JavaScript, as adk-js's own
 * is), `src` the TypeScript through tsx, whose transform names every closure it creates
 * (`__name`, a property definition each) and costs the world, all of whose code is ours, about
 * 12 % more than the build (measured 2026-11-26). `npm run bench` builds dist and uses it.
 */
export type Tree = 'dist' | 'src';

/** The modules the comparison plays with, all from one tree (never mixed: each has its own world). */
interface Kit {
  readonly runInRealAdk: typeof import('../src/adk/differential/verify-scenario.ts').runInRealAdk;
  readonly verifyScenario: typeof import('../src/adk/differential/verify-scenario.ts').verifyScenario;
  readonly loadScenarios: typeof import('../src/harness/scenario/index.ts').loadScenarios;
  readonly createStrategy: typeof import('../src/harness/strategy/load-strategy.ts').createStrategy;
  readonly runSession: typeof import('../src/world/index.ts').runSession;
  readonly SessionRecorder: typeof import('../src/world/measure/step-recorder.ts').SessionRecorder;
}

async function loadKit(tree: Tree): Promise<Kit> {
  const module = async <T>(path: string): Promise<T> => {
    const file = resolve(tree, tree === 'dist' ? `${path}.js` : `${path}.ts`);
    if (!existsSync(file)) throw new Error(`${file} is missing${tree === 'dist' ? ' (npm run build)' : ''}`);
    return (await import(pathToFileURL(file).href)) as T;
  };
  const verify = await module<typeof import('../src/adk/differential/verify-scenario.ts')>('adk/differential/verify-scenario');
  return {
    runInRealAdk: verify.runInRealAdk,
    verifyScenario: verify.verifyScenario,
    loadScenarios: (await module<typeof import('../src/harness/scenario/index.ts')>('harness/scenario/index')).loadScenarios,
    createStrategy: (await module<typeof import('../src/harness/strategy/load-strategy.ts')>('harness/strategy/load-strategy')).createStrategy,
    runSession: (await module<typeof import('../src/world/index.ts')>('world/index')).runSession,
    SessionRecorder: (await module<typeof import('../src/world/measure/step-recorder.ts')>('world/measure/step-recorder')).SessionRecorder,
  };
}

/** The kit of the comparison running now (set by `benchAdkVsWorld`). */
let kit: Kit | undefined;

function currentKit(): Kit {
  if (kit === undefined) throw new Error('adk-vs-world: no build loaded');
  return kit;
}

export const TARGET_SPEEDUP = 20;
export const DEFAULT_ROUNDS = 7;
/** Untimed rounds first: JIT, adk-js's import, tokenizer tables, young-generation sizing. */
export const WARMUP_ROUNDS = 2;
/** World passes per side per round (see `playWorldSuite`). */
export const WORLD_PASSES_PER_ROUND = 5;
/** Instrumented rounds after the timed ones, for the breakdown lines (strategy, measuring). */
const BREAKDOWN_ROUNDS = 3;
const DEFAULT_PATHS = ['scenarios/stress', 'scenarios/brutal'];

export type Side = 'matched' | 'full' | 'adk';
const SIDES: readonly Side[] = ['matched', 'full', 'adk'];

export interface AdkVsWorldRow {
  readonly name: string;
  readonly steps: number;
  /** Median over the rounds, CPU ms. */
  readonly matchedMs: number;
  readonly fullMs: number;
  readonly adkMs: number;
  /** Every step's requests, events and state were identical in both runs. */
  readonly identical: boolean;
}

export interface AdkVsWorldResult {
  /** The build both sides played. */
  readonly tree: Tree;
  readonly rows: readonly AdkVsWorldRow[];
  readonly rounds: number;
  /** Median over the rounds of a whole pass, CPU ms. */
  readonly matchedMs: number;
  readonly worldMs: number;
  readonly adkMs: number;
  /** Every round's pass total, CPU ms, in order. */
  readonly matchedRounds: readonly number[];
  readonly worldRounds: readonly number[];
  readonly adkRounds: readonly number[];
  /** Median over the breakdown rounds of the wall time inside the strategy (its `compact` and `afterModel`, summarizer calls included); the world with full measuring. */
  readonly worldStrategyMs: number;
  readonly adkStrategyMs: number;
  /**
   * Median over the breakdown rounds of the wall time in the world's step recorder (the
   * `StepObserver` hooks: heuristic and real counts, orphans, cache churn, user-request check, the
   * frozen-event proof), full measuring. The adk-js run measures nothing, so it has no such line.
   */
  readonly worldMeasureMs: number;
  /** Median over the rounds of adk-js / world (measuring matched). */
  readonly matchedSpeedup: number;
  /** Median over the rounds of adk-js / world (full measuring). */
  readonly speedup: number;
  readonly identical: number;
}

export async function benchAdkVsWorld(paths: readonly string[] = DEFAULT_PATHS, rounds = DEFAULT_ROUNDS, tree: Tree = 'src'): Promise<AdkVsWorldResult> {
  kit = await loadKit(tree);
  const { loadScenarios, verifyScenario } = kit;
  const scenarios = (await loadScenarios([...paths])).filter((s) => s.world.flavour === 'adk-js');
  if (scenarios.length === 0) throw new Error(`bench: no adk-js scenarios under ${paths.join(' ')}`);
  const passes: Record<Side, SuitePass[]> = { matched: [], full: [], adk: [] };
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round += 1) {
    for (const side of rotated(SIDES, round)) {
      const pass = side === 'adk' ? await playSuite(scenarios, side) : await playWorldSuite(scenarios, side);
      if (round >= WARMUP_ROUNDS) passes[side].push(pass);
    }
  }
  const breakdown = await breakdownRounds(scenarios);
  const identical: boolean[] = [];
  for (const scenario of scenarios) identical.push((await verifyScenario(scenario)).verdict === 'pass');
  const perScenario = (side: Side, i: number) => median(passes[side].map((pass) => pass.ms[i]!));
  const rows = scenarios.map((scenario, i) => ({
    name: scenario.name,
    steps: passes.full[0]!.steps[i]!,
    matchedMs: perScenario('matched', i),
    fullMs: perScenario('full', i),
    adkMs: perScenario('adk', i),
    identical: identical[i]!,
  }));
  const totals = (side: Side) => passes[side].map((pass) => pass.total);
  const ratio = (world: Side) => median(passes.adk.map((adk, i) => adk.total / passes[world][i]!.total));
  return {
    tree,
    rows,
    rounds,
    matchedMs: median(totals('matched')),
    worldMs: median(totals('full')),
    adkMs: median(totals('adk')),
    matchedRounds: totals('matched'),
    worldRounds: totals('full'),
    adkRounds: totals('adk'),
    ...breakdown,
    matchedSpeedup: ratio('matched'),
    speedup: ratio('full'),
    identical: identical.filter(Boolean).length,
  };
}

/** `items` rotated left by `by`: each side is first, second and last in turn. */
function rotated<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

interface SuitePass {
  /** CPU ms per scenario. */
  readonly ms: number[];
  readonly steps: number[];
  readonly total: number;
}

/**
 * A world side's figure in a round: the median of `WORLD_PASSES_PER_ROUND` passes (per scenario
 * and in total). A world pass lasts about a twentieth of an adk-js one, so one collection of the
 * garbage adk-js left (or a scheduler hiccup) moved a single world pass by up to 30 % (101-135 ms
 * within one run, 2026-11-26); timed over as many passes, it is measured as steadily as adk-js.
 */
async function playWorldSuite(scenarios: readonly ResolvedScenario[], side: Side): Promise<SuitePass> {
  const played: SuitePass[] = [];
  for (let i = 0; i < WORLD_PASSES_PER_ROUND; i += 1) played.push(await playSuite(scenarios, side));
  return {
    ms: scenarios.map((_, k) => median(played.map((pass) => pass.ms[k]!))),
    steps: played[0]!.steps,
    total: median(played.map((pass) => pass.total)),
  };
}

async function playSuite(scenarios: readonly ResolvedScenario[], side: Side): Promise<SuitePass> {
  const ms: number[] = [];
  const steps: number[] = [];
  for (const scenario of scenarios) {
    const strategy = await currentKit().createStrategy(scenario.strategy);
    const start = cpuMs();
    const played = await play(scenario, strategy, side);
    ms.push(cpuMs() - start);
    steps.push(played);
  }
  return { ms, steps, total: ms.reduce((sum, value) => sum + value, 0) };
}

/** One session on one side; the world's LLM steps (0 for adk-js, which is not measured). */
async function play(scenario: ResolvedScenario, strategy: CompactionStrategy, side: Side): Promise<number> {
  const { runInRealAdk, runSession } = currentKit();
  if (side === 'adk') {
    await runInRealAdk(scenario.world, { compactor: { kind: 'context-guard', strategy }, measure: false });
    return 0;
  }
  const result = await runSession(scenario.world, { strategy, measure: side === 'full' });
  return result.totals.llmSteps;
}

export interface Stopwatch {
  strategyMs: number;
  measureMs: number;
}

/** Where the time goes, from instrumented rounds (wall time around each call; not part of the ratios). */
async function breakdownRounds(scenarios: readonly ResolvedScenario[]): Promise<Pick<AdkVsWorldResult, 'worldStrategyMs' | 'adkStrategyMs' | 'worldMeasureMs'>> {
  const world: Stopwatch[] = [];
  const adk: Stopwatch[] = [];
  for (let round = 0; round < BREAKDOWN_ROUNDS; round += 1) {
    const worldWatch: Stopwatch = { strategyMs: 0, measureMs: 0 };
    const adkWatch: Stopwatch = { strategyMs: 0, measureMs: 0 };
    const restore = timeRecorderHooks(worldWatch);
    try {
      for (const scenario of scenarios) await play(scenario, timedStrategy(await currentKit().createStrategy(scenario.strategy), worldWatch), 'full');
    } finally {
      restore();
    }
    for (const scenario of scenarios) await play(scenario, timedStrategy(await currentKit().createStrategy(scenario.strategy), adkWatch), 'adk');
    world.push(worldWatch);
    adk.push(adkWatch);
  }
  return {
    worldStrategyMs: median(world.map((watch) => watch.strategyMs)),
    adkStrategyMs: median(adk.map((watch) => watch.strategyMs)),
    worldMeasureMs: median(world.map((watch) => watch.measureMs)),
  };
}

/**
 * `strategy` with the time spent in its `compact` and `afterModel` added to `stopwatch` (until
 * each call settles, so a summarizer call it awaits counts as its own). Both sides pay the
 * strategy's cost; this shows how much of each side's total it is.
 */
function timedStrategy(strategy: CompactionStrategy, stopwatch: Stopwatch): CompactionStrategy {
  const timed = async <T>(call: () => T | Promise<T>): Promise<T> => {
    const start = performance.now(); // clock-ok
    try {
      return await call();
    } finally {
      stopwatch.strategyMs += performance.now() - start; // clock-ok
    }
  };
  const afterModel = strategy.afterModel;
  return {
    name: strategy.name,
    compact: (ctx, request) => timed(() => strategy.compact(ctx, request)),
    ...(afterModel ? { afterModel: (ctx, response, usage) => timed(() => afterModel.call(strategy, ctx, response, usage)) } : {}),
  };
}

const OBSERVER_HOOKS = ['onStepStart', 'onShortCircuit', 'onModelRequest', 'onEventAppended', 'onStepEnd'] as const satisfies readonly (keyof StepObserver)[];

/**
 * Bench-only instrumentation: while installed, every `StepObserver` hook of the world's
 * `SessionRecorder` adds its time to `stopwatch.measureMs`. Two clock reads per hook call: the
 * seed suite makes about 11,000 calls per pass, about 1 ms. Returns the function that puts the
 * original methods back. `recorder`: the class of the build being played.
 */
export function timeRecorderHooks(stopwatch: Stopwatch, recorder: Kit['SessionRecorder'] = currentKit().SessionRecorder): () => void {
  const proto = recorder.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = OBSERVER_HOOKS.map((hook) => [hook, proto[hook]!] as const);
  for (const [hook, original] of originals) {
    proto[hook] = function timedHook(this: unknown, ...args: unknown[]): unknown {
      const start = performance.now(); // clock-ok
      try {
        return original.apply(this, args);
      } finally {
        stopwatch.measureMs += performance.now() - start; // clock-ok
      }
    };
  }
  return () => {
    for (const [hook, original] of originals) proto[hook] = original;
  };
}

/** The one line the issue asks for: both ratios, the matched one first. */
export function ratioLine(result: Pick<AdkVsWorldResult, 'matchedSpeedup' | 'speedup'>): string {
  return `world vs adk-js: ${result.matchedSpeedup.toFixed(1)}× (measuring matched), ${result.speedup.toFixed(1)}× (full measuring)`;
}

export function renderAdkVsWorld(result: AdkVsWorldResult): string {
  const table = benchTable(['scenario', 'LLM steps', 'world ms (matched)', 'world ms (full)', 'adk-js ms', 'adk / world (matched)', 'adk / world (full)', 'identical']);
  for (const row of result.rows) {
    table.push([
      row.name,
      row.steps,
      row.matchedMs.toFixed(1),
      row.fullMs.toFixed(1),
      row.adkMs.toFixed(1),
      `${(row.adkMs / row.matchedMs).toFixed(1)}×`,
      `${(row.adkMs / row.fullMs).toFixed(1)}×`,
      row.identical ? 'yes' : 'NO',
    ]);
  }
  const verdict = result.matchedSpeedup >= TARGET_SPEEDUP ? 'meets' : 'misses';
  const rounds = (values: readonly number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  return [
    `World vs real @google/adk 2.0.0 runner (same scenarios, same strategy, both from ${result.tree === 'dist' ? 'the build in dist/' : 'the TypeScript sources through tsx'}; CPU ms, medians of ${result.rounds} rounds of alternating passes in one process, a world side's round the median of ${WORLD_PASSES_PER_ROUND} passes)`,
    table.toString(),
    `passes (CPU ms): world measuring matched ${rounds(result.matchedRounds)}; world full measuring ${rounds(result.worldRounds)}; adk-js ${rounds(result.adkRounds)}`,
    `total (median): world ${result.matchedMs.toFixed(0)} ms measuring matched, ${result.worldMs.toFixed(0)} ms full measuring; adk-js ${result.adkMs.toFixed(0)} ms`,
    `${ratioLine(result)}: ${verdict} the ${TARGET_SPEEDUP}× target (median of the per-round ratios)`,
    `inside the strategy (compact + afterModel, its summarizer calls included; wall ms, median of ${BREAKDOWN_ROUNDS} instrumented rounds): world ${result.worldStrategyMs.toFixed(0)} ms, adk-js ${result.adkStrategyMs.toFixed(0)} ms`,
    `measuring in the world, full (its step recorder: heuristic and real counts, orphans, cache churn, user-request check, frozen-event proof; wall ms, same rounds): ${result.worldMeasureMs.toFixed(0)} ms`,
    targetBudgetLine(result),
    `identical requests, events and state: ${result.identical}/${result.rows.length} scenarios`,
  ].join('\n');
}

/**
 * What the target leaves the world: adk-js's time / 20, against what the world spends on the
 * strategy under test and on (full) measuring alone.
 */
export function targetBudgetLine(result: Pick<AdkVsWorldResult, 'adkMs' | 'worldStrategyMs' | 'worldMeasureMs'>): string {
  const budget = result.adkMs / TARGET_SPEEDUP;
  const fixed = result.worldStrategyMs + result.worldMeasureMs;
  const verdict = fixed >= budget ? 'already more than the budget' : `${(budget - fixed).toFixed(0)} ms left for the step loop`;
  return (
    `${TARGET_SPEEDUP}× budget: adk-js ${result.adkMs.toFixed(0)} ms / ${TARGET_SPEEDUP} = ${budget.toFixed(0)} ms for the world; ` +
    `strategy ${result.worldStrategyMs.toFixed(0)} ms + measuring ${result.worldMeasureMs.toFixed(0)} ms = ${fixed.toFixed(0)} ms: ${verdict}`
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const argv = process.argv.slice(2);
    const rounds = intOption(argv, 'rounds', DEFAULT_ROUNDS);
    const paths = positionalArgs(argv, ['rounds']);
    const result = await benchAdkVsWorld(paths.length > 0 ? paths : DEFAULT_PATHS, rounds, argv.includes('--dist') ? 'dist' : 'src');
    console.log(renderAdkVsWorld(result));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

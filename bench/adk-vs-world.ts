/**
 * Speed side by side: the same scenarios played in the world and in the real @google/adk 2.0.0
 * runner (same scripted model, tools, summarizer and ContextGuard strategy), and the ratios.
 * Target: the world as `simulate` plays a scenario is at least 30x faster than adk-js as a user
 * runs it, while sending identical requests ("identical" is checked with the differential
 * verifier, untimed, after the timing).
 *
 * Four sides, measured symmetrically on a shared machine:
 *  - "world, matched": measures what the differential adk-js run measures, the prompt-token count
 *    its scripted model reports (`runSession(…, { measure: false })`);
 *  - "world as simulate": exactly what `simulate`, `gate` and `compare` play for a scenario: every
 *    step's records and checks and the trace digest (`runSession(…, { traceDigest: true })`, as
 *    src/harness/run/run-one-scenario.ts calls it);
 *  - "adk-js, harness": as the differential harness plays it with measuring off
 *    (`runInRealAdk(…, { measure: false })`: its recorder plugin, step meter, request views and
 *    deterministic environment);
 *  - "adk-js as a user runs it": `Runner` + `InMemorySessionService` + the plugin and nothing else
 *    (bench/adk-user-run.ts).
 * Every side plays the same number of passes per round (`PASSES_PER_ROUND`) and its round figure
 * is the median of them, per scenario and in total: the same statistic for every side. The passes
 * are interleaved (one pass of each side, then again) and the order of the sides rotates at every
 * pass, so the garbage one side leaves (adk-js allocates heavily) is collected in every other
 * side's passes in turn, not always in the same one's. CPU time (user + system of this process,
 * `process.cpuUsage`: garbage collection included, another process's load not), one process,
 * after `WARMUP_ROUNDS` untimed rounds. A ratio is taken per round (passes played seconds apart,
 * so drift of the machine cancels out); reported is the median over the rounds.
 *
 *   npx tsx bench/adk-vs-world.ts [paths..] [--rounds N] [--dist]   (default scenarios/stress scenarios/brutal,
 *   5 rounds, the TypeScript sources; --dist plays the build in dist/, as `npm run bench` does)
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
import { loadUserRunKit, runAdkAsUser, type UserRunKit } from './adk-user-run.ts';
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
  /** What adk-js as a user runs it is built from (bench/adk-user-run.ts). */
  readonly user: UserRunKit;
}

async function loadKit(tree: Tree): Promise<Kit> {
  const module = async <T>(path: string): Promise<T> => {
    const file = resolve(tree, tree === 'dist' ? `${path}.js` : `${path}.ts`);
    if (!existsSync(file)) throw new Error(`${file} is missing${tree === 'dist' ? ' (npm run build)' : ''}`);
    return (await import(pathToFileURL(file).href)) as T;
  };
  const verify = await module<typeof import('../src/adk/differential/verify-scenario.ts')>(
    'adk/differential/verify-scenario',
  );
  return {
    runInRealAdk: verify.runInRealAdk,
    verifyScenario: verify.verifyScenario,
    loadScenarios: (await module<typeof import('../src/harness/scenario/index.ts')>('harness/scenario/index'))
      .loadScenarios,
    createStrategy: (
      await module<typeof import('../src/harness/strategy/load-strategy.ts')>('harness/strategy/load-strategy')
    ).createStrategy,
    runSession: (await module<typeof import('../src/world/index.ts')>('world/index')).runSession,
    SessionRecorder: (
      await module<typeof import('../src/world/measure/step-recorder.ts')>('world/measure/step-recorder')
    ).SessionRecorder,
    user: await loadUserRunKit(module),
  };
}

/** The kit of the comparison running now (set by `benchAdkVsWorld`). */
let kit: Kit | undefined;

function currentKit(): Kit {
  if (kit === undefined) throw new Error('adk-vs-world: no build loaded');
  return kit;
}

/** The target: the world as `simulate` plays a scenario against adk-js as a user runs it. */
export const TARGET_SPEEDUP = 30;
export const DEFAULT_ROUNDS = 5;
/** Untimed rounds first: JIT, adk-js's import, tokenizer tables, young-generation sizing. */
export const WARMUP_ROUNDS = 1;
/** Passes every side plays per round (interleaved with the other sides'); its round figure is their median. */
export const PASSES_PER_ROUND = 3;
/** Instrumented rounds after the timed ones, for the breakdown lines (strategy, measuring). */
const BREAKDOWN_ROUNDS = 3;
const DEFAULT_PATHS = ['scenarios/stress', 'scenarios/brutal'];

export type Side = 'matched' | 'simulate' | 'adk' | 'adk-user';
export const SIDES: readonly Side[] = ['matched', 'simulate', 'adk', 'adk-user'];

export interface AdkVsWorldRow {
  readonly name: string;
  readonly steps: number;
  /** Median over the rounds of each side's round figure, CPU ms. */
  readonly ms: Readonly<Record<Side, number>>;
  /** Every step's requests, events and state were identical in both runs (differential verifier). */
  readonly identical: boolean;
  /** adk-js as a user runs it made as many model calls as the world made LLM steps. */
  readonly sameSteps: boolean;
}

export interface AdkVsWorldResult {
  /** The build both sides played. */
  readonly tree: Tree;
  readonly rows: readonly AdkVsWorldRow[];
  readonly rounds: number;
  /** Median over the rounds of a side's round figure (the median of its passes), whole suite, CPU ms. */
  readonly totals: Readonly<Record<Side, number>>;
  /** Every round's figure per side, CPU ms, in order. */
  readonly perRound: Readonly<Record<Side, readonly number[]>>;
  /** Median over the breakdown rounds of the wall time inside the strategy (its `compact` and `afterModel`, summarizer calls included); the world as simulate plays, adk-js as a user runs it. */
  readonly worldStrategyMs: number;
  readonly adkStrategyMs: number;
  /**
   * Median over the breakdown rounds of the wall time in the world's step recorder (the
   * `StepObserver` hooks: heuristic and real counts, orphans, cache churn, user-request check, the
   * frozen-event proof, the trace digest), as simulate plays. adk-js as a user runs it measures
   * nothing, so it has no such line.
   */
  readonly worldMeasureMs: number;
  /** Median over the rounds of adk-js (harness) / world (matched). */
  readonly matchedSpeedup: number;
  /** Median over the rounds of adk-js (as a user runs it) / world (as simulate plays): the target. */
  readonly userSpeedup: number;
  /** The other two pairings, for the record. */
  readonly harnessVsSimulate: number;
  readonly userVsMatched: number;
  readonly identical: number;
  readonly sameSteps: number;
}

export async function benchAdkVsWorld(
  paths: readonly string[] = DEFAULT_PATHS,
  rounds = DEFAULT_ROUNDS,
  tree: Tree = 'src',
): Promise<AdkVsWorldResult> {
  kit = await loadKit(tree);
  const { loadScenarios, verifyScenario } = kit;
  const scenarios = (await loadScenarios([...paths])).filter((s) => s.world.flavour === 'adk-js');
  if (scenarios.length === 0) throw new Error(`bench: no adk-js scenarios under ${paths.join(' ')}`);
  const figures: Record<Side, SuitePass[]> = { matched: [], simulate: [], adk: [], 'adk-user': [] };
  let steps: readonly number[] = [];
  let userCalls: readonly number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round += 1) {
    const played: Record<Side, SuitePass[]> = { matched: [], simulate: [], adk: [], 'adk-user': [] };
    for (let pass = 0; pass < PASSES_PER_ROUND; pass += 1) {
      for (const side of rotated(SIDES, round * PASSES_PER_ROUND + pass))
        played[side].push(await playSuite(scenarios, side));
    }
    steps = played.simulate[0]!.steps;
    userCalls = played['adk-user'][0]!.steps;
    if (round < WARMUP_ROUNDS) continue;
    for (const side of SIDES) figures[side].push(medianPass(played[side]));
  }
  const breakdown = await breakdownRounds(scenarios);
  const identical: boolean[] = [];
  for (const scenario of scenarios) identical.push((await verifyScenario(scenario)).verdict === 'pass');
  const perScenario = (side: Side, i: number) => median(figures[side].map((pass) => pass.ms[i]!));
  const rows = scenarios.map((scenario, i) => ({
    name: scenario.name,
    steps: steps[i]!,
    ms: Object.fromEntries(SIDES.map((side) => [side, perScenario(side, i)])) as Record<Side, number>,
    identical: identical[i]!,
    sameSteps: userCalls[i] === steps[i],
  }));
  const perRound = Object.fromEntries(SIDES.map((side) => [side, figures[side].map((pass) => pass.total)])) as Record<
    Side,
    number[]
  >;
  const ratio = (adk: Side, world: Side) => median(perRound[adk].map((ms, i) => ms / perRound[world][i]!));
  return {
    tree,
    rows,
    rounds,
    totals: Object.fromEntries(SIDES.map((side) => [side, median(perRound[side])])) as Record<Side, number>,
    perRound,
    ...breakdown,
    matchedSpeedup: ratio('adk', 'matched'),
    userSpeedup: ratio('adk-user', 'simulate'),
    harnessVsSimulate: ratio('adk', 'simulate'),
    userVsMatched: ratio('adk-user', 'matched'),
    identical: identical.filter(Boolean).length,
    sameSteps: rows.filter((row) => row.sameSteps).length,
  };
}

/** `items` rotated left by `by`: each side is first, second, … and last in turn. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

interface SuitePass {
  /** CPU ms per scenario. */
  readonly ms: readonly number[];
  /** LLM steps per scenario (the world), model calls (adk-js as a user runs it), 0 (adk-js harness). */
  readonly steps: readonly number[];
  readonly total: number;
}

/** A side's figure in a round: the median of its passes, per scenario and in total (the same statistic for every side). */
export function medianPass(passes: readonly SuitePass[]): SuitePass {
  return {
    ms: passes[0]!.ms.map((_, k) => median(passes.map((pass) => pass.ms[k]!))),
    steps: passes[0]!.steps,
    total: median(passes.map((pass) => pass.total)),
  };
}

async function playSuite(scenarios: readonly ResolvedScenario[], side: Side): Promise<SuitePass> {
  const ms: number[] = [];
  const steps: number[] = [];
  for (const scenario of scenarios) {
    // A fresh strategy per session, on every side (as simulate builds one per scenario); its construction is not timed.
    const strategy = await currentKit().createStrategy(scenario.strategy);
    const start = cpuMs();
    const played = await play(scenario, strategy, side);
    ms.push(cpuMs() - start);
    steps.push(played);
  }
  return { ms, steps, total: ms.reduce((sum, value) => sum + value, 0) };
}

/** One session on one side; the world's LLM steps, the model calls of adk-js as a user runs it (0 for the harness, which is not measured). */
async function play(scenario: ResolvedScenario, strategy: CompactionStrategy, side: Side): Promise<number> {
  const { runInRealAdk, runSession, user } = currentKit();
  switch (side) {
    case 'adk':
      await runInRealAdk(scenario.world, { compactor: { kind: 'context-guard', strategy }, measure: false });
      return 0;
    case 'adk-user':
      return runAdkAsUser(user, scenario.world, strategy);
    case 'matched':
      return (await runSession(scenario.world, { strategy, measure: false })).totals.llmSteps;
    case 'simulate':
      // What src/harness/run/run-one-scenario.ts asks of the world for every scenario.
      return (await runSession(scenario.world, { strategy, traceDigest: true })).totals.llmSteps;
  }
}

export interface Stopwatch {
  strategyMs: number;
  measureMs: number;
}

/** Where the time goes, from instrumented rounds (wall time around each call; not part of the ratios). */
async function breakdownRounds(
  scenarios: readonly ResolvedScenario[],
): Promise<Pick<AdkVsWorldResult, 'worldStrategyMs' | 'adkStrategyMs' | 'worldMeasureMs'>> {
  const world: Stopwatch[] = [];
  const adk: Stopwatch[] = [];
  for (let round = 0; round < BREAKDOWN_ROUNDS; round += 1) {
    const worldWatch: Stopwatch = { strategyMs: 0, measureMs: 0 };
    const adkWatch: Stopwatch = { strategyMs: 0, measureMs: 0 };
    const restore = timeRecorderHooks(worldWatch);
    try {
      for (const scenario of scenarios)
        await play(
          scenario,
          timedStrategy(await currentKit().createStrategy(scenario.strategy), worldWatch),
          'simulate',
        );
    } finally {
      restore();
    }
    for (const scenario of scenarios)
      await play(scenario, timedStrategy(await currentKit().createStrategy(scenario.strategy), adkWatch), 'adk-user');
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
    ...(afterModel
      ? { afterModel: (ctx, response, usage) => timed(() => afterModel.call(strategy, ctx, response, usage)) }
      : {}),
  };
}

const OBSERVER_HOOKS = [
  'onStepStart',
  'onShortCircuit',
  'onModelRequest',
  'onEventAppended',
  'onStepEnd',
] as const satisfies readonly (keyof StepObserver)[];

/**
 * Bench-only instrumentation: while installed, every `StepObserver` hook of the world's
 * `SessionRecorder` adds its time to `stopwatch.measureMs`. Two clock reads per hook call: the
 * seed suite makes about 11,000 calls per pass, about 1 ms. Returns the function that puts the
 * original methods back. `recorder`: the class of the build being played.
 */
export function timeRecorderHooks(
  stopwatch: Stopwatch,
  recorder: Kit['SessionRecorder'] = currentKit().SessionRecorder,
): () => void {
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

/** The ratios in one line: the target pairing first, then the matched one, then the other two. */
export function ratioLine(
  result: Pick<AdkVsWorldResult, 'matchedSpeedup' | 'userSpeedup' | 'harnessVsSimulate' | 'userVsMatched'>,
): string {
  return (
    `world as simulate runs it vs adk-js as a user runs it: ${result.userSpeedup.toFixed(1)}×; ` +
    `measuring matched vs adk-js as the harness plays it: ${result.matchedSpeedup.toFixed(1)}× ` +
    `(simulate vs harness ${result.harnessVsSimulate.toFixed(1)}×, matched vs user ${result.userVsMatched.toFixed(1)}×)`
  );
}

const SIDE_LABEL: Record<Side, string> = {
  matched: 'world, matched',
  simulate: 'world as simulate',
  adk: 'adk-js, harness',
  'adk-user': 'adk-js as a user',
};

export function renderAdkVsWorld(result: AdkVsWorldResult): string {
  const table = benchTable([
    'scenario',
    'LLM steps',
    ...SIDES.map((side) => `${SIDE_LABEL[side]} ms`),
    'user / simulate',
    'harness / matched',
    'identical',
    'same steps (user)',
  ]);
  for (const row of result.rows) {
    table.push([
      row.name,
      row.steps,
      ...SIDES.map((side) => row.ms[side].toFixed(1)),
      `${(row.ms['adk-user'] / row.ms.simulate).toFixed(1)}×`,
      `${(row.ms.adk / row.ms.matched).toFixed(1)}×`,
      row.identical ? 'yes' : 'NO',
      row.sameSteps ? 'yes' : 'NO',
    ]);
  }
  const verdict = result.userSpeedup >= TARGET_SPEEDUP ? 'meets' : 'misses';
  const rounds = (values: readonly number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  return [
    `World vs real @google/adk 2.0.0 runner (same scenarios, same strategy, both from ${result.tree === 'dist' ? 'the build in dist/' : 'the TypeScript sources through tsx'}; CPU ms; every side ${PASSES_PER_ROUND} interleaved passes per round, rotating order, its round figure their median; medians over ${result.rounds} rounds)`,
    table.toString(),
    `round figures (CPU ms): ${SIDES.map((side) => `${SIDE_LABEL[side]} ${rounds(result.perRound[side])}`).join('; ')}`,
    `total (median): ${SIDES.map((side) => `${SIDE_LABEL[side]} ${result.totals[side].toFixed(0)} ms`).join(', ')}`,
    `${ratioLine(result)}: ${verdict} the ${TARGET_SPEEDUP}× target (median of the per-round ratios)`,
    `inside the strategy (compact + afterModel, its summarizer calls included; wall ms, median of ${BREAKDOWN_ROUNDS} instrumented rounds): world ${result.worldStrategyMs.toFixed(0)} ms, adk-js as a user ${result.adkStrategyMs.toFixed(0)} ms`,
    `measuring in the world as simulate plays (its step recorder: heuristic and real counts, orphans, cache churn, user-request check, frozen-event proof, trace digest; wall ms, same rounds): ${result.worldMeasureMs.toFixed(0)} ms`,
    targetBudgetLine({
      adkMs: result.totals['adk-user'],
      worldStrategyMs: result.worldStrategyMs,
      worldMeasureMs: result.worldMeasureMs,
    }),
    `identical requests, events and state: ${result.identical}/${result.rows.length} scenarios; adk-js as a user made as many model calls as the world's LLM steps: ${result.sameSteps}/${result.rows.length}`,
  ].join('\n');
}

/**
 * What the target leaves the world: adk-js's time (as a user runs it) / 30, against what the world
 * spends on the strategy under test and on measuring alone.
 */
export function targetBudgetLine(result: {
  readonly adkMs: number;
  readonly worldStrategyMs: number;
  readonly worldMeasureMs: number;
}): string {
  const budget = result.adkMs / TARGET_SPEEDUP;
  const fixed = result.worldStrategyMs + result.worldMeasureMs;
  const verdict =
    fixed >= budget ? 'already more than the budget' : `${(budget - fixed).toFixed(0)} ms left for the step loop`;
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
    const result = await benchAdkVsWorld(
      paths.length > 0 ? paths : DEFAULT_PATHS,
      rounds,
      argv.includes('--dist') ? 'dist' : 'src',
    );
    console.log(renderAdkVsWorld(result));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

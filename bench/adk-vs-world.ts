/**
 * Speed side by side: the same scenarios played in the world and in the real @google/adk 2.0.0
 * runner (same scripted model, tools, summarizer and ContextGuard strategy), and the ratio.
 * Target: the world is at least 20x faster while sending identical requests; "identical" is
 * checked with the differential verifier (untimed, after the timing). Each side, on its own,
 * plays `WARMUP_PASSES` warm-up passes of the whole suite (JIT, adk-js's import, tokenizer tables,
 * the other side's garbage) and then N timed passes back to back, so each is measured in its own
 * steady state (no traces; the world measures every step as it always does, the adk-js run
 * measures nothing but the prompt-token count its scripted model reports). Reported: per scenario
 * and in total, the median over the passes.
 *
 *   npx tsx bench/adk-vs-world.ts [paths..] [--rounds N]   (default scenarios/stress scenarios/brutal, 5 rounds)
 *
 * `benchAdkVsWorld` / `renderAdkVsWorld` are exported for the main bench. Timing uses
 * `performance.now()`; nothing here feeds back into results.
 */
import { pathToFileURL } from 'node:url';
import { benchTable } from './bench-table.ts';
import { runInRealAdk, verifyScenario } from '../src/adk/differential/verify-scenario.ts';
import { loadScenarios } from '../src/harness/scenario/index.ts';
import type { ResolvedScenario } from '../src/harness/scenario/index.ts';
import type { CompactionStrategy } from '../src/engine/types.ts';
import { createStrategy } from '../src/harness/strategy/load-strategy.ts';
import { runSession } from '../src/world/index.ts';
import type { StepObserver } from '../src/world/agents/step-observer.ts';
import { SessionRecorder } from '../src/world/measure/step-recorder.ts';
import { intOption, median, positionalArgs } from './bench-timing.ts';

export const TARGET_SPEEDUP = 20;
export const DEFAULT_ROUNDS = 5;
/** Untimed passes per side before timing: the world reaches its steady state (JIT, young-generation size) after two or three. */
export const WARMUP_PASSES = 3;
const DEFAULT_PATHS = ['scenarios/stress', 'scenarios/brutal'];

export interface AdkVsWorldRow {
  readonly name: string;
  readonly steps: number;
  /** Median over the rounds. */
  readonly worldMs: number;
  /** Median over the rounds. */
  readonly adkMs: number;
  /** Every step's requests, events and state were identical in both runs. */
  readonly identical: boolean;
}

export interface AdkVsWorldResult {
  readonly rows: readonly AdkVsWorldRow[];
  readonly rounds: number;
  /** Median over the rounds of the whole suite's time. */
  readonly worldMs: number;
  readonly adkMs: number;
  /** Every round's suite total, in order. */
  readonly worldRounds: readonly number[];
  readonly adkRounds: readonly number[];
  /** Median over the rounds of the time spent inside the strategy (its `compact` and `afterModel`, summarizer calls included). */
  readonly worldStrategyMs: number;
  readonly adkStrategyMs: number;
  /**
   * Median over the world's rounds of the time spent in its step recorder (the `StepObserver`
   * hooks: trace digest, heuristic and real counts, orphans, cache churn, user-request check,
   * the frozen-event proof). The adk-js run measures nothing, so it has no such line.
   */
  readonly worldMeasureMs: number;
  /** adkMs / worldMs. */
  readonly speedup: number;
  readonly identical: number;
}

export async function benchAdkVsWorld(paths: readonly string[] = DEFAULT_PATHS, rounds = DEFAULT_ROUNDS): Promise<AdkVsWorldResult> {
  const scenarios = (await loadScenarios([...paths])).filter((s) => s.world.flavour === 'adk-js');
  if (scenarios.length === 0) throw new Error(`bench: no adk-js scenarios under ${paths.join(' ')}`);
  // The world first, in a process that has not yet loaded adk-js nor filled its heap with the
  // verifier's traces; then adk-js; the (untimed) identity check last.
  const world = await timedPasses(scenarios, timeWorld, rounds);
  const adk = await timedPasses(scenarios, timeAdk, rounds);
  const identical: boolean[] = [];
  for (const scenario of scenarios) identical.push((await verifyScenario(scenario)).verdict === 'pass');
  const rows = scenarios.map((scenario, i) => ({
    name: scenario.name,
    steps: world[0]!.steps[i]!,
    worldMs: median(world.map((pass) => pass.ms[i]!)),
    adkMs: median(adk.map((pass) => pass.ms[i]!)),
    identical: identical[i]!,
  }));
  const worldRounds = world.map((pass) => pass.total);
  const adkRounds = adk.map((pass) => pass.total);
  const worldMs = median(worldRounds);
  const adkMs = median(adkRounds);
  const worldStrategyMs = median(world.map((pass) => pass.strategyMs));
  const adkStrategyMs = median(adk.map((pass) => pass.strategyMs));
  const worldMeasureMs = median(world.map((pass) => pass.measureMs));
  return { rows, rounds, worldMs, adkMs, worldRounds, adkRounds, worldStrategyMs, adkStrategyMs, worldMeasureMs, speedup: adkMs / worldMs, identical: identical.filter(Boolean).length };
}

interface SuitePass {
  readonly ms: number[];
  readonly steps: number[];
  readonly total: number;
  /** Time inside the strategy over the whole pass. */
  readonly strategyMs: number;
  /** Time inside the world's step recorder over the whole pass (0 for adk-js). */
  readonly measureMs: number;
}

export interface Stopwatch {
  strategyMs: number;
  measureMs: number;
}

type TimeOne = (scenario: ResolvedScenario, strategy: CompactionStrategy, stopwatch: Stopwatch) => Promise<{ ms: number; steps: number }>;

/** `WARMUP_PASSES` untimed passes, then `rounds` timed passes back to back. */
async function timedPasses(scenarios: readonly ResolvedScenario[], time: TimeOne, rounds: number): Promise<SuitePass[]> {
  for (let pass = 0; pass < WARMUP_PASSES; pass += 1) await playSuite(scenarios, time);
  const passes: SuitePass[] = [];
  for (let round = 0; round < rounds; round += 1) passes.push(await playSuite(scenarios, time));
  return passes;
}

async function playSuite(scenarios: readonly ResolvedScenario[], time: TimeOne): Promise<SuitePass> {
  const ms: number[] = [];
  const steps: number[] = [];
  const stopwatch: Stopwatch = { strategyMs: 0, measureMs: 0 };
  for (const scenario of scenarios) {
    const strategy = timedStrategy(await createStrategy(scenario.strategy), stopwatch);
    const run = await time(scenario, strategy, stopwatch);
    ms.push(run.ms);
    steps.push(run.steps);
  }
  return { ms, steps, total: ms.reduce((sum, value) => sum + value, 0), strategyMs: stopwatch.strategyMs, measureMs: stopwatch.measureMs };
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

async function timeWorld(scenario: ResolvedScenario, strategy: CompactionStrategy, stopwatch: Stopwatch): Promise<{ ms: number; steps: number }> {
  const restore = timeRecorderHooks(stopwatch);
  try {
    const start = performance.now(); // clock-ok
    const result = await runSession(scenario.world, { strategy });
    return { ms: performance.now() - start, steps: result.totals.llmSteps }; // clock-ok
  } finally {
    restore();
  }
}

const OBSERVER_HOOKS = ['onStepStart', 'onShortCircuit', 'onModelRequest', 'onEventAppended', 'onStepEnd'] as const satisfies readonly (keyof StepObserver)[];

/**
 * Bench-only instrumentation: while installed, every `StepObserver` hook of the world's
 * `SessionRecorder` adds its time to `stopwatch.measureMs`. Two clock reads per hook call: the
 * seed suite makes about 11,000 calls per pass, about 1 ms of its 300-400. Returns the function
 * that puts the original methods back.
 */
export function timeRecorderHooks(stopwatch: Stopwatch): () => void {
  const proto = SessionRecorder.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
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

async function timeAdk(scenario: ResolvedScenario, strategy: CompactionStrategy): Promise<{ ms: number; steps: number }> {
  const start = performance.now(); // clock-ok
  await runInRealAdk(scenario.world, { compactor: { kind: 'context-guard', strategy }, measure: false });
  return { ms: performance.now() - start, steps: 0 }; // clock-ok
}

export function renderAdkVsWorld(result: AdkVsWorldResult): string {
  const table = benchTable(['scenario', 'LLM steps', 'world ms', 'adk-js ms', 'adk / world', 'identical']);
  for (const row of result.rows) {
    table.push([row.name, row.steps, row.worldMs.toFixed(1), row.adkMs.toFixed(1), `${(row.adkMs / row.worldMs).toFixed(1)}×`, row.identical ? 'yes' : 'NO']);
  }
  const verdict = result.speedup >= TARGET_SPEEDUP ? 'meets' : 'misses';
  const rounds = (values: readonly number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  return [
    `World vs real @google/adk 2.0.0 runner (same scenarios, same strategy, no traces; medians of ${result.rounds} passes per side)`,
    table.toString(),
    `passes: world ${rounds(result.worldRounds)} ms; adk-js ${rounds(result.adkRounds)} ms`,
    `total (median): world ${result.worldMs.toFixed(0)} ms, adk-js ${result.adkMs.toFixed(0)} ms: the world is ${result.speedup.toFixed(1)}× faster (${verdict} the ${TARGET_SPEEDUP}× target)`,
    `inside the strategy (compact + afterModel, its summarizer calls included; median): world ${result.worldStrategyMs.toFixed(0)} ms, adk-js ${result.adkStrategyMs.toFixed(0)} ms; ` +
      `everything else: world ${(result.worldMs - result.worldStrategyMs).toFixed(0)} ms, adk-js ${(result.adkMs - result.adkStrategyMs).toFixed(0)} ms (${((result.adkMs - result.adkStrategyMs) / (result.worldMs - result.worldStrategyMs)).toFixed(1)}×)`,
    '(the world clones request contents when the strategy first reads them, so its strategy time includes clones adk-js makes before the callbacks)',
    `measuring in the world (its step recorder: trace digest, heuristic and real counts, orphans, cache churn, user-request check, frozen-event proof; median): ${result.worldMeasureMs.toFixed(0)} ms`,
    targetBudgetLine(result),
    `identical requests, events and state: ${result.identical}/${result.rows.length} scenarios`,
  ].join('\n');
}

/**
 * What the target leaves the world: adk-js's time / 20, against what the world spends on the
 * strategy under test and on measuring alone (both needed in every run, whatever the step loop
 * costs).
 */
export function targetBudgetLine(result: AdkVsWorldResult): string {
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
    const result = await benchAdkVsWorld(paths.length > 0 ? paths : DEFAULT_PATHS, rounds);
    console.log(renderAdkVsWorld(result));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

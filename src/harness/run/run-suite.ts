/**
 * The library entry both `simulate` and `gate` call (Vitest's `startVitest` pattern): load the
 * scenario files, apply the command-line overrides, check every strategy loads, take this shard,
 * and run the scenarios in the worker pool. Bad input throws (before anything runs); scenario
 * failures are data in the returned outcomes.
 */
import { loadScenarios, type ResolvedScenario } from '../scenario/index.ts';
import { createStrategy, type StrategySpec } from '../strategy/load-strategy.ts';
import { createRealSummarizer, type RealSummarizerConfig } from './real-summarizer.ts';
import type { RunOutput } from './scenario-outcome.ts';
import type { ScenarioTask } from './scenario-task.ts';
import { reseedScenario } from './reseed-scenario.ts';
import { selectShard, sortById, type Shard } from './shard.ts';
import { runInWorkerPool } from './worker-pool.ts';

export interface SuiteOptions {
  readonly paths: readonly string[];
  readonly filter?: string | undefined;
  /** Replaces every scenario's seed. */
  readonly seed?: number | undefined;
  /** Replaces every scenario's strategy: a built-in name or a module path relative to `cwd`. */
  readonly strategy?: string | undefined;
  /** Replaces the strategy options (of the override, or of each file's own strategy). */
  readonly strategyOptions?: Readonly<Record<string, unknown>> | undefined;
  readonly shard?: Shard | null | undefined;
  readonly jobs: number;
  readonly timeoutMs: number;
  readonly cwd?: string | undefined;
  /**
   * Summarize with this real model (built in each worker) while everything else stays simulated;
   * results are then not deterministic. Undefined: the world's simulated summarizer.
   */
  readonly realSummarizer?: RealSummarizerConfig | undefined;
  /** Called once the suite is known (count of scenarios to run in this shard). */
  readonly onStart?: ((total: number) => void) | undefined;
  readonly onScenarioDone?: ((scenario: ResolvedScenario, output: RunOutput) => void) | undefined;
}

export interface ScenarioOutcome extends RunOutput {
  readonly scenario: ResolvedScenario;
}

export interface SuiteRun {
  /** Ids of every scenario the paths hold (before sharding), sorted. */
  readonly allIds: readonly string[];
  /** This shard's outcomes, sorted by scenario id. */
  readonly outcomes: readonly ScenarioOutcome[];
}

const WORKER_ENTRY = new URL('./scenario-worker.ts', import.meta.url);

export async function runSuite(options: SuiteOptions): Promise<SuiteRun> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = await loadScenarios([...options.paths], { filter: options.filter, cwd });
  const reseeded = options.seed === undefined
    ? loaded
    : await Promise.all(loaded.map((scenario) => reseedScenario(scenario, options.seed as number, cwd)));
  const all = sortById(reseeded.map((scenario) => overrideStrategy(scenario, options, cwd)));
  const selected = selectShard(all, options.shard ?? null);
  await assertStrategiesLoad(selected);
  // A missing key or bad timeout is bad input, reported before any scenario runs.
  if (options.realSummarizer !== undefined) await createRealSummarizer(options.realSummarizer);
  options.onStart?.(selected.length);
  const realSummarizer = options.realSummarizer ?? null;
  const tasks = selected.map((scenario): ScenarioTask => ({ scenario, realSummarizer }));
  const outputs = await runInWorkerPool<ScenarioTask, RunOutput>(tasks, {
    entry: WORKER_ENTRY,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    onTimeout: (_task, ms) => ({
      result: null,
      failures: [{ expectation: 'strategy-hung', message: `strategy-hung: no result within ${ms} ms` }],
    }),
    onCrash: (_task, error) => ({
      result: null,
      failures: [{ expectation: 'world-error', message: `world-error: worker died: ${error.message}` }],
    }),
    onOutput: (index, output) => options.onScenarioDone?.(selected[index] as ResolvedScenario, output),
  });
  return {
    allIds: all.map((scenario) => scenario.id),
    outcomes: selected.map((scenario, index) => ({ scenario, ...(outputs[index] as RunOutput) })),
  };
}

function overrideStrategy(scenario: ResolvedScenario, options: SuiteOptions, cwd: string): ResolvedScenario {
  const strategy: StrategySpec = {
    name: options.strategy ?? scenario.strategy.name,
    options: { ...(options.strategyOptions ?? scenario.strategy.options) },
    baseDir: options.strategy === undefined ? scenario.strategy.baseDir : cwd,
  };
  return { ...scenario, strategy };
}

/**
 * Builds each distinct strategy once in this thread, so an unloadable module or rejected options
 * are bad input (exit 2) reported before any scenario runs, not one failure per scenario.
 */
async function assertStrategiesLoad(scenarios: readonly ResolvedScenario[]): Promise<void> {
  const seen = new Set<string>();
  for (const { strategy } of scenarios) {
    const key = JSON.stringify([strategy.name, strategy.baseDir, strategy.options]);
    if (seen.has(key)) continue;
    seen.add(key);
    await createStrategy(strategy);
  }
}

/**
 * Where a fuzz run's strategies play: in this thread (no `jobs`: tests and trusted strategies), or
 * only in worker threads (what the CLI does: a watchdog, the sandbox, a heap limit, a fresh import
 * of the module per run). Each strategy is loaded once first, so one that cannot load is bad input
 * (exit 2) before anything is played. One pool serves every strategy of a run (a differential run
 * has two), each task naming its strategy.
 */
import type fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import { assertProbeLoaded, type ProbeOutput } from '../../harness/run/strategy-probe.ts';
import { SHRINK_HEAP_MARGIN } from '../../harness/run/heap-guard.ts';
import { WorkerPool, type TaskOutcome } from '../../harness/run/worker-pool.ts';
import { isModulePath, type StrategySpec } from '../../harness/strategy/load-strategy.ts';
import { loadedOptionSpace } from '../../harness/run/probe-strategy.ts';
import type { OptionSpace } from '../../engine/types.ts';
import { propertyByName } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { caseVerdictsOf, type CaseTask, type CaseTaskOutput } from './case-task.ts';
import { explore, type ExploreOptions } from './explore.ts';
import { CASE_WORKER_ENTRY, exploreInWorkers } from './explore-in-workers.ts';
import { strategyForRun } from './option-variation.ts';
import { createCasePlayer, type CasePlayer } from './play-case.ts';
import type { PropertyTally } from './property-tally.ts';

/** Per-run watchdog when exploring in workers (the same default as `simulate --timeout`). */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Heap limit of a fuzz worker (MB), below `simulate`'s 4096 because the cost budget
 * (arbitraries/_internals/cost-budget.ts) bounds every generated session: threshold's 1000 runs
 * of seed 1 all complete under a 512 MB limit (the largest live heap after a full collection is
 * about 200 MB), so 1024 leaves twice that. The limit also sets how much garbage V8 lets pile up
 * before a full collection (its heap growing factor rises with the limit): at 4096 MB the fuzz
 * process peaked at 1.35-1.85 GB of resident memory on that run (--jobs 2), at 1024 MB at 0.71-0.79 GB.
 */
export const DEFAULT_FUZZ_MAX_MEMORY_MB = 1024;

export interface PlayersOptions {
  readonly properties: readonly PropertyName[];
  /** Workers playing in parallel; absent: everything in this thread (no watchdog, no sandbox). */
  readonly jobs?: number;
  readonly timeoutMs?: number;
  readonly maxMemoryMb?: number;
  /** What the strategy wrote (isolated mode; default: this process's stderr). */
  readonly onStrategyOutput?: (text: string) => void;
}

export interface FuzzPlayers {
  /**
   * Plays single runs of `strategy` one at a time (shrink candidates, a replayed path); `varied`:
   * each with the options drawn for it (option-variation.ts).
   */
  player(strategy: StrategySpec, varied?: boolean): CasePlayer;
  /** Plays and tallies the explored runs with `strategy` (`options.varied`: each with its drawn options). */
  explore(
    strategy: StrategySpec,
    arbitrary: fc.Arbitrary<ScenarioSpec>,
    options: ExploreOptions,
  ): Promise<PropertyTally[]>;
  /** The option space `strategy` declares, as loading it found (null: none). */
  optionSpace(strategy: StrategySpec): OptionSpace | null;
}

export async function withFuzzPlayers<T>(
  options: PlayersOptions,
  strategies: readonly StrategySpec[],
  body: (players: FuzzPlayers) => Promise<T>,
): Promise<T> {
  const properties = options.properties.map(propertyByName);
  if (options.jobs === undefined) {
    // Fail fast (exit 2) on a strategy that cannot load; what it declares is read on the way.
    const spaces: (OptionSpace | null)[] = [];
    for (const strategy of strategies) spaces.push(await loadedOptionSpace(strategy));
    return body({
      player: (strategy, varied) => createCasePlayer(strategy, properties, {}, varied),
      explore: (strategy, arbitrary, explored) =>
        explore(arbitrary, createCasePlayer(strategy, properties, {}, explored.varied), explored),
      optionSpace: (strategy) => spaces[indexOf(strategies, strategy)] ?? null,
    });
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new WorkerPool<CaseTask, CaseTaskOutput | ProbeOutput>({
    entry: CASE_WORKER_ENTRY,
    jobs: options.jobs,
    timeoutMs,
    maxMemoryMb: options.maxMemoryMb ?? DEFAULT_FUZZ_MAX_MEMORY_MB,
    // A worker is recycled to free the module instances its runs' fresh imports leave behind; a
    // built-in strategy imports nothing per run, and a new thread costs its module loading and
    // JIT warm-up again (every 200 tasks, shrink candidates included: about 15 s of CPU in
    // threshold's 1000 runs at --jobs 2, 125 s with recycling against 110 s without).
    ...(strategies.some((strategy) => isModulePath(strategy.name)) ? {} : { recycleAfter: Number.POSITIVE_INFINITY }),
    onOutput: (_index, text) => (options.onStrategyOutput ?? ((chunk: string) => process.stderr.write(chunk)))(text),
  });
  try {
    const spaces: (OptionSpace | null)[] = [];
    for (const strategy of strategies) {
      const [probe] = await pool.run([{ kind: 'probe', strategy }]);
      assertProbeLoaded(probe as TaskOutcome<ProbeOutput>, strategy.name, timeoutMs);
      spaces.push((probe as Extract<TaskOutcome<ProbeOutput>, { status: 'done' }>).output.optionSpace);
    }
    return await body({
      player: (strategy, varied) => workerCasePlayer(pool, strategy, options.properties, varied === true),
      explore: (strategy, arbitrary, explored) => exploreInWorkers(arbitrary, pool, { ...explored, strategy }),
      optionSpace: (strategy) => spaces[indexOf(strategies, strategy)] ?? null,
    });
  } finally {
    pool.close();
  }
}

/** Plays single runs one at a time on the pool's first worker. */
function workerCasePlayer(
  pool: WorkerPool<CaseTask, CaseTaskOutput | ProbeOutput>,
  strategy: StrategySpec,
  all: readonly PropertyName[],
  varied: boolean,
): CasePlayer {
  return {
    async play(spec, only, options) {
      const names = only === undefined ? all : all.filter((name) => only.includes(name));
      const heapLimitScale = options?.shrinking === true ? SHRINK_HEAP_MARGIN : 1;
      const [outcome] = await pool.run([
        { kind: 'case', spec, strategy: strategyForRun(strategy, spec, varied), properties: names, heapLimitScale },
      ]);
      return caseVerdictsOf(names, outcome!);
    },
  };
}

/** Where `strategy` is among the loaded ones, by what it names (callers may rebuild the spec object). */
function indexOf(strategies: readonly StrategySpec[], strategy: StrategySpec): number {
  const key = (spec: StrategySpec) => JSON.stringify([spec.name, spec.baseDir, spec.options]);
  return strategies.findIndex((candidate) => key(candidate) === key(strategy));
}

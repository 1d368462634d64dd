/**
 * The library entry both `simulate` and `gate` call (Vitest's `startVitest` pattern): load the
 * scenario files, apply the command-line overrides, check every strategy loads, take this shard,
 * and run the scenarios in the worker pool. Bad input throws (before anything runs); scenario
 * failures are data in the returned outcomes.
 */
import { loadScenarios, matchesFilter, type ResolvedScenario } from '../scenario/index.ts';
import type { FileAcceptance } from '../scenario/load-acceptances.ts';
import { builtinStrategyNames, type StrategySpec } from '../strategy/load-strategy.ts';
import { StrategyLoadError } from '../strategy/strategy-load-error.ts';
import { isModulePath, moduleFile } from '../strategy/module-path.ts';
import { incidentFailures, isolationFailures, mergeFailures } from './isolation-failures.ts';
import { createRealSummarizer, type RealSummarizerConfig } from './real-summarizer.ts';
import type { RunOutput } from './scenario-outcome.ts';
import type { ScenarioTask } from './scenario-task.ts';
import { assertProbeLoaded, type ProbeOutput } from './strategy-probe.ts';
import { reseedScenario } from './reseed-scenario.ts';
import { selectShard, sortById, type Shard } from './shard.ts';
import { siblingModule } from './worker-entry.ts';
import { WorkerPool, type TaskOutcome } from './worker-pool.ts';

export interface SuiteOptions {
  readonly paths: readonly string[];
  readonly filter?: string | undefined;
  /** Replaces every scenario's seed. */
  readonly seed?: number | undefined;
  /** Replaces every scenario's strategy: a built-in name or a module path relative to `cwd`. */
  readonly strategy?: string | undefined;
  /** Replaces the strategy options (of the override, or of each file's own strategy). */
  readonly strategyOptions?: Readonly<Record<string, unknown>> | undefined;
  /**
   * The override's options where a file does not configure that strategy itself (`compare`): a
   * museum file's configuration of its peer still applies. Ignored when `strategyOptions` is set.
   */
  readonly strategyDefaultOptions?: Readonly<Record<string, unknown>> | undefined;
  /**
   * The override (`strategy`, a module) is a fork or variant of this built-in: judge it as that
   * built-in. A file written for the built-in gives it its options, and its expectations (`expect`
   * with `appliesTo`) and acceptances apply to it, so the regression pins of the built-in tell
   * whether the variant changed what they pin. Otherwise a module that reports a built-in's name
   * gets neither (a user's strategy must not pass on a built-in's known limitations by its name).
   */
  readonly judgedAs?: string | undefined;
  /** Known limitations from a per-strategy file (`--accept`), added to each matching scenario's own. */
  readonly accept?: readonly FileAcceptance[] | undefined;
  readonly shard?: Shard | null | undefined;
  readonly jobs: number;
  readonly timeoutMs: number;
  /** Heap limit of each scenario worker, MB (a strategy past it fails as strategy-out-of-memory). */
  readonly maxMemoryMb?: number | undefined;
  readonly cwd?: string | undefined;
  /**
   * Summarize with this real model (built in each worker) while everything else stays simulated;
   * results are then not deterministic. Undefined: the world's simulated summarizer.
   */
  readonly realSummarizer?: RealSummarizerConfig | undefined;
  /**
   * Compute each session's trace digest (default true: simulate and gate write it into
   * report.json). A caller that reads no digest (compare) passes false: hashing every event,
   * request and state costs a fifth or more of a session's time.
   */
  readonly traceDigest?: boolean | undefined;
  /** Called once the suite is known (count of scenarios to run in this shard). */
  readonly onStart?: ((total: number) => void) | undefined;
  readonly onScenarioDone?: ((scenario: ResolvedScenario, output: RunOutput) => void) | undefined;
  /** What a strategy wrote to stdout or stderr while playing a scenario (default: this process's stderr). */
  readonly onStrategyOutput?: ((scenario: ResolvedScenario | null, text: string) => void) | undefined;
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

const WORKER_ENTRY = siblingModule('./scenario-worker', import.meta.url);

export async function runSuite(options: SuiteOptions): Promise<SuiteRun> {
  const cwd = options.cwd ?? process.cwd();
  assertJudgedAs(options);
  const loaded = await loadScenarios([...options.paths], { filter: options.filter, cwd });
  const reseeded =
    options.seed === undefined
      ? loaded
      : await Promise.all(loaded.map((scenario) => reseedScenario(scenario, options.seed as number, cwd)));
  const all = sortById(
    reseeded.map((scenario) => withAcceptances(overrideStrategy(scenario, options, cwd), options.accept ?? [])),
  );
  const selected = selectShard(all, options.shard ?? null);
  // A missing key or bad timeout is bad input, reported before any scenario runs.
  if (options.realSummarizer !== undefined) await createRealSummarizer(options.realSummarizer);
  let tasks: readonly ScenarioTask[] = [];
  const pool = new WorkerPool<ScenarioTask, RunOutput | ProbeOutput>({
    entry: WORKER_ENTRY,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    maxMemoryMb: options.maxMemoryMb,
    onOutput: (index, text) => {
      const task = tasks[index];
      const scenario = task?.kind === 'scenario' ? task.scenario : null;
      if (options.onStrategyOutput) options.onStrategyOutput(scenario, text);
      else process.stderr.write(prefixLines(scenario?.name ?? 'strategy', text));
    },
  });
  try {
    tasks = probesFor(selected);
    const probes = tasks as readonly Extract<ScenarioTask, { kind: 'probe' }>[];
    (await pool.run(tasks)).forEach((outcome, index) =>
      assertProbeLoaded(outcome as TaskOutcome<ProbeOutput>, probes[index]!.strategy.name, options.timeoutMs),
    );
    options.onStart?.(selected.length);
    const realSummarizer = options.realSummarizer ?? null;
    const traceDigest = options.traceDigest ?? true;
    tasks = selected.map((scenario): ScenarioTask => ({ kind: 'scenario', scenario, realSummarizer, traceDigest }));
    const outcomes = await pool.run(tasks, {
      onOutcome: (index, outcome) =>
        options.onScenarioDone?.(selected[index] as ResolvedScenario, runOutputOf(outcome as TaskOutcome<RunOutput>)),
    });
    return {
      allIds: all.map((scenario) => scenario.id),
      outcomes: selected.map((scenario, index) => ({
        scenario,
        ...runOutputOf(outcomes[index] as TaskOutcome<RunOutput>),
      })),
    };
  } finally {
    pool.close();
  }
}

/** A task's outcome as the scenario's output: incidents, hangs and crashes become its failures. */
export function runOutputOf(outcome: TaskOutcome<RunOutput>): RunOutput {
  if (outcome.status !== 'done')
    return { result: null, failures: isolationFailures(outcome), accepted: [], infeasible: [], reproduced: [] };
  const output = outcome.output;
  if (outcome.incidents.length === 0) return output;
  return { ...output, failures: mergeFailures(incidentFailures(outcome.incidents), output.failures) };
}

/**
 * The strategy the scenario runs with: the file's, or `--strategy`'s. A file's options configure
 * the strategy the file names, so they carry over only when the override names that same strategy
 * (a museum file's `crush` options mean nothing to `threshold`; other files get
 * `strategyDefaultOptions`); `--strategy-options` replaces them all.
 */
function overrideStrategy(scenario: ResolvedScenario, options: SuiteOptions, cwd: string): ResolvedScenario {
  const own = scenario.strategy;
  const name = options.strategy ?? own.name;
  const baseDir = options.strategy === undefined ? own.baseDir : cwd;
  const judgedAs = options.strategy === undefined ? undefined : options.judgedAs;
  const forkOf = judgedAs !== undefined && !isModulePath(own.name) && own.name === judgedAs;
  const fileOptions = sameStrategy(own, name, baseDir) || forkOf ? own.options : (options.strategyDefaultOptions ?? {});
  const strategy: StrategySpec = {
    name,
    options: { ...(options.strategyOptions ?? fileOptions) },
    baseDir,
    ...(judgedAs === undefined ? {} : { judgedAs }),
  };
  return { ...scenario, strategy };
}

/** `judgedAs` names a built-in, for a module override. */
function assertJudgedAs(options: SuiteOptions): void {
  if (options.judgedAs === undefined) return;
  const builtins = builtinStrategyNames();
  if (!builtins.has(options.judgedAs)) {
    throw new StrategyLoadError(
      `judged as '${options.judgedAs}': not a built-in strategy (built-ins: ${[...builtins].join(', ')})`,
    );
  }
  if (options.strategy === undefined || !isModulePath(options.strategy)) {
    throw new StrategyLoadError(
      `judged as '${options.judgedAs}': only a module strategy given for every scenario can be (--strategy ./my-fork.ts)`,
    );
  }
}

function sameStrategy(own: StrategySpec, name: string, baseDir: string): boolean {
  if (isModulePath(own.name) !== isModulePath(name)) return false;
  return isModulePath(name) ? moduleFile(own.name, own.baseDir) === moduleFile(name, baseDir) : own.name === name;
}

function withAcceptances(scenario: ResolvedScenario, accept: readonly FileAcceptance[]): ResolvedScenario {
  const extra = accept.filter(
    (entry) => entry.scenarios.length === 0 || entry.scenarios.some((pattern) => matchesFilter(scenario, pattern)),
  );
  if (extra.length === 0) return scenario;
  return {
    ...scenario,
    accept: [
      ...scenario.accept,
      ...extra.map(({ scenarios: _scenarios, ...acceptance }) => ({ ...acceptance, fromFile: true })),
    ],
  };
}

/** One probe per distinct strategy (name, folder, options): each is loaded once before anything runs (strategy-probe.ts). */
function probesFor(scenarios: readonly ResolvedScenario[]): ScenarioTask[] {
  const seen = new Set<string>();
  const probes: ScenarioTask[] = [];
  for (const { strategy } of scenarios) {
    const key = JSON.stringify([strategy.name, strategy.baseDir, strategy.options]);
    if (seen.has(key)) continue;
    seen.add(key);
    probes.push({ kind: 'probe', strategy });
  }
  return probes;
}

function prefixLines(label: string, text: string): string {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return `${lines.map((line) => `[${label}] ${line}`).join('\n')}\n`;
}

/**
 * `compare` as a library function (the CLI command is a thin shell over it): the same scenario
 * suites through each contender (`runSuite`, with the contender as the `--strategy` override), and
 * the same fuzzed corpus (`fast-check` runs from one seed, explored in the fuzzer's worker pool),
 * then the comparison report. Strategies only ever run in worker threads, under the same
 * watchdog, sandbox and heap limit as `simulate` and `fuzz`. Every contender is loaded (with its
 * options) before anything runs, so bad input costs no run. Never prints: progress goes to
 * callbacks.
 */
import { PROPERTY_NAMES } from '../checker/properties/index.ts';
import { scenarioSpecArbitrary } from '../fuzz/arbitraries/scenario-spec.ts';
import type { CaseTask, CaseTaskOutput } from '../fuzz/run/case-task.ts';
import { CASE_WORKER_ENTRY, exploreInWorkers } from '../fuzz/run/explore-in-workers.ts';
import type { PropertyTally } from '../fuzz/run/property-tally.ts';
import { runSuite } from '../harness/run/run-suite.ts';
import { sortById } from '../harness/run/shard.ts';
import { assertProbeLoaded, type ProbeOutput } from '../harness/run/strategy-probe.ts';
import { WorkerPool, type TaskOutcome } from '../harness/run/worker-pool.ts';
import { loadScenarios, type ResolvedScenario } from '../harness/scenario/index.ts';
import type { StrategySpec } from '../harness/strategy/load-strategy.ts';
import { StrategyLoadError } from '../harness/strategy/strategy-load-error.ts';
import {
  buildComparisonReport,
  type ComparisonReport,
  type ContenderRun,
  type FuzzPropertyTally,
} from './comparison-report.ts';
import { contenderResult, type ContenderResult } from './contender-result.ts';
import { contenderLabel, type Contender } from './contender.ts';
import { DEFAULT_COMPARE_MAX_MEMORY_MB } from './compare-memory.ts';

export interface ComparisonOptions {
  /** Scenario files or folders, played by every contender. */
  readonly paths: readonly string[];
  /** In entry order (reports keep it wherever they do not rank). */
  readonly contenders: readonly Contender[];
  /** Generated scenarios each contender plays (0: no fuzzing). */
  readonly fuzzRuns: number;
  /** fast-check seed of the fuzzed corpus. */
  readonly seed: number;
  readonly jobs: number;
  readonly timeoutMs: number;
  readonly maxMemoryMb?: number | undefined;
  readonly cwd?: string | undefined;
  /** Called once everything to play is known: scenarios × contenders + fuzz runs × contenders. */
  readonly onStart?: (total: number) => void;
  /** Called after each scenario or fuzz run, with the contender's label and what was played. */
  readonly onDone?: (contender: string, what: string) => void;
  /** What a strategy wrote to stdout or stderr (default: this process's stderr). */
  readonly onStrategyOutput?: (text: string) => void;
}

export async function runComparison(options: ComparisonOptions): Promise<ComparisonReport> {
  const cwd = options.cwd ?? process.cwd();
  assertDistinct(options.contenders);
  // Bad paths and bad files are bad input before anything runs; the suite order is by id.
  const scenarios = sortById(await loadScenarios([...options.paths], { cwd }));
  await probeAll(options, cwd);
  options.onStart?.((scenarios.length + options.fuzzRuns) * options.contenders.length);
  const results: ContenderResult[][] = [];
  for (const contender of options.contenders) {
    const label = contenderLabel(contender);
    const run = await runSuite({
      paths: options.paths,
      strategy: contender.name,
      strategyDefaultOptions: contender.options,
      jobs: options.jobs,
      timeoutMs: options.timeoutMs,
      maxMemoryMb: options.maxMemoryMb ?? DEFAULT_COMPARE_MAX_MEMORY_MB,
      // A comparison reads no trace digest (its reports carry none): not computed.
      traceDigest: false,
      cwd,
      onScenarioDone: (scenario) => options.onDone?.(label, scenario.name),
      ...(options.onStrategyOutput
        ? { onStrategyOutput: (_scenario: ResolvedScenario | null, text: string) => options.onStrategyOutput!(text) }
        : {}),
    });
    const byId = new Map(run.outcomes.map((outcome) => [outcome.scenario.id, outcome]));
    results.push(scenarios.map((scenario) => contenderResult(label, byId.get(scenario.id)!)));
  }
  const fuzz = options.fuzzRuns > 0 ? await fuzzAll(options, cwd) : null;
  const runs: ContenderRun[] = options.contenders.map((contender, index) => ({
    contender,
    results: results[index]!,
    fuzz: fuzz?.[index] ?? null,
  }));
  return buildComparisonReport({
    paths: options.paths,
    scenarios,
    runs,
    fuzz: options.fuzzRuns > 0 ? { runs: options.fuzzRuns, seed: options.seed } : null,
    cwd,
  });
}

function specOf(contender: Contender, cwd: string): StrategySpec {
  return { name: contender.name, options: { ...(contender.options ?? {}) }, baseDir: cwd };
}

function assertDistinct(contenders: readonly Contender[]): void {
  if (contenders.length === 0) throw new StrategyLoadError('compare needs at least one strategy');
  const seen = new Set<string>();
  for (const contender of contenders) {
    if (seen.has(contender.name)) throw new StrategyLoadError(`strategy ${contender.name} is entered twice`);
    seen.add(contender.name);
  }
}

/** Each contender loaded once, with its options, in a worker: an unusable one is bad input (exit 2). */
async function probeAll(options: ComparisonOptions, cwd: string): Promise<void> {
  const pool = casePool(options);
  try {
    const probes = options.contenders.map(
      (contender): CaseTask => ({ kind: 'probe', strategy: specOf(contender, cwd) }),
    );
    const outcomes = await pool.run(probes);
    outcomes.forEach((outcome, index) =>
      assertProbeLoaded(outcome as TaskOutcome<ProbeOutput>, options.contenders[index]!.name, options.timeoutMs),
    );
  } finally {
    pool.close();
  }
}

/** The same corpus (seed, runs) through every contender, every fuzz property checked on each run. */
async function fuzzAll(options: ComparisonOptions, cwd: string): Promise<FuzzPropertyTally[][]> {
  const pool = casePool(options);
  const arbitrary = scenarioSpecArbitrary();
  try {
    const tallies: FuzzPropertyTally[][] = [];
    for (const contender of options.contenders) {
      const label = contenderLabel(contender);
      const explored = await exploreInWorkers(arbitrary, pool, {
        seed: options.seed,
        runs: options.fuzzRuns,
        properties: PROPERTY_NAMES,
        // Every property judged on every run (deterministic-replay too: no sample), so each
        // contender's tallies add up to the runs.
        replaySample: 1,
        strategy: specOf(contender, cwd),
        onRun: (done) => options.onDone?.(label, `fuzz run ${done}`),
      });
      tallies.push(explored.map(fuzzTally));
    }
    return tallies;
  } finally {
    pool.close();
  }
}

function casePool(options: ComparisonOptions): WorkerPool<CaseTask, CaseTaskOutput | ProbeOutput> {
  return new WorkerPool<CaseTask, CaseTaskOutput | ProbeOutput>({
    entry: CASE_WORKER_ENTRY,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    maxMemoryMb: options.maxMemoryMb ?? DEFAULT_COMPARE_MAX_MEMORY_MB,
    onOutput: (_index, text) => (options.onStrategyOutput ?? ((chunk: string) => process.stderr.write(chunk)))(text),
  });
}

function fuzzTally(tally: PropertyTally): FuzzPropertyTally {
  return {
    property: tally.property,
    passed: tally.passed,
    infeasible: tally.infeasible,
    failed: tally.failed,
    notChecked: tally.notChecked,
    firstFailedRun: tally.failures[0]?.run ?? null,
  };
}

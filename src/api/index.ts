/**
 * `compaction-sim/api`: the command line's commands as typed functions, and the scenario files
 * they read. Explicit named exports only.
 *
 * - `simulate()` plays scenario files through a strategy and returns the report;
 * - `gate()` compares a run with the committed baseline;
 * - `fuzz()` hunts for counterexamples and shrinks them into scenarios; `fuzzAgainst()` compares
 *   a strategy with a reference on the same runs (differential fuzzing);
 * - `compare()` plays the same suites and fuzzed corpus through several strategies and ranks them;
 * - `loadScenarios()` / `loadScenario()` / `parseScenario()` read and validate scenario files
 *   (a `ScenarioError` names the file, line, field path and what was expected).
 *
 * Strategies are written against `compaction-sim` (the engine); property tests of a strategy in
 * your own suite use `compaction-sim/fuzz`.
 */
export { simulate } from './simulate.ts';
export type { SimulateOptions, SimulateResult } from './simulate.ts';
export { gate } from './gate.ts';
export type { GateOptions, GateResult } from './gate.ts';
export { fuzz, fuzzAgainst } from './fuzz.ts';
export type {
  CounterexampleFile, DifferenceCounterexample, DifferentialPropertyReport, DifferentialReport, FuzzAgainstOptions, FuzzOptions, FuzzReport, PropertyReport, ShrunkFailure,
} from './fuzz.ts';
export { mergeFuzzShards, recordFuzzBaseline } from './fuzz-ci.ts';
export type { MergedFuzzShards, MergeFuzzShardsOptions, RecordedFuzzBaseline } from './fuzz-ci.ts';
export { compare } from './compare.ts';
export type { CompareOptions } from './compare.ts';
export type { ComparisonReport } from '../compare/comparison-report.ts';
export type { Contender } from '../compare/contender.ts';
export { importLogs } from './import-logs.ts';
export type { ImportLogsOptions, ImportLogsResult } from './import-logs.ts';
export { replayFidelity, renderFidelity } from './replay-fidelity.ts';
export type { FileFidelity, ReplayFidelityOptions } from './replay-fidelity.ts';
export { DEFAULT_BASELINE, DEFAULT_GATE_PATHS, DEFAULT_TIMEOUT_MS } from './defaults.ts';
export { loadScenario, loadScenarios, parseScenario, scenarioJsonSchema, serializeScenario } from './scenario-files.ts';
export type { LoadScenarioOptions, LoadScenariosOptions, SerializeScenarioOptions } from './scenario-files.ts';

// What the results hold.
export type { ScenarioRecord, ScenarioSettings, SuiteReport } from '../harness/report/suite-report.ts';
export type { ExpectationFailure } from '../harness/scenario/expectations.ts';
export type { GateChange, GateChangeKind } from '../harness/gate/compare-baseline.ts';
export type { BaselineMetric } from '../harness/gate/baseline.ts';
export type { Tolerance } from '../harness/gate/tolerances.ts';
export type { Shard } from '../harness/run/shard.ts';
export type { RealSummarizerConfig } from '../harness/run/real-summarizer.ts';
export type { PropertyName, PropertyViolation } from '../checker/properties/property.ts';
export type { ResolvedScenario } from '../harness/scenario/resolved-scenario.ts';
export type { ScenarioSpec } from '../harness/scenario/scenario-schema.ts';
export type { ScenarioIssue } from '../harness/scenario/scenario-error.ts';

// Bad input: each names what was wrong (the command line prints the message and exits 2).
export { ScenarioError } from '../harness/scenario/scenario-error.ts';
export { OutputDirError } from '../harness/report/output-dir.ts';
export { StrategyLoadError } from '../harness/strategy/strategy-load-error.ts';
export { BaselineError } from '../harness/gate/baseline-error.ts';
export { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';

/**
 * `compaction-sim/api`: the command line's commands as typed functions, and the scenario files
 * they read. Explicit named exports only.
 *
 * - `simulate()` plays scenario files through a strategy and returns the report;
 * - `gate()` compares a run with the committed baseline;
 * - `fuzz()` hunts for counterexamples and shrinks them into scenarios; `fuzzAgainst()` compares
 *   a strategy with a reference on the same runs (differential fuzzing); `fuzzJob()` is the whole
 *   `fuzz` command in one call (shard, merge, baseline and its recording, memory cap, `against`,
 *   the JSON report file);
 * - `compare()` plays the same suites and fuzzed corpus through several strategies and ranks them;
 * - `verifyAdk()` plays scenarios in the world and in the real @google/adk runtime and compares them;
 * - `listStrategies()` names the built-in strategies (or their audit records);
 * - `renderSuite()`, `renderFuzz()`, `renderVerifyAdk()` print a result as the command line does;
 * - `loadScenarios()` / `loadScenario()` / `parseScenario()` read and validate scenario files
 *   (a `ScenarioError` names the file, line, field path and what was expected).
 *
 * This is the command line's only door: it parses its arguments, calls these, prints and picks
 * the exit code. Every option is checked here, once: a bad one is an `OptionError` naming it;
 * `invalidInputOf()` tells bad input (the caller's to fix) from a bug. Results say how the run went
 * in a `kind` (`passed`, `failed`, `baseline-written`, `baseline-refused`).
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
  CounterexampleFile,
  DifferenceCounterexample,
  DifferentialPropertyReport,
  DifferentialReport,
  FuzzAgainstOptions,
  FuzzOptions,
  FuzzReport,
  PropertyReport,
  ShrunkFailure,
} from './fuzz.ts';
export { fuzzJob } from './fuzz-job.ts';
export type { FuzzJobOptions, FuzzJobResult, FuzzPlayed } from './fuzz-job.ts';
export { renderFuzz } from './render-fuzz.ts';
export type { RenderFuzzOptions } from './render-fuzz.ts';
export { mergeFuzzShards, recordFuzzBaseline } from './fuzz-ci.ts';
export type { MergedFuzzShards, MergeFuzzShardsOptions, RecordedFuzzBaseline } from './fuzz-ci.ts';
export { compare } from './compare.ts';
export type { CompareOptions } from './compare.ts';
export type { ComparisonReport } from '../compare/comparison-report.ts';
export type { Contender } from '../compare/contender.ts';
export { verifyAdk, DEFAULT_VERIFY_PATHS } from './verify-adk.ts';
export type { VerifyAdkOptions, VerifyAdkResult } from './verify-adk.ts';
export { renderVerifyAdk } from './render-verify-adk.ts';
export type { VerifyAdkPart } from './render-verify-adk.ts';
export { listStrategies } from './strategies.ts';
export type { StrategyAudit, StrategyListing } from './strategies.ts';
export { renderSuite, reportsWrittenLine } from './render-suite.ts';
export { importLogs } from './import-logs.ts';
export type { ImportLogsOptions, ImportLogsResult, PrefixNote } from './import-logs.ts';
export { replayFidelity, renderFidelity } from './replay-fidelity.ts';
export type { FileFidelity, ReplayFidelityOptions } from './replay-fidelity.ts';
export type { Calibration, HeldOutCheck } from '../import/calibrate-usage.ts';
export type { TokenFit } from '../import/fit-token-model.ts';
export { DEFAULT_BASELINE, DEFAULT_COMPARE_PATHS, DEFAULT_GATE_PATHS, DEFAULT_TIMEOUT_MS } from './defaults.ts';
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
export { OptionError } from './option-error.ts';
export type { OptionNames } from './option-error.ts';
export { invalidInputOf } from './invalid-input.ts';
export type { InvalidInput } from './invalid-input.ts';
export { ScenarioError } from '../harness/scenario/scenario-error.ts';
export { OutputDirError } from '../harness/report/output-dir.ts';
export { StrategyLoadError } from '../harness/strategy/strategy-load-error.ts';
export { BaselineError } from '../harness/gate/baseline-error.ts';
export { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';

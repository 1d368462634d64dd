/**
 * `compaction-sim/adk`: the engine as a real `@google/adk` (adk-js 2.0.0) plugin.
 * This is the only entry that imports `@google/adk` (an optional peer dependency); the core entry
 * (`compaction-sim`) never does.
 */
export { ContextGuardPlugin } from './context-guard-plugin.ts';
export type {
  ContextGuardAgentOptions,
  ContextGuardPluginOptions,
  ContextWindowLookup,
} from './context-guard-plugin.ts';
export { baseLlmSummarizer } from './base-llm-summarizer.ts';
export { compactionContextFor } from './callback-compaction-context.ts';
export {
  DEFAULT_SUMMARIZER_TIMEOUT_MS,
  GEMINI_API_KEY_ENV,
  GeminiSummarizerConfigError,
  geminiSummarizer,
} from '../summarizers/gemini-summarizer.ts';
export type { GeminiSummarizerOptions } from '../summarizers/gemini-summarizer.ts';

// Differential verification against the real runtime (what `compaction-sim verify-adk` runs).
export { verifyScenario, runInRealAdk } from './differential/verify-scenario.ts';
export type { RunMeasurements, ScenarioVerification, Verdict, VerifyOptions } from './differential/verify-scenario.ts';
export { verifySuite } from './differential/verify-suite.ts';
export type { VerifySuiteOptions, VerifySuiteReport } from './differential/verify-suite.ts';
export { compareRuns } from './differential/compare-runs.ts';
export type { Comparison, StepDifference } from './differential/compare-runs.ts';
export type { AdkCompactor } from './differential/adk-compactor.ts';

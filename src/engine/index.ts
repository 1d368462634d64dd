/**
 * The engine's public API: a faithful TypeScript port of ContextGuard (adk-utils-go
 * `plugin/contextguard`). Explicit named exports only.
 */
export type {
  CompactionContext,
  CompactionOutcome,
  CompactionState,
  CompactionStrategy,
  Content,
  DeclaredEstimate,
  DeclaredSummarizerInput,
  DeclaredTrigger,
  EstimateTolerances,
  IntegerOptionRange,
  OptionSpace,
  OwnCountKind,
  OwnTrigger,
  StrategyDeclarations,
  GenerateContentConfig,
  LlmRequest,
  LlmResponse,
  Part,
  StrategyFactory,
  SummarizerModel,
} from './types.ts';
export type {
  AfterInvocationOutcome,
  AfterModelOutcome,
  CompactionRecord,
  CompactSessionOutcome,
  ModelErrorOutcome,
  ModelUsage,
  RequestOverhead,
  SessionCompactionOutcome,
  SessionEvent,
} from './hook-types.ts';

// the optional hooks' helpers (docs/peer-strategies.md §B)
export {
  CONTEXT_WINDOW_EXCEEDED,
  ContextWindowExceededError,
  isContextWindowExceeded,
} from './errors/context-window-exceeded.ts';
export { MISSING_USAGE, modelUsage, modelUsageOf } from './usage/model-usage.ts';
export type { ProjectedEntry } from './records/project-records.ts';
export { compactionRecordOf, hasCompactionRecords, projectCompactionRecords } from './records/project-records.ts';

// constants
export {
  DEFAULT_HEURISTIC_CORRECTION_FACTOR,
  DEFAULT_MAX_COMPACTION_ATTEMPTS,
  DEFAULT_MAX_TURNS,
  FALLBACK_MESSAGE_BYTES,
  LARGE_CONTEXT_WINDOW_BUFFER,
  LARGE_CONTEXT_WINDOW_THRESHOLD,
  MAX_CORRECTION_FACTOR,
  MIN_CORRECTION_FACTOR,
  MIN_RECENT_KEEP,
  PLUGIN_NAME,
  RECENT_KEEP_PERCENT,
  SMALL_CONTEXT_WINDOW_RATIO,
  STRATEGY_SLIDING_WINDOW,
  STRATEGY_THRESHOLD,
  SUMMARIZER_INPUT_WINDOW_RATIO,
  SUMMARY_OUTPUT_BUFFER_RATIO,
  TODOS_STATE_KEY,
  WORDS_PER_TOKEN,
} from './constants.ts';

// tokens
export { utf8ByteLength } from './tokens/utf8-byte-length.ts';
export { goFormatLength, goFormatNumber } from './tokens/go-format.ts';
export { goJsonMarshalLength, GoJsonMarshalError } from './tokens/go-json-marshal.ts';
export {
  estimatePartTokens,
  estimateContentTokens,
  estimateToolTokens,
  estimateTokens,
  systemInstructionParts,
} from './tokens/estimate-tokens.ts';
export { computeBuffer, computeThreshold } from './tokens/compute-buffer.ts';
export { calibratedTokenCount, tokenCount } from './tokens/token-count.ts';

// state
export type { StateKeys } from './state/state-keys.ts';
export { stateKeys } from './state/state-keys.ts';
export {
  loadSummary,
  persistSummary,
  loadContentsAtCompaction,
  persistContentsAtCompaction,
  loadRealTokens,
  persistRealTokens,
  loadLastHeuristic,
  persistLastHeuristic,
  resetCalibration,
} from './state/state-helpers.ts';
export type { TodoItem } from './state/load-todos.ts';
export { loadTodos } from './state/load-todos.ts';

// summary handling
export { SUMMARIZE_SYSTEM_PROMPT } from './summary/summarize-system-prompt.ts';
export { buildSummarizePrompt } from './summary/build-summarize-prompt.ts';
export { buildFallbackSummary } from './summary/build-fallback-summary.ts';
export { truncateForSummarizer } from './summary/truncate-for-summarizer.ts';
export {
  buildSummarizeRequest,
  summarize,
  SummarizationError,
  summaryMaxOutputTokens,
  summaryMaxWords,
} from './summary/summarize.ts';
export {
  continuationText,
  injectContinuation,
  injectSummary,
  isSummaryContent,
  replaceSummary,
  SUMMARY_PREFIX,
  SUMMARY_SUFFIX,
  summaryText,
} from './summary/summary-content.ts';

// split
export {
  contentHasFunctionCall,
  contentHasFunctionResponse,
  safeSplitIndex,
  splitsToolPair,
  walkBackToPairBoundary,
  walkForwardToPairBoundary,
} from './split/split-index.ts';

// strategies
export type { ThresholdStrategyOptions } from './strategies/threshold.ts';
export { thresholdStrategy } from './strategies/threshold.ts';
export type { HardenedStrategyOptions } from './strategies/hardened/hardened.ts';
export { hardenedStrategy, STRATEGY_HARDENED } from './strategies/hardened/hardened.ts';
export type { SlidingWindowStrategyOptions } from './strategies/sliding-window.ts';
export { slidingWindowStrategy } from './strategies/sliding-window.ts';
export { SplitIndexOutOfRangeError } from './strategies/split-contents.ts';
export { BUILTIN_STRATEGIES } from './strategies/builtin-strategies.ts';
export { StrategyOptionsError } from './strategies/strategy-options.ts';

// plugin core
export type { ContextGuardOptions } from './context-guard.ts';
export { ContextGuard } from './context-guard.ts';

// model registry
export type { ModelRegistry, ModelRegistryOptions } from './models/model-registry.ts';
export {
  createModelRegistry,
  DEFAULT_CONTEXT_WINDOW,
  ModelRegistryOptionsError,
} from './models/model-registry.ts';
export { KNOWN_MODEL_WINDOWS } from './models/known-model-windows.ts';

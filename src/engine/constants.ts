/**
 * ContextGuard's tuning constants, exactly as adk-utils-go `contextguard.go` and
 * `compaction_utils.go` define them (docs/contextguard.md §2).
 */

/** Strategy names (Go `StrategyThreshold`, `StrategySlidingWindow`). */
export const STRATEGY_THRESHOLD = 'threshold';
export const STRATEGY_SLIDING_WINDOW = 'sliding_window';

/** Plugin name given to `plugin.New`. */
export const PLUGIN_NAME = 'context_guard';

/** Windows at or above this size get the fixed buffer (`>=`, not `>` as upstream's README says). */
export const LARGE_CONTEXT_WINDOW_THRESHOLD = 200_000;
/** Fixed buffer for windows ≥ 200k. */
export const LARGE_CONTEXT_WINDOW_BUFFER = 20_000;
/** Buffer ratio for windows < 200k: `int(float64(window) * 0.20)`. */
export const SMALL_CONTEXT_WINDOW_RATIO = 0.2;

/** Summarisation passes per compaction (both strategies); `<= 0` means this. */
export const DEFAULT_MAX_COMPACTION_ATTEMPTS = 3;
/** Heuristic multiplier when no real token count is available. */
export const DEFAULT_HEURISTIC_CORRECTION_FACTOR = 2.5;
/** Upper clamp of the calibration factor (the floor, 1.0, is hard-coded upstream). */
export const MAX_CORRECTION_FACTOR = 5;
/** Lower clamp of the calibration factor. */
export const MIN_CORRECTION_FACTOR = 1;
/** Sliding window turn limit when `maxTurns <= 0`. */
export const DEFAULT_MAX_TURNS = 20;
/** Smallest recent tail the sliding window keeps. */
export const MIN_RECENT_KEEP = 3;
/** Recent tail share of maxTurns, in percent (Go computes `maxTurns*30/100` in integers). */
export const RECENT_KEEP_PERCENT = 30;

/** Share of the buffer the summarizer may emit (`int32(float64(buffer) * 0.50)`). */
export const SUMMARY_OUTPUT_BUFFER_RATIO = 0.5;
/** Words per token for the summary word limit (`int(float64(maxOutputTokens) * 0.75)`). */
export const WORDS_PER_TOKEN = 0.75;
/** Share of the window the transcript sent to the summarizer may use (`truncateForSummarizer`). */
export const SUMMARIZER_INPUT_WINDOW_RATIO = 0.8;
/** Bytes of each message kept by the mechanical fallback summary (then "..." is appended). */
export const FALLBACK_MESSAGE_BYTES = 200;
/** State key of the todo list (not agent-suffixed). */
export const TODOS_STATE_KEY = 'todos';

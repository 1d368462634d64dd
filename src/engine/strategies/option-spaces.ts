/**
 * The option spaces the built-in strategies declare for the fuzzer (`declarations.optionSpace`),
 * apart from the strategies: they say what the fuzzer may draw, not how a strategy behaves, so the
 * mutation bench (which mutates the strategies' files) never mutates them.
 */
import { DEFAULT_MAX_COMPACTION_ATTEMPTS, DEFAULT_MAX_TURNS } from '../constants.ts';
import type { OptionSpace } from '../types.ts';

/**
 * threshold: attempts 1 to 4 around
 * upstream's 3. `maxTokens` is left out: its meaningful values (0, or a window below the model's)
 * depend on each scenario's window, which a fixed range cannot follow, and a fixed value above a
 * small model's window is a misconfiguration that overflows by design, not a bug to find.
 */
export const THRESHOLD_OPTION_SPACE: OptionSpace = Object.freeze({
  maxCompactionAttempts: Object.freeze({ min: 1, max: 4, default: DEFAULT_MAX_COMPACTION_ATTEMPTS }),
});

/**
 * sliding_window: maxTurns from 2. With 2, a
 * three-content request splits at index 0 (nothing to summarize), the one edge of safeSplitIndex
 * a larger window never reaches; with 1, a two-content request would split at −1, where upstream
 * panics (SplitIndexOutOfRangeError says so), a documented misuse rather than something to find
 * again on every run. Up to 40: 33 is the smallest window whose tail, 30 % of it, lands just
 * under an integer (9.9 contents), where a tail computed any other way shows first. Attempts 1 to
 * 4 around upstream's 3: one pass, no retry, and one more halving than the default.
 */
export const SLIDING_WINDOW_OPTION_SPACE: OptionSpace = Object.freeze({
  maxTurns: Object.freeze({ min: 2, max: 40, default: DEFAULT_MAX_TURNS }),
  maxCompactionAttempts: Object.freeze({ min: 1, max: 4, default: DEFAULT_MAX_COMPACTION_ATTEMPTS }),
});

/**
 * Why a violated property could not have held: the conditions under which a scenario is provably
 * unsatisfiable (for any strategy, or for the calibrated-estimate family ContextGuard belongs to).
 * Each reason is documented where it is decided; the fuzzer counts these runs as infeasible.
 */

export type InfeasibilityReason =
  /** System prompt + tool declarations alone exceed the window: nothing a strategy may drop is left. */
  | 'fixed-overhead-over-window'
  /** Overhead + the turn's user message exceed the window: the request must carry the user's request. */
  | 'user-message-over-window'
  /**
   * No usage metadata had been observed (cold start, or usage off) and the real/heuristic ratio is
   * beyond the cold factor 2.5: the estimate of the sent request was under the window.
   */
  | 'uncalibrated-ratio'
  /** Usage was observed but the real ratio is beyond the correction cap 5: the capped estimate fit. */
  | 'ratio-beyond-correction-cap'
  /** The token model or model changed after the last usage report: the stale estimate fit. */
  | 'stale-calibration'
  /** Overhead + the summarizer's own reply + the continuation exceed the window. */
  | 'summary-floor-over-window'
  /** The host does not expose user content to callbacks (go-compat), so no continuation can quote it. */
  | 'user-content-not-exposed'
  /** Every summarization in the thrash window was forced: that step's new content alone filled the window. */
  | 'forced-compaction';

export interface Infeasibility {
  readonly reason: InfeasibilityReason;
  /** The numbers that prove it, one line. */
  readonly detail: string;
}

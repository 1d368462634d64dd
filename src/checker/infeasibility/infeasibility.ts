/**
 * Why a violated property could not have held, whatever the strategy: the conditions under which
 * a scenario is provably unsatisfiable. An excuse must hold for EVERY strategy, so a run that
 * some strategy passes is never infeasible (issue 18, "honest infeasibility"): each condition is
 * a fact of the scenario alone (its system prompt, tool declarations, user messages, windows and
 * token models), never of what the strategy did, saw or estimated. The rules of the game they
 * rest on: a strategy keeps the agent's system instruction and tool declarations (the agent's
 * definition, not history), and every request carries the user's current request, verbatim or
 * quoted (what `user-request-preserved` checks).
 *
 * Conditions that failed this test and were dropped (each excused overflows or thrash that some
 * strategy avoided on the same scenario): the calibration envelope (`uncalibrated-ratio`,
 * `ratio-beyond-correction-cap`, `stale-calibration`: a strategy can keep a wider margin or ask
 * the provider's count), `summary-floor-over-window` (a strategy can cut or drop the summary),
 * `forced-compaction` (a strategy can cut history without calling the summarizer, so thrash is
 * always avoidable), `user-content-not-exposed` (the request the host builds carries the user's
 * message, so a strategy can keep it even when callbacks do not see the user content).
 */

export type InfeasibilityReason =
  /** System prompt + tool declarations alone exceed the window: nothing a strategy may drop is left. */
  | 'fixed-overhead-over-window'
  /** Overhead + the text of the turn's user message exceed the window: no request carrying the user's request fits. */
  | 'user-message-over-window'
  /** Overhead + the user message + the goal and constraints planted so far exceed the window (goal-preserved). */
  | 'goal-over-window';

export interface Infeasibility {
  readonly reason: InfeasibilityReason;
  /** The numbers that prove it, one line. */
  readonly detail: string;
}

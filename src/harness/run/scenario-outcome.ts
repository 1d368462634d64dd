/**
 * What running one scenario produced: the session result (null when the world never returned it:
 * the watchdog stopped a hung strategy, or the worker died), the failures that make the scenario
 * fail, and the violations tolerated (accepted limitations) or excused (infeasible). Plain data,
 * so it crosses the worker boundary unchanged.
 */
import type { ExpectationFailure } from '../scenario/index.ts';
import type {
  AcceptedViolation,
  InfeasibleViolation,
  ReproducedViolation,
  StaleAcceptance,
} from '../scenario/verdict.ts';
import type { SessionResult } from '../../world/session-result.ts';

export type { ExpectationFailure } from '../scenario/index.ts';

export interface RunOutput {
  readonly result: SessionResult | null;
  readonly failures: readonly ExpectationFailure[];
  readonly accepted: readonly AcceptedViolation[];
  readonly infeasible: readonly InfeasibleViolation[];
  readonly reproduced: readonly ReproducedViolation[];
  /** Acceptances for this strategy that matched no violation (each is also in `failures`); absent = none. */
  readonly stale?: readonly StaleAcceptance[];
}

export function failedRun(expectation: string, message: string): RunOutput {
  return { result: null, failures: [{ expectation, message }], accepted: [], infeasible: [], reproduced: [] };
}

/**
 * What one property says about one played scenario. `infeasible` is never a pass: it is a
 * violation the scenario made unavoidable, reported on its own line.
 */
import type { PropertyViolation } from './properties/property.ts';

export type Verdict =
  | { readonly status: 'passed' }
  | { readonly status: 'failed'; readonly violation: PropertyViolation }
  | { readonly status: 'infeasible'; readonly violation: PropertyViolation }
  /** The session could not be played (the world threw): nothing to judge. */
  | { readonly status: 'not-checked'; readonly reason: string };

export function verdictOf(violation: PropertyViolation | null): Verdict {
  if (violation === null) return { status: 'passed' };
  return violation.infeasible === null ? { status: 'failed', violation } : { status: 'infeasible', violation };
}

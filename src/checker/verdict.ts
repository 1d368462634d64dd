/**
 * What one property says about one played scenario. `infeasible` is never a pass: it is a
 * violation the scenario made unavoidable, reported on its own line.
 */
import type { PropertyViolation } from './properties/property.ts';

export type Verdict =
  | { readonly status: 'passed' }
  | {
      readonly status: 'failed';
      readonly violation: PropertyViolation;
      /**
       * Leading steps of the session that followed the scenario's script (checker/scripted-steps.ts),
       * when the fuzzer played it: lets a differential run compare where two strategies broke.
       */
      readonly scriptedSteps?: number;
    }
  | { readonly status: 'infeasible'; readonly violation: PropertyViolation }
  /** The session could not be played (the world threw): nothing to judge. */
  | { readonly status: 'not-checked'; readonly reason: string };

export function verdictOf(violation: PropertyViolation | null, scriptedSteps?: number): Verdict {
  if (violation === null) return { status: 'passed' };
  if (violation.infeasible !== null) return { status: 'infeasible', violation };
  return scriptedSteps === undefined ? { status: 'failed', violation } : { status: 'failed', violation, scriptedSteps };
}

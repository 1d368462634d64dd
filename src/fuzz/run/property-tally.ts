/**
 * Per-property counts over the explored runs: how many were checked, passed, infeasible (with
 * their reasons) and failed, and every failing run by its id (the first is what gets shrunk; all of
 * them are what a fuzz baseline records and shards merge).
 */
import type { InfeasibilityReason } from '../../checker/infeasibility/infeasibility.ts';
import type { PropertyName, PropertyViolation } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';

export interface PropertyTally {
  readonly property: PropertyName;
  checked: number;
  passed: number;
  infeasible: number;
  failed: number;
  notChecked: number;
  readonly infeasibleReasons: Map<InfeasibilityReason, number>;
  /** Every failing run, in run order, with what failed there (the first is what gets shrunk). */
  readonly failures: { readonly run: number; readonly violation: PropertyViolation; readonly scriptedSteps?: number }[];
  /** Runs that could not be judged (the world threw, the run hung or died): a differential run compares neither side there. */
  readonly notCheckedRuns: number[];
}

export function emptyTally(property: PropertyName): PropertyTally {
  return {
    property,
    checked: 0,
    passed: 0,
    infeasible: 0,
    failed: 0,
    notChecked: 0,
    infeasibleReasons: new Map(),
    failures: [],
    notCheckedRuns: [],
  };
}

export function addVerdict(tally: PropertyTally, run: number, verdict: Verdict): void {
  switch (verdict.status) {
    case 'passed':
      tally.checked += 1;
      tally.passed += 1;
      return;
    case 'infeasible': {
      tally.checked += 1;
      tally.infeasible += 1;
      const reason = verdict.violation.infeasible!.reason;
      tally.infeasibleReasons.set(reason, (tally.infeasibleReasons.get(reason) ?? 0) + 1);
      return;
    }
    case 'failed':
      tally.checked += 1;
      tally.failed += 1;
      tally.failures.push(
        verdict.scriptedSteps === undefined
          ? { run, violation: verdict.violation }
          : { run, violation: verdict.violation, scriptedSteps: verdict.scriptedSteps },
      );
      return;
    case 'not-checked':
      tally.notChecked += 1;
      tally.notCheckedRuns.push(run);
      return;
  }
}

/**
 * What a baseline may never record: a scenario whose strategy crashed, hung or ran out of time or
 * memory (or whose world or sandbox failed). Such a run measured nothing, so recording it would
 * make the next gate compare "it crashed again" with "it crashed" and pass: a strategy that hangs
 * on every scenario once read "0 passed, 21 failed" and then "gate passed". `--update-baseline`
 * refuses such a run (gate.ts of the CLI and the API), and the gate itself never passes while a
 * scenario fails (render-gate.ts), whatever the baseline recorded.
 */
import type { SuiteReport } from '../report/suite-report.ts';

/** The failures that mean the run did not play (the expectation names the harness gives them). */
export const UNRECORDABLE_FAILURES: ReadonlySet<string> = new Set([
  'strategy-load',
  'strategy-threw',
  'strategy-hung',
  'strategy-exited',
  'strategy-out-of-memory',
  'strategy-uncaught-exception',
  'strategy-unhandled-rejection',
  'worker-crashed',
  'world-error',
]);

export interface UnrecordableScenario {
  readonly id: string;
  readonly message: string;
}

/** The scenarios of `report` that crashed, hung or timed out (the first such failure of each). */
export function unrecordableScenarios(report: SuiteReport): UnrecordableScenario[] {
  return report.scenarios.flatMap((record) => {
    const failure = record.failures.find((item) => UNRECORDABLE_FAILURES.has(item.expectation));
    return failure === undefined ? [] : [{ id: record.id, message: failure.message }];
  });
}

/** Why the baseline was not written, or null when every scenario played. */
export function baselineRefusal(report: SuiteReport, baselinePath: string): string | null {
  const found = unrecordableScenarios(report);
  if (found.length === 0) return null;
  const shown = found
    .slice(0, 3)
    .map((item) => `${item.id}: ${item.message}`)
    .join('; ');
  const more = found.length > 3 ? `; and ${found.length - 3} more` : '';
  return (
    `baseline not written: ${found.length} of ${report.scenarios.length} scenario${report.scenarios.length === 1 ? '' : 's'} crashed, hung or timed out ` +
    `(${shown}${more}). A run that did not play measures nothing and is never recorded into ${baselinePath}: fix the strategy (or raise --timeout / --max-memory) and update again.`
  );
}

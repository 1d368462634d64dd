/**
 * The regression gate's judgement: compares this run's entries with the committed baseline and
 * lists every change that fails the gate. Pure: the CLI turns the list into an exit code.
 *
 * A change is
 * - `regression`: a scenario that stopped passing, a newly failing expectation, or more overflow
 *   steps, loops or thrash than the baseline (never tolerated);
 * - `drift`: a measurement beyond its tolerance in either direction;
 * - `improvement`: fewer overflows/loops/thrash, or a scenario that now passes. It still fails
 *   the gate, so the committed baseline always describes the code (accept with --update-baseline);
 * - `added` / `removed`: a scenario id missing from the baseline, or a baseline id no longer in
 *   the suite;
 * - `stale-acceptance`: a scenario whose acceptance matched no violation (verdict.ts), whatever
 *   the baseline says: a stale tolerance is a hidden regression, so recording it in a baseline
 *   never makes it pass (remove the acceptance or re-record it).
 */
import { BASELINE_METRICS, type Baseline, type BaselineEntry, type BaselineMetric } from './baseline.ts';
import { describeTolerance, withinTolerance, type Tolerances } from './tolerances.ts';

export type GateChangeKind = 'regression' | 'drift' | 'improvement' | 'added' | 'removed' | 'stale-acceptance';

/** The failure verdict.ts reports for an acceptance that matched no violation. */
const STALE = 'stale-acceptance';

export interface GateChange {
  readonly id: string;
  readonly kind: GateChangeKind;
  /** The metric, `passed`, `expectation`, or `scenario` for added/removed. */
  readonly what: string;
  readonly baseline: string;
  readonly current: string;
  readonly tolerance: string;
}

export interface CompareScope {
  /** Every scenario id in the suite (all shards): ids absent from it were removed. */
  readonly suiteIds: readonly string[];
  /** Report removed ids (only one shard of a matrix should, to avoid duplicates). */
  readonly reportRemoved: boolean;
  /**
   * Whether a baseline id belongs to the paths this run gated (default: every id does). Gating a
   * subset (`gate scenarios/brutal`) compares only that subset: the other entries are neither
   * compared nor reported removed.
   */
  readonly inScope?: (id: string) => boolean;
}

/** Overflows, loops and thrash may never grow, whatever the tolerance says. */
const NEVER_MORE: readonly BaselineMetric[] = ['overflowSteps', 'loops', 'thrash'];

export function compareWithBaseline(
  baseline: Baseline | null,
  current: Baseline,
  tolerances: Tolerances,
  scope: CompareScope,
): GateChange[] {
  const before = baseline?.scenarios ?? {};
  const changes: GateChange[] = [];
  for (const id of Object.keys(current.scenarios).sort()) {
    const now = current.scenarios[id] as BaselineEntry;
    const then = before[id];
    if (now.failedExpectations.includes(STALE) && then?.failedExpectations.includes(STALE) === true) {
      // Already in the baseline (an --update-baseline recorded it): still a failure, every run.
      changes.push({
        id,
        kind: 'stale-acceptance',
        what: 'expectation',
        baseline: verdict(then),
        current: `${STALE} failed`,
        tolerance: '',
      });
    }
    if (then === undefined) {
      changes.push({ id, kind: 'added', what: 'scenario', baseline: '—', current: verdict(now), tolerance: '' });
      continue;
    }
    changes.push(...compareEntry(id, then, now, tolerances));
  }
  if (scope.reportRemoved) {
    const suite = new Set(scope.suiteIds);
    const inScope = scope.inScope ?? (() => true);
    for (const id of Object.keys(before).sort()) {
      if (!suite.has(id) && inScope(id)) {
        changes.push({
          id,
          kind: 'removed',
          what: 'scenario',
          baseline: verdict(before[id] as BaselineEntry),
          current: '—',
          tolerance: '',
        });
      }
    }
  }
  return changes;
}

function compareEntry(id: string, then: BaselineEntry, now: BaselineEntry, tolerances: Tolerances): GateChange[] {
  const changes: GateChange[] = [];
  if (then.passed !== now.passed) {
    changes.push({
      id,
      kind: now.passed ? 'improvement' : 'regression',
      what: 'passed',
      baseline: verdict(then),
      current: verdict(now),
      tolerance: '',
    });
  }
  for (const expectation of now.failedExpectations) {
    if (!then.failedExpectations.includes(expectation)) {
      changes.push({
        id,
        kind: 'regression',
        what: 'expectation',
        baseline: 'held',
        current: `${expectation} failed`,
        tolerance: '',
      });
    }
  }
  for (const expectation of then.failedExpectations) {
    if (!now.failedExpectations.includes(expectation)) {
      changes.push({
        id,
        kind: 'improvement',
        what: 'expectation',
        baseline: `${expectation} failed`,
        current: 'held',
        tolerance: '',
      });
    }
  }
  for (const metric of BASELINE_METRICS) {
    const change = compareMetric(id, metric, then[metric], now[metric], tolerances);
    if (change !== null) changes.push(change);
  }
  return changes;
}

function compareMetric(
  id: string,
  metric: BaselineMetric,
  then: number | null,
  now: number | null,
  tolerances: Tolerances,
): GateChange | null {
  const tolerance = tolerances[metric];
  const base = { id, what: metric, baseline: show(then), current: show(now), tolerance: describeTolerance(tolerance) };
  if (then === null || now === null) {
    if (then === now) return null;
    // A measurement that disappeared means the session no longer completes.
    return { ...base, kind: now === null ? 'regression' : 'improvement' };
  }
  if (NEVER_MORE.includes(metric) && now > then) return { ...base, kind: 'regression' };
  if (withinTolerance(then, now, tolerance)) return null;
  return { ...base, kind: NEVER_MORE.includes(metric) ? 'improvement' : 'drift' };
}

function verdict(entry: BaselineEntry): string {
  return entry.passed ? 'passed' : `failed (${entry.failedExpectations.join(', ')})`;
}

function show(value: number | null): string {
  return value === null ? '—' : String(value);
}

/**
 * The defaults the command line and the programmatic API share, so `simulate`, `gate` and
 * `fuzz` behave the same whichever way they are called.
 */

/** Per-scenario watchdog (ms): a strategy with no result by then fails as strategy-hung. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** What `gate` runs, and the baseline it compares with (both relative to the working directory). */
export const DEFAULT_GATE_PATHS: readonly string[] = ['scenarios'];
export const DEFAULT_BASELINE = 'reports/baseline.json';

/** What `compare` plays when given no paths: the seed suites and the museum of reported bugs. */
export const DEFAULT_COMPARE_PATHS: readonly string[] = ['scenarios/stress', 'scenarios/brutal', 'scenarios/museum'];

/**
 * The CLI's exit codes: few and stable, so CI scripts can branch on them.
 * Finer failure classes (overflow, loop, hung strategy…) live in the reports, not here.
 */

/** Every expectation (and the gate) held. */
export const EXIT_OK = 0;
/** An expectation, a property or the gate failed. */
export const EXIT_FAILED = 1;
/** Bad input: usage, options, scenario files, a strategy module that cannot be loaded. */
export const EXIT_BAD_INPUT = 2;
/** A bug in compaction-sim itself (the stack is printed so it can be reported). */
export const EXIT_INTERNAL = 3;

/**
 * Test budgets: the default run (`npm test`) uses a budget sized for a 2-core machine; the nightly
 * run (`npm run test:nightly`, vitest's `--mode nightly`) uses the full one. A test states both and
 * what each proves, so a small budget is never mistaken for the full claim.
 */
// vitest sets process.env.MODE from --mode (default 'test').
export const NIGHTLY = process.env['MODE'] === 'nightly';

export function budget<T>(everyRun: T, nightly: T): T {
  return NIGHTLY ? nightly : everyRun;
}

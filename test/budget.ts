/**
 * Test budgets: the default run (`npm test`) uses a budget sized for a 2-core machine; the nightly
 * run (`npm run test:nightly`, vitest's `--mode nightly`) uses the full one. A test states both and
 * what each proves, so a small budget is never mistaken for the full claim.
 */
export const NIGHTLY = import.meta.env.MODE === 'nightly';

export function budget<T>(everyRun: T, nightly: T): T {
  return NIGHTLY ? nightly : everyRun;
}

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The simulation is CPU-bound and deterministic; a generous per-test limit keeps slow CI
    // machines green without hiding hangs (hangs are caught by the harness's own watchdog).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

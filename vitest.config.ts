import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // As tsconfig.json's `paths`: the repo's examples import `compaction-sim` by name; in tests
    // that is the sources, so they share one module instance with the tests' own imports.
    alias: [{ find: /^compaction-sim$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The package compiled once, for every test that starts the command line (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // The simulation is CPU-bound and deterministic; a generous per-test limit keeps slow CI
    // machines green without hiding hangs (hangs are caught by the harness's own watchdog).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

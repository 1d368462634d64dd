import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/longest-first-sequencer.ts';

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
    // In-process tests' worker threads run that compiled package too (test/setup-compiled-workers.ts).
    setupFiles: ['test/setup-compiled-workers.ts'],
    // The simulation is CPU-bound and deterministic; a generous per-test limit keeps slow CI
    // machines green without hiding hangs (hangs are caught by the harness's own watchdog).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core. vitest's own default is one fewer than the cores (it keeps one
    // for itself), which on a 2-core machine is a single worker: the suite ran file after file
    // on one core. The main process does little once the files are handed out.
    maxWorkers: availableParallelism(),
    // A worker keeps its loaded modules from one test file to the next instead of importing the
    // simulator's module graph afresh for each of the ~110 files (measured: ~45 s of CPU): chosen
    // for speed. What a test file changes in shared state it must put back before it ends, and
    // those that do, do: test/bench wraps SessionRecorder's prototype hooks and asserts they are
    // restored; verify-adk's deterministic environment replaces Date, Math.random and
    // crypto.randomUUID for a run and restores them in a finally. No file uses vi.mock,
    // vi.stubGlobal or vi.stubEnv. What is NOT put back: playing the world installs a
    // structuredClone wrapper on globalThis once per process (lazy-contents.ts; it only adds
    // support for the world's lazy arrays, every other value clones as natively) until that patch
    // is removed from the library. Code that must be loaded afresh (a strategy's module-level
    // state) already runs in worker threads or child processes.
    isolate: false,
    // Longest files first, so that the two workers finish together (test/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
  },
});

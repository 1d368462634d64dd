/**
 * Worker threads from the sources: the test suite points COMPACTION_SIM_COMPILED_WORKERS at the
 * package it compiles once (test/setup-compiled-workers.ts), so every other in-process test runs
 * its workers compiled. Without it (`npm run simulate`, tsx in development) a worker of src/
 * boots tsx; with it, the compiled twin runs, and gives the same results.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSuite } from '../../../src/harness/run/run-suite.ts';
import { COMPILED_WORKERS_ENV } from '../../../src/harness/run/worker-entry.ts';

const compiled = process.env[COMPILED_WORKERS_ENV];
afterEach(() => {
  process.env[COMPILED_WORKERS_ENV] = compiled;
});

/** Each scenario's id, failures and trace digest: what must not depend on how the worker booted. */
async function outcomes(): Promise<string[]> {
  const run = await runSuite({ paths: ['test/fixtures/scenarios/suite'], jobs: 1, timeoutMs: 60_000 });
  return run.outcomes.map((outcome) =>
    JSON.stringify([outcome.scenario.id, outcome.failures, outcome.result?.traceDigest ?? null]),
  );
}

describe('worker threads of the sources', () => {
  it('run the compiled twin when one is named, and boot tsx when none is (same results)', {
    timeout: 120_000,
  }, async () => {
    expect(compiled).toMatch(/dist$/);
    const twin = await outcomes();
    delete process.env[COMPILED_WORKERS_ENV];
    const sources = await outcomes();
    process.env[COMPILED_WORKERS_ENV] = join(tmpdir(), 'compaction-sim-no-such-package', 'dist'); // named but absent: tsx
    const fallback = await outcomes();
    expect(twin).toHaveLength(4);
    expect(sources).toEqual(twin);
    expect(fallback).toEqual(twin);
  });

  it('really runs the twin it is given', { timeout: 60_000 }, async () => {
    const dist = mkdtempSync(join(tmpdir(), 'compaction-sim-twin-'));
    try {
      mkdirSync(join(dist, 'harness/run'), { recursive: true });
      writeFileSync(join(dist, 'harness/run/scenario-worker.js'), "throw new Error('the twin ran');\n");
      process.env[COMPILED_WORKERS_ENV] = dist;
      await expect(
        runSuite({ paths: ['test/fixtures/scenarios/suite/chain-8k.yaml'], jobs: 1, timeoutMs: 10_000 }),
      ).rejects.toThrow('the twin ran');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

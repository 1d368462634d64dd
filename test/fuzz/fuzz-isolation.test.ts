/**
 * Issue 18's "survive any strategy" and "module-level state", for the fuzzer: a strategy that
 * exhausts its worker's heap fails that run as strategy-out-of-memory, the failure is shrunk and
 * the report still comes out; a strategy keeping state at module level gives the same tallies
 * whatever the number of workers (each run imports the module afresh).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzz } from '../../src/api/fuzz.ts';
import { formatFuzzReport } from '../../src/fuzz/run/format-fuzz-report.ts';
import { ROOT, runCli } from '../cli/run-cli.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-isolation-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const HOSTILE = 'test/fixtures/hostile/strategies';

describe('fuzz survives any strategy', () => {
  it('reports a strategy that exhausts its memory as a failed, shrunk run, and the report comes out', {
    timeout: 120_000,
  }, async () => {
    // Two shrink candidates (the failing run, then one smaller): each fills a 128 MB heap, and one
    // shrink shows the failure is shrunk like any other.
    const run = await runCli([
      'fuzz',
      '--strategy',
      `./${HOSTILE}/hogs-memory.mjs`,
      '--runs',
      '2',
      '--seed',
      '3',
      '--max-memory',
      '128',
      '--property',
      'session-completes',
      '--property',
      'no-overflow',
      '--max-shrinks',
      '2',
      '--quiet',
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/│ session-completes\s+│ behaviour │\s+2 │\s+0 │\s+0 │\s+2 │/);
    expect(run.stdout).toContain('FAIL session-completes: strategy-out-of-memory');
    const file = /counterexample: (\S+\.yaml) \(shrunk (\d+) times/.exec(run.stdout);
    expect(Number(file?.[2])).toBeGreaterThan(0);
    expect(existsSync(file![1]!)).toBe(true);
    expect(run.stdout).toContain('1 of 2 properties failed (2 runs');
  });

  it('gives the same tallies for a strategy with module-level state on one worker or two', {
    timeout: 120_000,
  }, async () => {
    const strategy = `./${HOSTILE}/module-state.mjs`;
    const properties = ['user-request-preserved', 'no-orphans', 'no-loop'] as const;
    const table = (stdout: string) => stdout.slice(0, stdout.indexOf('fast-check seed'));
    // One worker through the CLI; two through fuzz() of the API, which plays the runs in worker
    // threads the same way (a fresh import of the module per run), in this process. One after the
    // other: both write the same counterexample file, which the tables name.
    const one = await runCli([
      'fuzz',
      '--strategy',
      strategy,
      '--runs',
      '6',
      '--seed',
      '3',
      ...properties.flatMap((p) => ['--property', p]),
      '--max-shrinks',
      '2',
      '--quiet',
      '--out',
      out,
      '--jobs',
      '1',
    ]);
    const two = await fuzz({
      strategy,
      runs: 6,
      seed: 3,
      properties: [...properties],
      maxShrinks: 2,
      outDir: out,
      jobs: 2,
      cwd: ROOT,
    });
    expect(one.code).toBe(1);
    // Every run dropped its oldest content once (4 of them lose the user's request); one module
    // shared by a worker's runs would drop it only in the first run that worker played (1 failure with one worker).
    expect(one.stdout).toMatch(/│ user-request-preserved\s+│ behaviour │\s+6 │\s+2 │\s+0 │\s+4 │/);
    expect(table(formatFuzzReport(two, { color: false, rerunCommand: '' }))).toBe(table(one.stdout));
  });
});

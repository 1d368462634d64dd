/**
 * A run that exhausts its heap is that run's failure (`strategy-out-of-memory`, shrunk like any
 * other), never the death of the process: in `simulate`, in `fuzz`, and on both sides of
 * `fuzz --against`. The strategy's fallback summary copies the whole history each time, so what
 * it keeps doubles every step; before the heap guard, V8's limit on the worker aborted the whole
 * process with it (exit 134, no report, no counterexample). A small limit keeps the test cheap.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { runCli, STACK_LINE, STRATEGIES, tempDir } from '../cli/run-cli.ts';

const STRATEGY = `${STRATEGIES}/copies-history.mjs`;
const LIMIT = ['--max-memory', '96'];

const SCENARIO = `session: { contextWindow: 8000 }
turns:
  - repeat: 40
    user: "Turn {i}: read the next file"
    tools: [ { name: read_file, size: 2000 } ]
`;

describe.concurrent('a strategy that exhausts its heap', () => {
  it('simulate: the scenario fails as strategy-out-of-memory, the others still run, the report is written', async ({
    expect,
  }) => {
    const dir = tempDir('oom-simulate');
    const scenarios = join(dir, 'scenarios');
    mkdirSync(scenarios);
    writeFileSync(join(scenarios, 'grows.yaml'), SCENARIO);
    writeFileSync(join(scenarios, 'short.yaml'), 'session: { contextWindow: 8000 }\nturns: [ { user: hi } ]\n');
    const run = await runCli([
      'simulate',
      scenarios,
      '--strategy',
      STRATEGY,
      ...LIMIT,
      '--report-dir',
      join(dir, 'report'),
    ]);
    expect(run.stderr).not.toContain('heap out of memory');
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'report', 'report.json'), 'utf8')) as {
      scenarios: { name: string; passed: boolean; failures: { expectation: string; message: string }[] }[];
    };
    const grows = report.scenarios.find((scenario) => scenario.name === 'grows')!;
    expect(grows.failures.map((failure) => failure.expectation)).toContain('strategy-out-of-memory');
    expect(grows.failures.find((failure) => failure.expectation === 'strategy-out-of-memory')!.message).toMatch(
      /over the 96 MB limit \(--max-memory\)/,
    );
    expect(report.scenarios.find((scenario) => scenario.name === 'short')!.passed).toBe(true);
  });

  it('fuzz: the run fails session-completes as strategy-out-of-memory, shrunk to a counterexample that replays', async ({
    expect,
  }) => {
    const out = tempDir('oom-fuzz');
    const run = await runCli([
      'fuzz',
      '--strategy',
      STRATEGY,
      '--runs',
      '2',
      '--seed',
      '1',
      '--property',
      'session-completes',
      '--max-shrinks',
      '12',
      ...LIMIT,
      '--out',
      out,
    ]);
    expect(run.stderr).not.toContain('heap out of memory');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL session-completes: step \d+: strategy-out-of-memory: .*over the 96 MB limit/);
    expect(run.stdout).not.toContain('not reproduced');
    const file = /counterexample: (\S+\.yaml)/.exec(run.stdout)![1]!;
    // Its own report folder (the default one is shared with other tests: a held lock exits 2).
    const replay = await runCli([
      'simulate',
      file,
      '--strategy',
      STRATEGY,
      ...LIMIT,
      '--report-dir',
      join(out, 'report'),
    ]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('strategy-out-of-memory');
  });

  it('fuzz --against: the process survives with the strategy on either side', async ({ expect }) => {
    const args = ['--runs', '2', '--seed', '1', '--property', 'session-completes', '--max-shrinks', '4', ...LIMIT];
    const [mine, reference] = await Promise.all([
      runCli(['fuzz', '--strategy', STRATEGY, '--against', 'threshold', ...args, '--out', tempDir('oom-mine')]),
      runCli(['fuzz', '--strategy', 'threshold', '--against', STRATEGY, ...args, '--out', tempDir('oom-reference')]),
    ]);
    for (const run of [mine, reference]) expect(run.stderr).not.toContain('heap out of memory');
    // The candidate running out of memory fails the run (exit 1). A reference that finishes none
    // of the runs cannot be compared with: that is bad input (exit 2) naming it, never a crash.
    expect(mine.code).toBe(1);
    expect(mine.stdout).toContain('strategy-out-of-memory');
    expect(reference.code).toBe(2);
    expect(reference.stderr).toMatch(/reference .*hogs|out-of-memory|out of memory/);
    expect(reference.stderr).not.toMatch(STACK_LINE);
  });
});

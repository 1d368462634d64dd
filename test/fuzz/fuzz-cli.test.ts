/** The `fuzz` command end to end: exit codes, the report, and a counterexample `simulate` fails on. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-cli-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args);

// Child processes: run side by side (each assertion uses its test's own `expect`), so the hung
// strategy's watchdog wait overlaps the other runs instead of leaving a core idle.
describe.concurrent('compaction-sim fuzz', () => {
  it('exits 2 with a message on bad input', async ({ expect }) => {
    const [unknown, zero, path, property] = await Promise.all([
      cli('fuzz', '--strategy', 'no_such_strategy', '--runs', '1'),
      cli('fuzz', '--runs', '0'),
      cli('fuzz', '--path', '3:1'),
      cli('fuzz', '--property', 'no-such-property'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown strategy "no_such_strategy"');
    expect(unknown.stderr).not.toContain('    at ');
    expect(zero.code).toBe(2);
    expect(path.stderr).toContain('give exactly one --property');
    expect(property.code).toBe(2);
  });

  it('exits 0 and prints a row per property when every property holds', async ({ expect }) => {
    const run = await cli(
      'fuzz',
      '--strategy',
      'threshold',
      '--runs',
      '3',
      '--seed',
      '5',
      '--property',
      'session-completes',
      '--property',
      'no-orphans',
    );
    expect(run.code).toBe(0);
    // The kind column: both are judged on what happened (behaviour), not on what the strategy declares (contract).
    expect(run.stdout).toMatch(/│ session-completes\s+│ behaviour\s+│\s+3 │\s+3 │\s+0 │\s+0 │/);
    expect(run.stdout).toMatch(/│ no-orphans\s+│ behaviour\s+│\s+3 │/);
    expect(run.stdout).toContain(
      'kind: behaviour = judged on what happened in the session; contract = checks what the strategy declares about itself',
    );
    expect(run.stdout).toContain('all 2 properties held (3 runs');
    expect(run.stdout).toContain(
      'rerun: npx compaction-sim fuzz --strategy threshold --runs 3 --seed 5 --property session-completes --property no-orphans',
    );
  });

  it('exits 1 on a failure, writes the counterexample, and simulate fails on it the same way', async ({ expect }) => {
    const strategy = './src/fuzz/planted-bugs/orphan-function-call.ts';
    // The planted bug fails every run; the counterexample is shrunk from the first, so two runs
    // write the same file as ten.
    const run = await cli(
      'fuzz',
      '--strategy',
      strategy,
      '--runs',
      '2',
      '--seed',
      '424242',
      '--property',
      'no-orphans',
      '--out',
      out,
      '--max-shrinks',
      '10',
    );
    expect(run.code).toBe(1);
    const file = /counterexample: (\S+\.yaml)/.exec(run.stdout)?.[1];
    expect(file).toBeDefined();
    expect(existsSync(file!)).toBe(true);
    const replay = /replay: {9}npx compaction-sim simulate (\S+) --strategy (\S+)/.exec(run.stdout);
    expect(replay?.[1]).toBe(file);
    expect(replay?.[2]).toBe(strategy);
    const simulate = await cli(
      'simulate',
      file!,
      '--strategy',
      strategy,
      '--quiet',
      '--report-dir',
      join(out, 'report'),
    );
    expect(simulate.code).toBe(1);
    expect(simulate.stdout).toContain('noOrphans:');
  });

  it('reports a hung strategy through the watchdog, unshrunk', async ({ expect }) => {
    // A plain JavaScript fixture: loading it under the watchdog registers no transpiler.
    const run = await cli(
      'fuzz',
      '--strategy',
      './test/fuzz/fixtures/hang-strategy.mjs',
      '--runs',
      '1',
      '--seed',
      '3',
      '--timeout',
      '2500',
      '--property',
      'session-completes',
      '--out',
      out,
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('FAIL session-completes: strategy-hung: no result within 2500 ms');
    expect(run.stdout).toContain('(shrunk 0 times; fast-check seed 3, path 0)');
  });
});

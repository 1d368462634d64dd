/**
 * `fuzz --against <reference>` where the reference cannot play: it used to print "runs compared 0"
 * and exit 0 while the candidate overflowed alone. A reference that finishes none of the runs is
 * bad input (exit 2, naming it and what happened); one that finishes only some leaves runs
 * uncompared, which the report says and fails (exit 1).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { runCli, STACK_LINE, tempDir } from '../cli/run-cli.ts';

const HANGS = 'test/fuzz/fixtures/hang-strategy.mjs';
const THROWS = 'test/fixtures/strategies/throws.mjs';
const GIVES_UP = 'test/fuzz/fixtures/throws-on-long-requests.mjs';

function fuzz(...args: string[]) {
  return runCli(['fuzz', '--quiet', '--max-shrinks', '2', '--out', tempDir('unplayable-out'), ...args]);
}

describe.concurrent('a reference that cannot play', () => {
  it('hangs on every run: exit 2, naming the reference and the hang', async ({ expect }) => {
    const result = await fuzz('--runs', '3', '--against', HANGS, '--timeout', '1000');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `compaction-sim: --against ${HANGS} cannot play: it did not finish any of the 3 runs played (run 0: strategy-hung: no result within 1000 ms), so nothing could be compared with it\n`,
    );
    expect(result.stdout).toBe('');
  });

  it('throws on every run: exit 2, naming the reference and the throw, whatever properties are asked', async ({
    expect,
  }) => {
    const result = await fuzz('--runs', '3', '--against', THROWS, '--property', 'no-overflow');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^compaction-sim: --against ${THROWS} cannot play: it did not finish any of the 3 runs played \\(run 0: .*strategy-threw: .*fixture strategy exploded\\)`,
      ),
    );
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('finishes some runs only: the others are not compared, the report says so and fails', async ({ expect }) => {
    const json = join(tempDir('unplayable-json'), 'report.json');
    const result = await fuzz('--runs', '6', '--against', GIVES_UP, '--property', 'no-overflow', '--json', json);
    expect(result.code).toBe(1);
    const { report } = JSON.parse(readFileSync(json, 'utf8'));
    const unplayed: number[] = report.unplayed.against.runs;
    expect(unplayed.length).toBeGreaterThan(0);
    expect(unplayed.length).toBeLessThan(6);
    expect(report.unplayed.against.first.reason).toContain('this reference gives up on long requests');
    expect(report.unplayed.strategy.runs).toEqual([]);
    // Nothing is compared on a run the reference stopped early: it "held" what it never reached.
    expect(report.properties[0].compared).toBe(6 - unplayed.length);
    expect(report.failed).toBe(true);
    expect(result.stdout).toContain(`NOT COMPARED ${unplayed.length} run(s)`);
    expect(result.stdout).toContain(`failed: ${unplayed.length} run(s) could not be compared, fewer than asked`);
  });
});

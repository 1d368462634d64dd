/**
 * The CI recipe end to end through the CLI: shards write --json reports that --merge turns into
 * the single machine's report. The baseline half of the recipe is fuzz-ci-baseline-cli.test.ts (a
 * file of its own, so that vitest's two workers share the work).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatFuzzReport } from '../../src/fuzz/run/format-fuzz-report.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { ROOT, runCli } from '../cli/run-cli.ts';
import { fuzzCiArgs } from './fixtures/fuzz-ci-args.ts';

const dir = mkdtempSync(join(tmpdir(), 'fuzz-ci-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const common = fuzzCiArgs(dir);

/** The report without its timing and rerun line (which names the shard or the merge). */
function table(stdout: string): string {
  return stdout.slice(0, stdout.indexOf('fast-check seed')).replace(/ in \d+\.\d s/g, '');
}

describe('fuzz for CI', () => {
  it('merges shard reports into the one-machine report', { timeout: 120_000 }, async () => {
    // The one machine's report: the run the command would play for `fuzz --strategy threshold
    // ...common` (runFuzz, counterexample written to the same --out), printed by the command's own
    // formatter. The CLI plays the shards and merges them.
    const whole = await runFuzz({
      strategy: { name: 'threshold', options: {} }, runs: 6, seed: 3, properties: ['user-request-preserved'], maxShrinkCandidates: 2, outDir: join(dir, 'out'), cwd: ROOT,
    });
    const wholeStdout = formatFuzzReport(whole, { color: false, rerunCommand: 'npx compaction-sim fuzz --strategy threshold --runs 6 --seed 3 --property user-request-preserved' });
    const one = await runCli(['fuzz', '--strategy', 'threshold', ...common, '--shard', '1/2', '--json', join(dir, 's1.json')]);
    const two = await runCli(['fuzz', '--strategy', 'threshold', ...common, '--shard', '2/2', '--json', join(dir, 's2.json')]);
    expect(one.stdout).toContain('6 runs (shard 1/2: runs r with r mod 2 = 0)');
    expect(two.stdout).toContain('3 of 6 runs');
    const merged = await runCli(['fuzz', '--merge', join(dir, 's2.json'), join(dir, 's1.json'), '--out', join(dir, 'out')]);
    expect(whole.failed).toBe(true);
    expect(merged.code).toBe(1);
    expect(table(merged.stdout)).toBe(table(wholeStdout));
    expect(merged.stdout).toContain('rerun: npx compaction-sim fuzz --strategy threshold --runs 6 --seed 3 --property user-request-preserved\n');

    const missing = await runCli(['fuzz', '--merge', join(dir, 's1.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 2/2 missing');
    expect((await runCli(['fuzz', '--strategy', 'threshold', ...common, '--shard', '3/2'])).stderr).toContain('need 1 <= i <= n');
  });
});

/**
 * Differential fuzzing on a CI matrix: `--against ... --shard i/n --json FILE` on each machine,
 * then `--merge` gives exactly the differential report one machine gives (counts, the runs where
 * only one strategy fails, and the differences shrunk from the first such runs). A plain report
 * and a differential one never merge together.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readReportFile,
  writeDifferentialReportFile,
  writeFuzzReportFile,
} from '../../src/fuzz/ci/fuzz-report-file.ts';
import { mergeDifferentialReports } from '../../src/fuzz/differential/merge-differential-reports.ts';
import {
  runDifferentialFuzz,
  type DifferentialOptions,
  type DifferentialReport,
} from '../../src/fuzz/differential/run-differential.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { runCli } from '../cli/run-cli.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-differential-shard-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const LATE = './src/fuzz/planted-bugs/late-threshold.ts';
// Seed 7: only the variant overflows at run 4 (test/fuzz/differential.test.ts); 5 runs reach it.
// Three shrink candidates: the difference persists in all three (2 shrinks) and is lost in a 4th,
// so a larger budget gives the same reports.
const options: DifferentialOptions = {
  strategy: { name: LATE, options: {} },
  against: { name: 'threshold', options: {} },
  runs: 5,
  seed: 7,
  properties: ['no-overflow', 'no-loop'],
  outDir: null,
  cwd: process.cwd(),
  maxShrinkCandidates: 3,
};
/** The same run on the command line (one worker, as runCli plays it). */
const cliArgs = [
  'fuzz',
  '--strategy',
  LATE,
  '--against',
  'threshold',
  '--runs',
  '5',
  '--seed',
  '7',
  '--property',
  'no-overflow',
  '--property',
  'no-loop',
  '--max-shrinks',
  '3',
  '--quiet',
  '--out',
  out,
];

/**
 * Shards 1/2 and 2/2 played in this thread, once for the file: the first test checks them, the
 * second hands shard 1 (the one with run 4) to the CLI's --merge as its --json file.
 */
let shardRuns: Promise<DifferentialReport[]> | undefined;
function shardReports(): Promise<DifferentialReport[]> {
  shardRuns ??= (async () => {
    const shards: DifferentialReport[] = [];
    for (const index of [1, 2]) shards.push(await runDifferentialFuzz({ ...options, shard: { index, count: 2 } }));
    return shards;
  })();
  return shardRuns;
}

describe('differential shards', () => {
  it('merge into exactly the differential report of one machine', { timeout: 180_000 }, async () => {
    const whole = await runDifferentialFuzz(options);
    expect(whole.properties[0]!.onlyMine).toEqual([4]);
    expect(whole.properties[0]!.counterexample).not.toBeNull();
    const shards = await shardReports();
    // Each shard compared only its own runs.
    expect(shards[0]!.properties[0]!.onlyMine).toEqual([4]);
    expect(shards[1]!.properties[0]!.onlyMine).toEqual([]);
    expect(shards[0]!.properties[0]!.compared + shards[1]!.properties[0]!.compared).toBe(whole.properties[0]!.compared);
    const merged = mergeDifferentialReports([
      { file: 'b.json', report: shards[1]! },
      { file: 'a.json', report: shards[0]! },
    ]);
    expect(merged).toEqual(whole);
    expect(() => mergeDifferentialReports([{ file: 'a.json', report: shards[0]! }])).toThrow('shard 2/2 missing');
    const foreign = { ...shards[1]!, against: { name: 'sliding_window', options: {} } };
    expect(() =>
      mergeDifferentialReports([
        { file: 'a.json', report: shards[0]! },
        { file: 'c.json', report: foreign },
      ]),
    ).toThrow(/c\.json is another fuzz run \(strategy .* against sliding_window/);
  });

  it("the CLI writes a shard report with --json and merges it with the other shard's; a plain and a differential report do not merge", {
    timeout: 180_000,
  }, async () => {
    // Shard 2 through the CLI; shard 1 (run 4's) as --json writes it, from the shard played in
    // this thread (the CLI's exit 1 on a difference: differential-swapped.test.ts).
    const shards = await shardReports();
    await writeDifferentialReportFile(join(out, 'd1.json'), shards[0]!);
    const two = await runCli([...cliArgs, '--shard', '2/2', '--json', join(out, 'd2.json')]);
    expect(two.code, two.stderr).toBe(0);
    // What the CLI wrote is the report of the same shard played in this thread.
    expect((await readReportFile(join(out, 'd2.json'))).report).toEqual(shards[1]);
    const merged = await runCli(['fuzz', '--merge', join(out, 'd2.json'), join(out, 'd1.json'), '--out', out]);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toContain(
      'WORSE no-overflow: late-threshold fails where threshold holds on 1 run(s) (run 4)',
    );
    expect(merged.stdout).toContain('5 runs');
    // late-threshold declares no options and threshold does: neither side draws, and the report says so.
    expect(merged.stdout).toContain('strategy options not drawn: the declared option spaces differ');
    // A plain fuzz report, as --json writes it.
    const plain = await runFuzz({
      strategy: { name: 'threshold', options: {} },
      runs: 2,
      seed: 7,
      properties: ['no-overflow'],
      outDir: null,
      cwd: process.cwd(),
      maxShrinkCandidates: 1,
    });
    await writeFuzzReportFile(join(out, 'p.json'), plain);
    const mixed = await runCli(['fuzz', '--merge', join(out, 'd1.json'), join(out, 'p.json')]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('is a differential (--against) report');
  });
});

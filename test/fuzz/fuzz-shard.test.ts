/**
 * `fuzz --shard i/n` and `--merge`: shards play disjoint slices of the same run ids, and their
 * reports merge into exactly the report one machine gives (tallies, failing runs, infeasible
 * reasons, and the counterexample shrunk from the first failing run). A missing, repeated or
 * foreign or forged shard is refused, naming the file and the field.
 */
import { describe, expect, it } from 'vitest';
import { mergeFuzzReports } from '../../src/fuzz/ci/merge-fuzz-reports.ts';
import { shardRunIds } from '../../src/fuzz/run/fuzz-shard.ts';
import { runFuzz, type FuzzOptions, type FuzzReport } from '../../src/fuzz/run/run-fuzz.ts';

const base: FuzzOptions = {
  strategy: { name: 'threshold', options: {} },
  runs: 9,
  seed: 3,
  properties: ['no-overflow', 'user-request-preserved'],
  outDir: null,
  cwd: process.cwd(),
  maxShrinkCandidates: 4,
};

describe('shardRunIds', () => {
  it('deals every run to exactly one shard, round-robin', () => {
    const shards = [1, 2, 3].map((index) => shardRunIds(10, { index, count: 3 }));
    expect(shards).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7],
      [2, 5, 8],
    ]);
    expect(shardRunIds(4, null)).toEqual([0, 1, 2, 3]);
  });
});

describe('fuzz shards', () => {
  it('merge into exactly the report of one machine', { timeout: 120_000 }, async () => {
    const whole = await runFuzz(base);
    const shards: FuzzReport[] = [];
    for (const index of [1, 2, 3]) shards.push(await runFuzz({ ...base, shard: { index, count: 3 } }));
    // Each shard played only its own runs, and failed only on them.
    shards.forEach((shard, i) => {
      for (const property of shard.properties) {
        expect(property.failedRuns.every((run) => run % 3 === i)).toBe(true);
        expect(property.checked + property.notChecked).toBe(shardRunIds(base.runs, shard.shard).length);
      }
    });
    expect(whole.properties.some((property) => property.failed > 0)).toBe(true);
    // Given in any order.
    const merged = mergeFuzzReports(
      [2, 0, 1].map((i) => ({ file: `shard-${i + 1}.json`, report: shards[i]! })),
      null,
    );
    expect(merged).toEqual(whole);
  });

  it('refuses a missing, repeated or foreign shard', async () => {
    const one = await runFuzz({ ...base, runs: 4, properties: ['no-loop'], shard: { index: 1, count: 2 } });
    const two = await runFuzz({ ...base, runs: 4, properties: ['no-loop'], shard: { index: 2, count: 2 } });
    const foreign = await runFuzz({
      ...base,
      runs: 4,
      seed: 4,
      properties: ['no-loop'],
      shard: { index: 2, count: 2 },
    });
    expect(() => mergeFuzzReports([{ file: 'a', report: one }], null)).toThrow('shard 2/2 missing');
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'b', report: one },
        ],
        null,
      ),
    ).toThrow('shard 1/2 given twice (a, b)');
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'c', report: foreign },
        ],
        null,
      ),
    ).toThrow(/c is another fuzz run \(strategy threshold, seed 4/);
    expect(
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'b', report: two },
        ],
        null,
      ).properties[0]!.checked,
    ).toBe(4);
    // The field that differs is named.
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'c', report: foreign },
        ],
        null,
      ),
    ).toThrow("its seed is 4, a's 3");
    const otherStrategy = { ...two, strategy: 'sliding_window' };
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'c', report: otherStrategy },
        ],
        null,
      ),
    ).toThrow('its strategy is "sliding_window", a\'s "threshold"');
    const otherOptions = { ...two, strategyOptions: { maxCompactionAttempts: 1 } };
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'c', report: otherOptions },
        ],
        null,
      ),
    ).toThrow('its strategy options is {"maxCompactionAttempts":1}');
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'c', report: { ...two, runs: 6 } },
        ],
        null,
      ),
    ).toThrow("its runs is 6, a's 4");
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one, toolVersion: '0.1.0' },
          { file: 'c', report: two, toolVersion: '9.9.9' },
        ],
        null,
      ),
    ).toThrow('its compaction-sim version is "9.9.9", a\'s "0.1.0"');
    expect(() =>
      mergeFuzzReports(
        [
          { file: 'a', report: one },
          { file: 'c', report: { ...two, shard: { index: 2, count: 3 } } },
        ],
        null,
      ),
    ).toThrow('c is shard 2/3, a one of 2: its shard count differs');
  });

  it('refuses a forged shard whose counts do not add up, naming the file and the field', async () => {
    const one = await runFuzz({ ...base, runs: 6, properties: ['no-overflow'], shard: { index: 1, count: 2 } });
    const two = await runFuzz({ ...base, runs: 6, properties: ['no-overflow'], shard: { index: 2, count: 2 } });
    const property = two.properties[0]!;
    const forge = (change: Partial<typeof property>) => ({ ...two, properties: [{ ...property, ...change }] });
    const merge = (forged: FuzzReport) => () =>
      mergeFuzzReports(
        [
          { file: 'a.json', report: one },
          { file: 'b.json', report: forged },
        ],
        null,
      );
    expect(merge(two)).not.toThrow();
    // A run of the other shard (runs 0, 2, 4 are shard 1's).
    expect(
      merge(
        forge({
          checked: 3,
          passed: 2,
          infeasible: 0,
          infeasibleReasons: {},
          failed: 1,
          notChecked: 0,
          failedRuns: [0],
        }),
      ),
    ).toThrow(
      '--merge: b.json (shard 2/2): properties.no-overflow.failedRuns lists run 0, which this shard does not play',
    );
    expect(merge(forge({ passed: property.passed + 1 }))).toThrow(
      /^--merge: b\.json \(shard 2\/2\): properties\.no-overflow: passed \d+ \+ infeasible \d+ \+ failed \d+ is not checked \d+/,
    );
    expect(merge(forge({ checked: property.checked + 5, passed: property.passed + 5 }))).toThrow(
      'is not the 3 runs the shard judged',
    );
    expect(
      merge(forge({ failed: property.failed + 1, checked: property.checked + 1, notChecked: property.notChecked - 1 })),
    ).toThrow(/failed \d+ but failedRuns lists/);
    expect(merge({ ...two, shard: { index: 3, count: 2 } })).toThrow('b.json: shard 3/2 does not exist');
  });
});

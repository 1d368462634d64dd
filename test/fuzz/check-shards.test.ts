/**
 * `fuzz --merge` refuses differential shard files whose counts do not add up or that list runs of
 * another shard, naming the file and the field (the plain reports' side: fuzz-shard.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { mergeDifferentialReports } from '../../src/fuzz/differential/merge-differential-reports.ts';
import type { DifferentialPropertyReport, DifferentialReport } from '../../src/fuzz/differential/run-differential.ts';

/** A differential shard report of 6 runs over 2 shards (shard 1 plays runs 0, 2, 4; shard 2 runs 1, 3, 5). */
function shard(
  index: number,
  property: Partial<DifferentialPropertyReport> = {},
  unplayed: DifferentialReport['unplayed'] = {
    strategy: { runs: [], first: null },
    against: { runs: [], first: null },
  },
): DifferentialReport {
  const own = index === 1 ? [0, 2, 4] : [1, 3, 5];
  return {
    strategy: { name: 'late', options: {} },
    against: { name: 'threshold', options: {} },
    seed: 7,
    runs: 6,
    path: null,
    shard: { index, count: 2 },
    corpus: 'sha256:c',
    optionSpace: null,
    varyOptions: true,
    optionsNote: null,
    replaySample: 10,
    properties: [
      {
        property: 'no-overflow',
        compared: 3,
        mineFailed: 2,
        referenceFailed: 1,
        bothFailed: 1,
        mineFailedFirst: 0,
        referenceFailedFirst: 0,
        onlyMine: [own[0]!],
        onlyReference: [],
        counterexample: null,
        unreproduced: false,
        referenceCounterexample: null,
        referenceUnreproduced: false,
        ...property,
      },
    ],
    unplayed,
    failed: true,
  };
}

const merge = (second: DifferentialReport) => () =>
  mergeDifferentialReports([
    { file: 'a.json', report: shard(1) },
    { file: 'b.json', report: second },
  ]);

describe('differential shard files', () => {
  it('merge when they are the shards of one run', () => {
    const merged = mergeDifferentialReports([
      { file: 'a.json', report: shard(1) },
      { file: 'b.json', report: shard(2) },
    ]);
    expect(merged.properties[0]).toMatchObject({ compared: 6, mineFailed: 4, onlyMine: [0, 1] });
  });

  it('refuse forged counts and runs of another shard, naming the file and the field', () => {
    expect(merge(shard(2, { onlyMine: [0] }))).toThrow(
      '--merge: b.json (shard 2/2): properties.no-overflow.onlyMine lists run 0, which this shard does not play',
    );
    expect(merge(shard(2, { compared: 4 }))).toThrow(
      "properties.no-overflow: compared 4 runs, more than the shard's 3",
    );
    expect(merge(shard(2, { mineFailed: 4 }))).toThrow('properties.no-overflow: mineFailed 4 is more than compared 3');
    expect(merge(shard(2, { bothFailed: 2 }))).toThrow(
      'properties.no-overflow: bothFailed 2 is more than either side failed',
    );
    expect(merge(shard(2, { onlyMine: [1, 3] }))).toThrow(
      'properties.no-overflow: onlyMine lists 2 runs, not mineFailed - bothFailed + mineFailedFirst',
    );
    expect(
      merge(
        shard(2, {}, { strategy: { runs: [2], first: { run: 2, reason: 'x' } }, against: { runs: [], first: null } }),
      ),
    ).toThrow('unplayed.strategy.runs lists run 2, which this shard does not play');
    expect(merge({ ...shard(2), against: { name: 'sliding_window', options: {} } })).toThrow(
      'its against is {"name":"sliding_window","options":{}}',
    );
  });
});

/**
 * The fuzzer's CI features through the API, the front door the command calls: `fuzz()` with
 * `shard`, `maxMemoryMb` and `baseline`; `recordFuzzBaseline()` (never a crash or a hang);
 * `mergeFuzzShards()` (the shards' report files into one machine's report, checked).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BaselineError, fuzz, mergeFuzzShards, recordFuzzBaseline } from '../../src/api/index.ts';
import { writeFuzzReportFile } from '../../src/fuzz/ci/fuzz-report-file.ts';
import { ROOT, tempDir } from '../cli/run-cli.ts';

const common = {
  strategy: 'threshold',
  runs: 4,
  seed: 3,
  properties: ['user-request-preserved' as const],
  maxShrinks: 2,
  jobs: 1,
  cwd: ROOT,
  varyOptions: false,
};

describe('fuzz CI through the API', () => {
  it('plays shards, merges their files into the whole run, records it as a baseline and compares with it', {
    timeout: 120_000,
  }, async () => {
    const dir = tempDir('api-fuzz-ci');
    const whole = await fuzz({ ...common, maxMemoryMb: 512 });
    const shards = await Promise.all([1, 2].map((index) => fuzz({ ...common, shard: { index, count: 2 } })));
    expect(shards.map((shard) => shard.shard)).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    const files = ['s1.json', 's2.json'].map((name) => join(dir, name));
    await Promise.all(shards.map((shard, i) => writeFuzzReportFile(files[i]!, shard)));
    const merged = await mergeFuzzShards({ files, outDir: join(dir, 'out'), cwd: ROOT });
    if (merged.kind !== 'plain') throw new Error(`merged ${merged.kind} reports, expected plain ones`);
    expect(merged.report.properties.map((p) => [p.checked, p.failed, [...p.failedRuns]])).toEqual(
      whole.properties.map((p) => [p.checked, p.failed, [...p.failedRuns]]),
    );

    const baselineFile = join(dir, 'baseline.json');
    const recorded = await recordFuzzBaseline(merged.report, baselineFile, ROOT);
    expect(recorded.status).toBe('written');
    expect(JSON.parse(readFileSync(baselineFile, 'utf8'))).toMatchObject({ strategy: 'threshold', seed: 3, runs: 4 });
    const again = await fuzz({ ...common, baseline: baselineFile });
    expect(again.failed).toBe(false);
    await expect(fuzz({ ...common, strategy: 'sliding_window', baseline: baselineFile })).rejects.toThrow(
      BaselineError,
    );
    await expect(fuzz({ ...common, shard: { index: 3, count: 2 } })).rejects.toThrow(
      'shard.index must be <= shard.count, got 3/2',
    );
    await expect(fuzz({ ...common, maxMemoryMb: 0 })).rejects.toThrow('maxMemoryMb must be an integer >= 1, got 0');
  });

  it('never records a run where the strategy hung', { timeout: 120_000 }, async () => {
    const dir = tempDir('api-fuzz-hung');
    const report = await fuzz({
      strategy: 'test/fuzz/fixtures/hang-strategy.mjs',
      runs: 2,
      properties: ['session-completes'],
      timeoutMs: 1000,
      jobs: 1,
      cwd: ROOT,
      maxShrinks: 1,
    });
    const file = join(dir, 'baseline.json');
    const recorded = await recordFuzzBaseline(report, file, ROOT);
    expect(recorded.status).toBe('refused');
    expect(existsSync(file)).toBe(false);
  });
});

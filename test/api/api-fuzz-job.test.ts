/**
 * The whole `fuzz` command through the API's one door, `fuzzJob()`: shards written as report
 * files and merged into the one-machine report, that report recorded as a fuzz baseline and a run
 * compared with it, the memory cap, differential runs against a reference (sharded and merged
 * too); every option checked once, named in the caller's words (the API's keys, or the command
 * line's flags); and `simulate()` refusing a filter that matches nothing, as the command does.
 * Small budgets: a few runs of one property.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzz, fuzzJob, invalidInputOf, OptionError, simulate, type FuzzJobOptions } from '../../src/api/index.ts';
import { CLI_OPTION_NAMES } from '../../src/cli/option-names.ts';
import { FIXTURES, ROOT, tempDir } from '../cli/run-cli.ts';

const common = {
  strategy: 'threshold',
  runs: 4,
  seed: 3,
  properties: ['user-request-preserved' as const],
  maxShrinks: 2,
  jobs: 1,
  cwd: ROOT,
  varyOptions: false,
  maxMemoryMb: 512,
};

describe('fuzzJob: the fuzz command as one call', () => {
  it('plays shards into report files, merges them into the whole run, records it as a baseline and compares with it', {
    timeout: 240_000,
  }, async () => {
    const dir = tempDir('api-fuzz-job');
    const whole = await fuzz(common);
    const files = [join(dir, 's1.json'), join(dir, 's2.json')];
    const shown: string[] = [];
    for (const [i, file] of files.entries()) {
      const shard = await fuzzJob({
        ...common,
        shard: { index: i + 1, count: 2 },
        reportFile: file,
        onReport: (played) => shown.push(`${played.mode} ${played.merged}`),
      });
      expect(shard.mode).toBe('plain');
      expect(JSON.parse(readFileSync(file, 'utf8')).report.shard).toEqual({ index: i + 1, count: 2 });
    }
    expect(shown).toEqual(['plain false', 'plain false']);

    const baseline = join(dir, 'baseline.json');
    const recorded = await fuzzJob({
      ...common,
      merge: files,
      outDir: join(dir, 'out'),
      baseline,
      updateBaseline: true,
    });
    if (recorded.kind !== 'baseline-written') throw new Error(`expected the merged run recorded, got ${recorded.kind}`);
    expect(recorded.merged).toBe(true);
    expect(recorded.report.properties.map((p) => [p.checked, p.failed, [...p.failedRuns]])).toEqual(
      whole.properties.map((p) => [p.checked, p.failed, [...p.failedRuns]]),
    );
    expect(JSON.parse(readFileSync(baseline, 'utf8'))).toMatchObject({ strategy: 'threshold', seed: 3, runs: 4 });

    // Compared with the baseline of itself, nothing is new: it passes, whatever the known failures.
    const again = await fuzzJob({ ...common, baseline });
    expect([again.kind, again.mode, again.merged]).toEqual(['passed', 'plain', false]);
    if (again.mode !== 'plain') throw new Error('plain expected');
    expect(again.report.baseline).not.toBeNull();
  });

  it('plays differentially against a reference, shards and merges that too', { timeout: 240_000 }, async () => {
    const dir = tempDir('api-fuzz-job-against');
    const against: FuzzJobOptions = { ...common, runs: 2, against: 'threshold' };
    const whole = await fuzzJob(against);
    // The same strategy as its own reference is never worse than it.
    expect([whole.kind, whole.mode]).toEqual(['passed', 'differential']);
    const files = [join(dir, 'd1.json'), join(dir, 'd2.json')];
    for (const [i, file] of files.entries())
      await fuzzJob({ ...against, shard: { index: i + 1, count: 2 }, reportFile: file });
    const merged = await fuzzJob({ ...common, merge: files, outDir: join(dir, 'out') });
    expect([merged.kind, merged.mode, merged.merged]).toEqual(['passed', 'differential', true]);
    if (merged.mode !== 'differential' || whole.mode !== 'differential') throw new Error('differential expected');
    expect(merged.report.against).toEqual(whole.report.against);
    expect(merged.report.properties.map((p) => p.property)).toEqual(whole.report.properties.map((p) => p.property));
  });

  it.each<[Partial<FuzzJobOptions>, string, string]>([
    [
      { updateBaseline: true },
      'updateBaseline writes the baseline file: give baseline <file>',
      '--update-baseline writes the --baseline file: give --baseline <file>',
    ],
    [
      { against: 'threshold', baseline: 'b.json' },
      "against already compares with a reference strategy's verdicts on the same runs: drop baseline",
      "--against already compares with a reference strategy's verdicts on the same runs: drop --baseline",
    ],
    [
      { merge: ['a.json'], against: 'threshold' },
      'merge reads both strategies from the shard reports: drop against',
      '--merge reads both strategies from the shard reports: drop --against',
    ],
    [
      { merge: [] },
      'merge needs the reportFile report files of the shards',
      '--merge needs the --json report files of the shards',
    ],
    [
      { againstOptions: {} },
      'againstOptions needs against <reference strategy>',
      '--against-options needs --against <reference strategy>',
    ],
    [
      { updateBaseline: true, baseline: 'b.json', shard: { index: 1, count: 2 } },
      'updateBaseline needs every run: drop shard, or record from the merged shards (merge ... updateBaseline)',
      '--update-baseline needs every run: drop --shard, or record from the merged shards (--merge ... --update-baseline)',
    ],
    [
      { merge: ['a.json'] },
      'merge writes the counterexamples again, as one machine would: give outDir',
      '--merge writes the counterexamples again, as one machine would: give --out',
    ],
    [{ maxMemoryMb: 0 }, 'maxMemoryMb must be an integer >= 1, got 0', '--max-memory must be an integer >= 1, got 0'],
    [
      { shard: { index: 1, count: 2 }, path: '1:0' },
      'shard slices an exploration: drop path (a path replays one run anywhere)',
      '--shard slices an exploration: drop --path (a path replays one run anywhere)',
    ],
  ])("refuses %o before anything runs, in the caller's words", async (options, api, cli) => {
    const played: string[] = [];
    const bad = { ...common, ...options, onProgress: () => played.push('run') };
    await expect(fuzzJob(bad)).rejects.toThrow(new OptionError(api));
    await expect(fuzzJob(bad, CLI_OPTION_NAMES)).rejects.toThrow(new OptionError(cli));
    expect(played).toEqual([]);
    const error = await fuzzJob(bad).catch((thrown: unknown) => thrown);
    expect(invalidInputOf(error)).toMatchObject({ kind: 'invalid-input', message: api });
  });

  it('checks the counterexample folder before anything plays', async () => {
    const dir = tempDir('api-fuzz-job-out');
    const file = join(dir, 'a-file');
    await fuzzJob({ ...common, runs: 1, outDir: dir, reportFile: file });
    expect(existsSync(file)).toBe(true);
    const played: string[] = [];
    await expect(
      fuzzJob({ ...common, outDir: file, onProgress: () => played.push('run') }, CLI_OPTION_NAMES),
    ).rejects.toThrow(`--out ${file}: is a file, not a folder`);
    expect(played).toEqual([]);
  });
});

describe('simulate() checks as the command does', () => {
  it('refuses a filter that matches nothing (the command line exits 2 on it)', async () => {
    const paths = [`${FIXTURES}/suite`];
    await expect(simulate({ paths, filter: 'no-such-scenario', jobs: 1, cwd: ROOT })).rejects.toThrow(
      new OptionError(`no scenario in ${paths[0]} matches filter "no-such-scenario"`),
    );
    const some = await simulate({ paths, filter: 'chain-8k', jobs: 1, cwd: ROOT });
    expect(some.kind).toBe('passed');
    expect(some.allIds.length).toBeGreaterThan(0);
  });
});

/**
 * Report folders are written as one piece by one run at a time (report-folder.ts): aside, then
 * renamed into place; a second writer is refused while the first lives, a dead one's lock is
 * taken over; report files of an earlier run never stay beside this run's; what is not a report
 * (another command's subfolder, the user's files) is never moved or removed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputDirError } from '../../../src/harness/report/output-dir.ts';
import { lockFileOf, lockReportDir, writeReportFolder } from '../../../src/harness/report/report-folder.ts';
import { tempDir } from '../../cli/run-cli.ts';

const files = (tag: string) => [
  { name: 'report.json', content: `{"run":"${tag}"}\n` },
  { name: 'run-meta.json', content: `{"argv":["${tag}"]}\n` },
];

/** What the parent folder holds besides the report folder: no lock, no folder written aside. */
function leftovers(dir: string): string[] {
  return readdirSync(dirname(dir)).filter((name) => name !== basename(dir));
}

/** A pid no process has: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('writeReportFolder', () => {
  it('writes a new folder aside and renames it into place, leaving nothing else behind', async () => {
    const dir = join(tempDir('folder-new'), 'out');
    expect(await writeReportFolder(dir, files('a'))).toEqual([join(dir, 'report.json'), join(dir, 'run-meta.json')]);
    expect(readdirSync(dir).sort()).toEqual(['report.json', 'run-meta.json']);
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('{"run":"a"}\n');
    expect(leftovers(dir)).toEqual([]);
  });

  it("replaces an earlier run's reports whole: none of its files stays beside the new ones", async () => {
    const dir = join(tempDir('folder-old'), 'out');
    mkdirSync(dir);
    for (const name of ['report.json', 'gate.json', 'gate.md', 'run-meta.json']) writeFileSync(join(dir, name), 'old');
    await writeReportFolder(dir, files('b'));
    expect(readdirSync(dir).sort()).toEqual(['report.json', 'run-meta.json']);
    expect(readFileSync(join(dir, 'run-meta.json'), 'utf8')).toBe('{"argv":["b"]}\n');
    expect(leftovers(dir)).toEqual([]);
  });

  it("never moves what is not a report: another command's subfolder and the user's files stay, stale reports go", async () => {
    const dir = join(tempDir('folder-mixed'), 'out');
    mkdirSync(join(dir, 'compare'), { recursive: true });
    writeFileSync(join(dir, 'compare', 'compare.json'), 'theirs');
    writeFileSync(join(dir, 'my-strategy.mjs'), 'mine');
    writeFileSync(join(dir, 'gate.json'), 'old');
    writeFileSync(join(dir, 'report.json'), 'old');
    await writeReportFolder(dir, files('c'));
    expect(readdirSync(dir).sort()).toEqual(['compare', 'my-strategy.mjs', 'report.json', 'run-meta.json']);
    expect(readFileSync(join(dir, 'compare', 'compare.json'), 'utf8')).toBe('theirs');
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('{"run":"c"}\n');
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('lockReportDir', () => {
  it('refuses a second writer while the first holds the folder, then lets it go', async () => {
    const dir = join(tempDir('lock-twice'), 'out');
    const lock = await lockReportDir(dir, '--report-dir');
    expect(readFileSync(lockFileOf(dir), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockReportDir(dir, '--report-dir')).rejects.toThrow(OutputDirError);
    // Writing the folder it holds needs no second lock.
    await writeReportFolder(dir, files('d'));
    expect(existsSync(lockFileOf(dir))).toBe(true);
    await lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    await (await lockReportDir(dir, '--report-dir')).release();
  });

  it('refuses a folder another live process holds, naming it', async () => {
    const dir = join(tempDir('lock-live'), 'out');
    // The test runner's parent process: alive for the whole test.
    writeFileSync(lockFileOf(dir), `${process.ppid}\n`);
    await expect(lockReportDir(dir, '--report-dir')).rejects.toThrow(
      `--report-dir ${dir} is being written by another compaction-sim run (pid ${process.ppid}, lock ${lockFileOf(dir)}): two runs writing one folder would mix their reports`,
    );
    await expect(writeReportFolder(dir, files('e'))).rejects.toThrow(OutputDirError);
    expect(existsSync(dir)).toBe(false);
  });

  it('takes over the lock of a run that died without removing it', async () => {
    const dir = join(tempDir('lock-stale'), 'out');
    writeFileSync(lockFileOf(dir), `${deadPid()}\n`);
    const lock = await lockReportDir(dir, '--report-dir');
    expect(readFileSync(lockFileOf(dir), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });
});

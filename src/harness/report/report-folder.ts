/**
 * A report folder (`--report-dir`) written as one piece by one run at a time. Two runs writing one
 * folder could leave a mix of both (one's report.json beside the other's junit.xml):
 *
 * - One writer: a run takes the folder's lock before it plays anything (`lockReportDir`): a file
 *   `.<folder>.lock` beside the folder, holding the owner's pid, created exclusively. A second run
 *   is refused (OutputDirError, exit 2) while the owner lives; a lock whose pid is dead (a run
 *   killed before it could remove it) is taken over. The lock goes when the reports are written,
 *   or when the process exits.
 * - Written aside, then renamed into place (`writeReportFolder`): every file goes to a sibling
 *   temporary folder first; a folder that holds nothing but report files is then swapped for it
 *   whole, so a reader sees the old reports or the new ones. A folder that also holds other things
 *   (another command's subfolder, e.g. `reports/out/compare`, or the user's files) is never moved:
 *   each file is renamed into it, one atomic rename each, under the lock. Either way, report files
 *   an earlier run left there that this run does not write (a gate.json beside simulate's reports)
 *   are removed, so the folder never mixes two runs.
 */
import { unlinkSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { OutputDirError } from './output-dir.ts';

/** Every file a report folder may hold (simulate's, gate's and compare's reports, and run-meta.json). */
export const REPORT_FILE_NAMES: readonly string[] = [
  'report.json',
  'report.md',
  'junit.xml',
  'report.html',
  'run-meta.json',
  'gate.md',
  'gate.json',
  'compare.json',
  'compare.md',
  'compare.html',
];

export interface ReportFile {
  readonly name: string;
  readonly content: string;
}

export interface ReportLock {
  readonly file: string;
  /** Removes the lock (idempotent). */
  release(): Promise<void>;
}

/** The locks this process holds, by folder: writing a folder it locked needs no second lock. */
const held = new Map<string, ReportLock>();

export function lockFileOf(dir: string): string {
  const absolute = resolve(dir);
  return join(dirname(absolute), `.${basename(absolute)}.lock`);
}

/**
 * Takes the folder's lock, or throws OutputDirError naming the run that holds it. `flag` names
 * the option in the message (`--report-dir`, or the API's `reportDir`).
 */
export async function lockReportDir(dir: string, flag: string, cwd = process.cwd()): Promise<ReportLock> {
  const absolute = resolve(cwd, dir);
  if (held.has(absolute)) throw busy(dir, flag, process.pid, lockFileOf(absolute));
  const file = lockFileOf(absolute);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return hold(absolute, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new OutputDirError(
          `${flag} ${dir}: cannot create its lock file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        );
      }
    }
    const owner = await ownerOf(file);
    if (owner !== null && isAlive(owner)) throw busy(dir, flag, owner, file);
    // A stale lock (its run died without removing it, or an unreadable one): taken over once.
    await rm(file, { force: true });
  }
  throw busy(dir, flag, (await ownerOf(file)) ?? 0, file);
}

/**
 * Writes `files` as the folder's whole content of reports (see the header): aside, then renamed
 * into place. Takes the folder's lock for the time of the write unless this process holds it.
 * Returns the paths written, in the order given.
 */
export async function writeReportFolder(dir: string, files: readonly ReportFile[]): Promise<string[]> {
  const absolute = resolve(dir);
  const own = held.get(absolute);
  const lock = own ?? (await lockReportDir(dir, 'report folder'));
  try {
    await mkdir(dirname(absolute), { recursive: true });
    const aside = join(dirname(absolute), `.${basename(absolute)}.writing-${process.pid}`);
    await rm(aside, { recursive: true, force: true });
    await mkdir(aside);
    for (const file of files) await writeFile(join(aside, file.name), file.content);
    const present = await entriesOf(absolute);
    if (present === null || present.every((name) => REPORT_FILE_NAMES.includes(name))) {
      await swapFolder(absolute, aside);
    } else {
      const written = new Set(files.map((file) => file.name));
      for (const file of files) await rename(join(aside, file.name), join(absolute, file.name));
      for (const name of present)
        if (REPORT_FILE_NAMES.includes(name) && !written.has(name)) await rm(join(absolute, name), { force: true });
      await rm(aside, { recursive: true, force: true });
    }
    return files.map((file) => join(dir, file.name));
  } finally {
    if (own === undefined) await lock.release();
  }
}

/** `aside` becomes `folder`; the old folder, when there was one, is removed. */
async function swapFolder(folder: string, aside: string): Promise<void> {
  const old = `${aside}-old`;
  await rm(old, { recursive: true, force: true });
  let moved = false;
  try {
    await rename(folder, old);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await rename(aside, folder);
  if (moved) await rm(old, { recursive: true, force: true });
}

async function entriesOf(folder: string): Promise<string[] | null> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function hold(folder: string, file: string): ReportLock {
  // A run that ends early (an error, exit 2 of a later check) still leaves no lock behind.
  const onExit = () => {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', onExit);
  let released = false;
  const lock: ReportLock = {
    file,
    async release() {
      if (released) return;
      released = true;
      held.delete(folder);
      process.off('exit', onExit);
      await rm(file, { force: true });
    },
  };
  held.set(folder, lock);
  return lock;
}

async function ownerOf(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Signal 0 checks that the process exists: EPERM means it does, under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function busy(dir: string, flag: string, pid: number, file: string): OutputDirError {
  return new OutputDirError(
    `${flag} ${dir} is being written by another compaction-sim run (pid ${pid}, lock ${file}): ` +
      'two runs writing one folder would mix their reports. Wait for it to finish, or give each run its own folder',
  );
}

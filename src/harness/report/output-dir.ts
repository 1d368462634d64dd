/**
 * Makes sure a folder the run will write to (--report-dir, fuzz --out) exists and is writable,
 * before anything runs, so a bad folder is bad input (exit 2) and never costs the user a run's
 * results. Folders are created one level at a time: Node's `mkdir(..., { recursive: true })`
 * never returns for a path under /proc.
 */
import { constants } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** A folder that cannot be written to (the CLI exits 2 with the message). */
export class OutputDirError extends Error {
  override readonly name = 'OutputDirError';
}

export interface PrepareOptions {
  /** Only check that the folder could be created and written (it is created when first needed). */
  readonly checkOnly?: boolean;
}

export async function prepareOutputDir(
  dir: string,
  flag: string,
  cwd = process.cwd(),
  options: PrepareOptions = {},
): Promise<void> {
  const absolute = resolve(cwd, dir);
  const fail = (what: string, error?: unknown): never => {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    throw new OutputDirError(`${flag} ${dir}: ${what}${code === undefined ? '' : ` (${code})`}`);
  };
  const missing: string[] = [];
  for (let current = absolute; ; current = dirname(current)) {
    let info: Awaited<ReturnType<typeof stat>> | null = null;
    try {
      info = await stat(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') fail(`cannot look at ${current}`, error);
    }
    if (info !== null) {
      if (!info.isDirectory())
        fail(current === absolute ? 'is a file, not a folder' : `${current} is a file, not a folder`);
      break;
    }
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  if (options.checkOnly === true) {
    const existing = missing.length === 0 ? absolute : dirname(missing[0]!);
    try {
      await access(existing, constants.W_OK);
    } catch (error) {
      fail(existing === absolute ? 'is not writable' : `${existing} is not writable`, error);
    }
    return;
  }
  for (const folder of missing) {
    try {
      await mkdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') fail(`cannot create the folder ${folder}`, error);
    }
  }
  const probe = join(absolute, `.compaction-sim-write-test-${process.pid}`);
  try {
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    fail('is not writable', error);
  }
}

/**
 * Writes every file reporter's output to the report dir, plus `run-meta.json`: the facts about
 * the run itself (tool version, argv, node) that must stay out of the deterministic reports.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPORTERS } from './reporters.ts';
import type { SuiteReport } from './suite-report.ts';

export interface RunMeta {
  readonly tool: string;
  readonly version: string;
  readonly node: string;
  readonly command: string;
  readonly argv: readonly string[];
}

/** A reporter that may be written to a file: its file name (null: stdout only) and how it renders. */
export interface FileReporter<Report> {
  readonly fileName: string | null;
  render(report: Report, options: { readonly color: boolean }): string;
}

/** Returns the paths written, in a fixed order. */
export async function writeReports(dir: string, report: SuiteReport, meta: RunMeta): Promise<string[]> {
  return writeReportFiles(dir, Object.values(REPORTERS), report, meta);
}

/**
 * Every reporter with a file name rendered (without colour) into `dir`, then run-meta.json (one
 * writer for `simulate`'s and `compare`'s reports). Returns the paths, in a fixed order.
 */
export async function writeReportFiles<Report>(dir: string, reporters: readonly FileReporter<Report>[], report: Report, meta: RunMeta): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const reporter of reporters) {
    if (reporter.fileName === null) continue;
    const path = join(dir, reporter.fileName);
    await writeFile(path, reporter.render(report, { color: false }));
    written.push(path);
  }
  const metaPath = join(dir, 'run-meta.json');
  await writeFile(metaPath, `${JSON.stringify(meta, null, 2)}\n`);
  written.push(metaPath);
  return written;
}

/**
 * Writes every file reporter's output to the report dir, plus `run-meta.json`: the facts about
 * the run itself (tool version, argv, node) that must stay out of the deterministic reports.
 */
import { REPORTERS } from './reporters.ts';
import { writeReportFolder, type ReportFile } from './report-folder.ts';
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

/** Returns the paths written, in a fixed order. `extra`: more files of the same run (gate.md, gate.json). */
export async function writeReports(
  dir: string,
  report: SuiteReport,
  meta: RunMeta,
  extra: readonly ReportFile[] = [],
): Promise<string[]> {
  return writeReportFiles(dir, Object.values(REPORTERS), report, meta, extra);
}

/**
 * Every reporter with a file name rendered (without colour) into `dir`, then `extra`, then
 * run-meta.json (one writer for `simulate`'s, `gate`'s and `compare`'s reports), written as one
 * folder by one run at a time (report-folder.ts). Returns the paths, in a fixed order.
 */
export async function writeReportFiles<Report>(
  dir: string,
  reporters: readonly FileReporter<Report>[],
  report: Report,
  meta: RunMeta,
  extra: readonly ReportFile[] = [],
): Promise<string[]> {
  const files: ReportFile[] = [];
  for (const reporter of reporters) {
    if (reporter.fileName === null) continue;
    files.push({ name: reporter.fileName, content: reporter.render(report, { color: false }) });
  }
  files.push(...extra, { name: 'run-meta.json', content: `${JSON.stringify(meta, null, 2)}\n` });
  return writeReportFolder(dir, files);
}

/**
 * The compare reporters by name: `--format` picks the one printed to stdout; every one with a
 * file name is written to the report dir (with run-meta.json, kept apart so reports stay
 * byte-identical between equal runs).
 */
import { writeReportFiles, type FileReporter, type RunMeta } from '../../harness/report/write-reports.ts';
import type { ComparisonReport } from '../comparison-report.ts';
import { renderComparisonHtml } from './comparison-html.ts';
import { renderComparisonMarkdown } from './comparison-markdown.ts';
import { renderComparisonTable } from './comparison-table.ts';

type ComparisonReporter = FileReporter<ComparisonReport>;

export type ComparisonFormat = 'table' | 'json' | 'markdown' | 'html';

export const COMPARISON_REPORTERS: Readonly<Record<ComparisonFormat, ComparisonReporter>> = {
  table: { fileName: null, render: (report, { color }) => renderComparisonTable(report, color) },
  json: { fileName: 'compare.json', render: (report) => `${JSON.stringify(report, null, 2)}\n` },
  markdown: { fileName: 'compare.md', render: (report) => renderComparisonMarkdown(report) },
  html: { fileName: 'compare.html', render: (report) => renderComparisonHtml(report) },
};
export const COMPARISON_FORMATS = Object.keys(COMPARISON_REPORTERS) as ComparisonFormat[];

/** Writes every file reporter's output and run-meta.json; returns the paths, in a fixed order. */
export async function writeComparisonReports(dir: string, report: ComparisonReport, meta: RunMeta): Promise<string[]> {
  return writeReportFiles(dir, Object.values(COMPARISON_REPORTERS), report, meta);
}

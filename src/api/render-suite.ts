/**
 * `renderSuite()`: a suite report as `compaction-sim simulate` prints it on stdout, in one of the
 * reporters' formats (`table`, `json`, `markdown`, `junit`...); `quiet` keeps, in the table, only
 * what needs action, the limitations tolerated (a pass never hides one) and the real-summarizer
 * banner (nobody may take such a run for a deterministic one). `reportsWrittenLine` is the line
 * that closes a run: where the report files went.
 */
import { summaryLine } from '../harness/report/format.ts';
import { REPORTERS, type ReporterName } from '../harness/report/reporters.ts';
import { realSummarizerBanner } from '../harness/report/summaries.ts';
import type { SuiteReport } from '../harness/report/suite-report.ts';
import { failureDetails, verdictNotes } from '../harness/report/table-reporter.ts';

export { reportsWrittenLine } from '../harness/report/reports-written.ts';

export function renderSuite(
  report: SuiteReport,
  format: ReporterName,
  options: { readonly color: boolean; readonly quiet?: boolean },
): string {
  const { color } = options;
  if (format === 'table' && options.quiet === true) {
    const parts = [
      realSummarizerBanner(report) ?? '',
      verdictNotes(report.scenarios),
      failureDetails(report.scenarios, color),
      summaryLine(report.summary.passed, report.summary.failed),
    ];
    return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
  }
  return REPORTERS[format].render(report, { color });
}

/**
 * The terminal table: one row per scenario, then the failure messages, then the closing line
 * `N passed, N failed` alone on its line (scripts and tests look for it). A real-summarizer run
 * opens with a banner naming the model and lists each scenario's summaries, one line each
 * (report.json has them in full).
 */
import Table from 'cli-table3';
import { paint } from './ansi.ts';
import { acceptedLines, infeasibleCounts, reproducedLines, MEASUREMENT_HEADERS, measurementCells, summaryLine, verdictText } from './format.ts';
import type { RenderOptions, Reporter } from './reporter.ts';
import { faultsNotAppliedText, oneLine, realSummarizerBanner, summariesOf, summaryBody, summaryLabel } from './summaries.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';
import { retainedCell } from './retention-report.ts';

/** Characters of a summary shown on its table line. */
export const TABLE_SUMMARY_CHARS = 100;

/** MEASUREMENT_HEADERS in two lines each, so the table fits a normal terminal. */
const HEAD = [
  'scenario',
  'window',
  'turns',
  'LLM\nsteps',
  'summari-\nzations',
  're-injec-\ntions',
  'trim-\nmed',
  'fall-\nbacks',
  'peak real tokens\n(% of window)',
  'overflow\nsteps',
  'loops/\nthrash',
  'verdict',
];

export const tableReporter: Reporter = {
  name: 'table',
  fileName: null,
  render(report: SuiteReport, options: RenderOptions): string {
    const { color } = options;
    // Planted facts (issue 29): a column of facts retained on the last request, only when some scenario has them.
    const facts = report.scenarios.some((record) => record.retention !== undefined);
    const head = facts ? [...HEAD.slice(0, -1), 'facts\nretained', HEAD[HEAD.length - 1]!] : HEAD;
    const table = new Table({
      head: head.map((title) => paint(title, 'bold', color)),
      style: { head: [], border: color ? ['grey'] : [], compact: true },
      colAligns: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', ...(facts ? ['right' as const] : []), 'left'],
    });
    for (const record of report.scenarios) {
      const cells = row(record, color);
      table.push(facts ? [...cells.slice(0, -1), retainedCell(record), cells[cells.length - 1]!] : cells);
    }
    const banner = realSummarizerBanner(report);
    const parts = banner === null ? [table.toString()] : [paint(banner, 'bold', color), table.toString(), summaryLines(report)];
    const notes = verdictNotes(report.scenarios);
    if (notes !== '') parts.push(notes);
    const details = failureDetails(report.scenarios, color);
    if (details !== '') parts.push(details);
    parts.push(summaryLine(report.summary.passed, report.summary.failed));
    return `${parts.join('\n\n')}\n`;
  },
};

function row(record: ScenarioRecord, color: boolean): string[] {
  const cells = measurementCells(record);
  const overflow = MEASUREMENT_HEADERS.indexOf('overflow steps');
  if ((record.overflowSteps ?? 0) > 0) cells[overflow] = paint(cells[overflow] as string, 'red', color);
  return [record.name, ...cells, paint(verdictText(record), record.passed ? 'green' : 'red', color)];
}

function summaryLines(report: SuiteReport): string {
  const blocks = report.scenarios.map((record) => {
    const written = summariesOf(record);
    const faults = faultsNotAppliedText(record);
    const lines = written.length === 0
      ? ['  (no summarizer call)']
      : written.map((item) => `  ${summaryLabel(item)}: ${oneLine(summaryBody(item), TABLE_SUMMARY_CHARS)}`);
    return [record.name, ...(faults === null ? [] : [`  (${faults})`]), ...lines].join('\n');
  });
  return [`Summaries by ${report.realSummarizer?.model ?? ''} (in full in report.json):`, ...blocks].join('\n');
}

/**
 * What passed only because an acceptance tolerated it (each with its reason: a known limitation
 * is never silent), and the violations excused as infeasible, counted (report.json has each).
 */
export function verdictNotes(records: readonly ScenarioRecord[]): string {
  const accepted = acceptedLines(records);
  const infeasible = infeasibleCounts(records);
  const reproduced = reproducedLines(records);
  const parts: string[] = [];
  if (reproduced.length > 0) parts.push(['Reported bugs reproduced (the property broke, as its users saw):', ...reproduced.map((line) => `  - ${line}`)].join('\n'));
  if (accepted.length > 0) parts.push(['Accepted limitations (tolerated, not passed):', ...accepted.map((line) => `  - ${line}`)].join('\n'));
  if (infeasible.length > 0) parts.push(`Infeasible, excused (no strategy could avoid them; details in report.json): ${infeasible.join('; ')}`);
  return parts.join('\n\n');
}

/** Each failing scenario with its messages, so the table's verdict column can stay short. */
export function failureDetails(records: readonly ScenarioRecord[], color: boolean): string {
  const blocks = records
    .filter((record) => !record.passed)
    .map((record) => {
      const lines = record.failures.map((failure) => `  - ${failure.message}`);
      return [`${paint('FAIL', 'red', color)} ${record.id}`, ...lines].join('\n');
    });
  return blocks.join('\n');
}

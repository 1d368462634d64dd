/**
 * The terminal table: one row per scenario, then the failure messages, then the closing line
 * `N passed, N failed` alone on its line (scripts and tests look for it).
 */
import Table from 'cli-table3';
import { paint } from './ansi.ts';
import { MEASUREMENT_HEADERS, measurementCells, summaryLine, verdictText } from './format.ts';
import type { RenderOptions, Reporter } from './reporter.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';

/** MEASUREMENT_HEADERS in two lines each, so the table fits a normal terminal. */
const HEAD = [
  'scenario',
  'window',
  'turns',
  'LLM\nsteps',
  'summari-\nzations',
  're-injec-\ntions',
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
    const table = new Table({
      head: HEAD.map((title) => paint(title, 'bold', color)),
      style: { head: [], border: color ? ['grey'] : [], compact: true },
      colAligns: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    });
    for (const record of report.scenarios) table.push(row(record, color));
    const parts = [table.toString()];
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

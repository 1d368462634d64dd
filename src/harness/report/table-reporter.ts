/**
 * The terminal table: one row per scenario, then the failure messages, then the closing line
 * `N passed, N failed` alone on its line (scripts and tests look for it).
 */
import Table from 'cli-table3';
import { paint } from './ansi.ts';
import {
  formatCount,
  formatLoopsThrash,
  formatPeak,
  formatWindow,
  summaryLine,
  verdictText,
} from './format.ts';
import type { RenderOptions, Reporter } from './reporter.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';

/** Two-line headings keep the table narrow enough for a normal terminal. */
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
  const overflow = formatCount(record.overflowSteps);
  return [
    record.name,
    formatWindow(record.settings.contextWindow),
    formatCount(record.settings.turns),
    formatCount(record.llmSteps),
    formatCount(record.summarizations),
    formatCount(record.reinjections),
    formatCount(record.fallbacks),
    formatPeak(record),
    (record.overflowSteps ?? 0) > 0 ? paint(overflow, 'red', color) : overflow,
    formatLoopsThrash(record),
    paint(verdictText(record), record.passed ? 'green' : 'red', color),
  ];
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

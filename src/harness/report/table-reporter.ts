/**
 * The terminal table: one row per scenario, then the accepted limitations grouped by reason, the
 * failure messages, and the closing line `N passed, N failed` alone on its line (scripts and tests
 * look for it). A real-summarizer run opens with a banner naming the model and lists each
 * scenario's summaries, one line each (report.json has them in full).
 *
 * It is the first screen a newcomer reads, so it fits a 120-column terminal for scenario names up
 * to 40 characters: no vertical borders, two-line headers, the window and turns (settings the file
 * states) left to the file reports, a pass under an accepted limitation marked `*` and its reason printed
 * once for every scenario it covers, text wrapped at NOTE_WIDTH.
 */
import Table from 'cli-table3';
import { acceptedGroups, type AcceptedGroup } from './accepted-groups.ts';
import { paint } from './ansi.ts';
import {
  costLine,
  infeasibleCounts,
  reproducedLines,
  MEASUREMENT_HEADERS,
  measurementCells,
  summaryLine,
  verdictText,
} from './format.ts';
import type { RenderOptions, Reporter } from './reporter.ts';
import { wrapText } from './wrap-text.ts';
import { propertyKindsLine } from './property-kinds.ts';
import {
  faultsNotAppliedText,
  oneLine,
  realSummarizerBanner,
  summariesOf,
  summaryBody,
  summaryLabel,
} from './summaries.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';
import { recoveriesLines, retainedCell } from './retention-report.ts';
import { replayCompactionsLines } from './replay-compactions.ts';

/** Characters of a summary shown on its table line. */
export const TABLE_SUMMARY_CHARS = 100;

/** Where the notes under the table wrap. */
export const NOTE_WIDTH = 110;

/** Beyond this many scenarios, an acceptance's group gives their count, not their names. */
const LISTED_SCENARIOS = 6;

/**
 * The table's columns: MEASUREMENT_HEADERS but the window and the turns (settings the file states,
 * which the file reports carry; the peak's share of the window stays), headers in two short lines.
 */
const COLUMNS: readonly { readonly head: string; readonly measurement: (typeof MEASUREMENT_HEADERS)[number] }[] = [
  { head: 'LLM\nsteps', measurement: 'LLM steps' },
  { head: 'summa-\nrized', measurement: 'summarizations' },
  { head: 're-in-\njected', measurement: 're-injections' },
  { head: 'trim-\nmed', measurement: 'trimmed' },
  { head: 'fall-\nbacks', measurement: 'fallbacks' },
  { head: 'peak tokens\n(% of window)', measurement: 'peak real tokens' },
  { head: 'over-\nflows', measurement: 'overflow steps' },
  { head: 'loops/\nthrash', measurement: 'loops/thrash' },
];

/** No vertical borders: columns two spaces apart, a rule under the header. */
const CHARS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '─',
  'mid-mid': '──',
  right: '',
  'right-mid': '',
  middle: '  ',
};

export const tableReporter: Reporter = {
  name: 'table',
  fileName: null,
  render(report: SuiteReport, options: RenderOptions): string {
    const { color } = options;
    // Planted facts (issue 29): a column of facts retained on the last request, only when some scenario has them.
    const facts = report.scenarios.some((record) => record.retention !== undefined);
    const head = [
      'scenario',
      ...COLUMNS.map((column) => column.head),
      ...(facts ? ['facts\nretained'] : []),
      'verdict',
    ];
    const table = new Table({
      head: head.map((title) => paint(title, 'bold', color)),
      chars: CHARS,
      style: { head: [], border: color ? ['grey'] : [], compact: true, 'padding-left': 0, 'padding-right': 0 },
      colAligns: ['left', ...COLUMNS.map(() => 'right' as const), ...(facts ? ['right' as const] : []), 'left'],
    });
    for (const record of report.scenarios) {
      const cells = row(record, color);
      table.push(facts ? [...cells.slice(0, -1), retainedCell(record), cells[cells.length - 1]!] : cells);
    }
    const rendered = table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n');
    const banner = realSummarizerBanner(report);
    const parts = banner === null ? [rendered] : [paint(banner, 'bold', color), rendered, summaryLines(report)];
    const notes = verdictNotes(report.scenarios);
    if (notes !== '') parts.push(notes);
    const recoveries = recoveriesLines(report);
    if (recoveries !== '') parts.push(recoveries);
    const replayed = replayCompactionsLines(report);
    if (replayed !== '') parts.push(replayed);
    const details = failureDetails(report.scenarios, color);
    if (details !== '') parts.push(details);
    const kinds = propertyKindsLine(report);
    if (kinds !== '') parts.push(kinds);
    const cost = costLine(report.scenarios);
    parts.push(
      cost === ''
        ? summaryLine(report.summary.passed, report.summary.failed)
        : `${cost}
${summaryLine(report.summary.passed, report.summary.failed)}`,
    );
    return `${parts.join('\n\n')}\n`;
  },
};

function row(record: ScenarioRecord, color: boolean): string[] {
  const cells = measurementCells(record);
  const shown = COLUMNS.map((column) => {
    const cell = cells[MEASUREMENT_HEADERS.indexOf(column.measurement)] as string;
    return column.measurement === 'overflow steps' && (record.overflowSteps ?? 0) > 0
      ? paint(cell, 'red', color)
      : cell;
  });
  return [
    wrapName(record.name, NAME_WIDTH),
    ...shown,
    paint(tableVerdict(record), record.passed ? 'green' : 'red', color),
  ];
}

/** Scenario names longer than this wrap onto more lines of the row (the seed suites' all fit). */
export const NAME_WIDTH = 40;

/**
 * A name cut into lines of at most `width` characters, each cut just after a `_`, `-`, `/` or `.`
 * when there is one in the line's second half, so the pieces stay readable words.
 */
export function wrapName(name: string, width: number): string {
  const lines: string[] = [];
  let rest = name;
  while (rest.length > width) {
    const window = rest.slice(0, width);
    const seam = Math.max(...['_', '-', '/', '.'].map((mark) => window.lastIndexOf(mark)));
    const cut = seam >= width / 2 ? seam + 1 : width;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  lines.push(rest);
  return lines.join('\n');
}

/**
 * The verdict cell: a failure names what failed (the messages follow the table); a pass under an
 * accepted limitation is `PASS*`, the limitation listed under the table; a museum scenario that
 * reproduced its reported bug is `PASS (bug)`, the bug listed under the table.
 */
export function tableVerdict(record: ScenarioRecord): string {
  if (!record.passed) return verdictText(record);
  return `PASS${record.reproduced.length > 0 ? ' (bug)' : ''}${record.accepted.length > 0 ? '*' : ''}`;
}

function summaryLines(report: SuiteReport): string {
  const blocks = report.scenarios.map((record) => {
    const written = summariesOf(record);
    const faults = faultsNotAppliedText(record);
    const lines =
      written.length === 0
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
  const groups = acceptedGroups(records);
  const infeasible = infeasibleCounts(records);
  const reproduced = reproducedLines(records);
  const parts: string[] = [];
  if (reproduced.length > 0)
    parts.push(
      [
        'PASS (bug): reported bugs reproduced (the property broke, as its users saw):',
        ...reproduced.map((line) => `  - ${line}`),
      ].join('\n'),
    );
  if (groups.length > 0) {
    const covered = records.filter((record) => record.accepted.length > 0).length;
    const heading = `* Accepted limitations (tolerated, not passed) in ${covered} of ${records.length} scenario${records.length === 1 ? '' : 's'}, by reason:`;
    parts.push([heading, ...groups.flatMap((group) => acceptedGroupLines(group, records.length))].join('\n'));
  }
  if (infeasible.length > 0)
    parts.push(`Infeasible, excused (no strategy could avoid them; details in report.json): ${infeasible.join('; ')}`);
  return parts.join('\n\n');
}

/** One group: which properties, for which strategy, where (every scenario, a list, or a count), then its reason. */
function acceptedGroupLines(group: AcceptedGroup, total: number): string[] {
  const count = group.scenarios.length;
  const where =
    count === total && total > 1
      ? `in all ${total} scenarios`
      : count <= LISTED_SCENARIOS
        ? `in ${group.scenarios.join(', ')}`
        : `in ${count} scenarios (report.md names them)`;
  return [
    ...wrapText(`${group.properties.join(', ')} (${group.strategy}) ${where}:`, NOTE_WIDTH, '  - ', '      '),
    ...wrapText(group.reason, NOTE_WIDTH, '    ', '    '),
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

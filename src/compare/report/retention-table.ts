/**
 * The retention league of every compare reporter (issue 29): a row per contender in league order,
 * the share of planted facts retained in all and by kind. '' / [] when no scenario plants facts.
 */
import Table from 'cli-table3';
import { paint } from '../../harness/report/ansi.ts';
import { escapeHtml } from '../../harness/report/html/escape-html.ts';
import type { ComparisonReport } from '../comparison-report.ts';
import { headCell } from './head-cell.ts';
import { RETENTION_HEADERS, RETENTION_NOTE, retentionPercent } from '../retention-league.ts';

/** Forgetting has a price: columns of re-reads only when some contender made one (other comparisons unchanged). */
const RECOVERY_HEADERS = ['re-reads', 're-read tokens', 're-read loops'] as const;
const hasRecoveries = (report: ComparisonReport): boolean => report.league.some((row) => row.recoveries !== undefined);

function headers(report: ComparisonReport): string[] {
  return ['#', 'strategy', ...RETENTION_HEADERS, ...(hasRecoveries(report) ? RECOVERY_HEADERS : [])];
}

function rows(report: ComparisonReport): string[][] {
  const recoveries = hasRecoveries(report);
  return report.league.map((row) => [
    String(row.rank),
    row.strategy,
    ...RETENTION_HEADERS.map((kind) => retentionPercent(row.retention, kind)),
    ...(recoveries
      ? [
          String(row.recoveries?.calls ?? 0),
          (row.recoveries?.tokens ?? 0).toLocaleString('en-US'),
          String(row.recoveries?.rereadLoops ?? 0),
        ]
      : []),
  ]);
}

const RECOVERY_NOTE =
  'Re-reads: steps where the agent recovered a fact a later turn needs and its request lacked (a tool call answered with the newest value), with the tokens of those requests; a re-read loop is a need re-read more than once because the strategy dropped the re-read again.';

const hasFacts = (report: ComparisonReport): boolean => report.league.some((row) => row.retention !== undefined);

export function retentionTerminal(report: ComparisonReport, color: boolean): string[] {
  if (!hasFacts(report)) return [];
  const head = headers(report);
  const table = new Table({
    head: head.map((title) => paint(title, 'bold', color)),
    style: { head: [], border: color ? ['grey'] : [], compact: true },
    colAligns: ['right', 'left', ...head.slice(2).map(() => 'right' as const)],
  });
  for (const row of rows(report)) table.push(row);
  return [
    paint('What survived: planted facts retained', 'bold', color),
    table.toString(),
    RETENTION_NOTE,
    ...(hasRecoveries(report) ? [RECOVERY_NOTE] : []),
  ];
}

export function retentionMarkdownSection(report: ComparisonReport): string[] {
  if (!hasFacts(report)) return [];
  const head = headers(report);
  const lines = [
    head,
    head.map((_, i) => (i === 1 ? '---' : '---:')),
    ...rows(report).map((row) => [row[0]!, `\`${row[1]!}\``, ...row.slice(2)]),
  ];
  return [
    '### What survived: planted facts retained',
    lines.map((line) => `| ${line.join(' | ')} |`).join('\n'),
    `> ${RETENTION_NOTE}`,
    ...(hasRecoveries(report) ? [`> ${RECOVERY_NOTE}`] : []),
  ];
}

export function retentionHtml(report: ComparisonReport): string[] {
  if (!hasFacts(report)) return [];
  const head = headers(report)
    .map((title) => headCell(title))
    .join('');
  const body = rows(report)
    .map(
      (row) =>
        `<tr><td>${row[0]}</td><td class="name"><code>${escapeHtml(row[1]!)}</code></td>${row
          .slice(2)
          .map((cell) => `<td>${cell}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return [
    '<h2 class="section">What survived: planted facts retained</h2>',
    `<section class="panel"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></section>`,
    `<div class="notes">${escapeHtml(RETENTION_NOTE)}</div>`,
    ...(hasRecoveries(report) ? [`<div class="notes">${escapeHtml(RECOVERY_NOTE)}</div>`] : []),
  ];
}

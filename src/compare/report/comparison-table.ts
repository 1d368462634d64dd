/**
 * The terminal rendering of a comparison: the league (ranked), the fuzz tallies when the run
 * fuzzed, and the museum matrix, each table followed by its legend.
 */
import Table from 'cli-table3';
import { paint } from '../../harness/report/ansi.ts';
import type { ComparisonReport } from '../comparison-report.ts';
import { retentionTerminal } from './retention-table.ts';
import {
  FUZZ_NOTE,
  fuzzText,
  LEAGUE_HEADERS,
  LEAGUE_NOTE,
  leagueCells,
  MATRIX_LEGEND,
  matrixText,
  PROPERTY_SHORT,
} from './cells.ts';

export function renderComparisonTable(report: ComparisonReport, color: boolean): string {
  const parts = [heading(report, color), league(report, color), LEAGUE_NOTE, ...retentionTerminal(report, color)];
  if (report.fuzz !== null) parts.push(fuzzTable(report, color), FUZZ_NOTE);
  if (report.museum.length > 0) parts.push(museum(report, color), MATRIX_LEGEND);
  return `${parts.join('\n\n')}\n`;
}

function heading(report: ComparisonReport, color: boolean): string {
  const fuzz = report.fuzz === null ? 'no fuzzing' : `${report.fuzz.runs} fuzz runs from seed ${report.fuzz.seed}`;
  const scenarios = report.scenarios.length;
  return paint(
    `${report.contenders.length} strategies, ${scenarios} scenario${scenarios === 1 ? '' : 's'} (${report.paths.join(', ')}), ${fuzz}`,
    'bold',
    color,
  );
}

function table(head: readonly string[], color: boolean, aligns: ('left' | 'right')[]): Table.Table {
  return new Table({
    head: head.map((title) => paint(title, 'bold', color)),
    style: { head: [], border: color ? ['grey'] : [], compact: true },
    colAligns: aligns,
  });
}

function league(report: ComparisonReport, color: boolean): string {
  const head = ['#', 'strategy', ...LEAGUE_HEADERS.map(twoLines)];
  const t = table(head, color, ['right', 'left', ...LEAGUE_HEADERS.map(() => 'right' as const)]);
  for (const row of report.league) t.push([String(row.rank), row.strategy, ...leagueCells(row)]);
  return t.toString();
}

function fuzzTable(report: ComparisonReport, color: boolean): string {
  const properties = report.league[0]?.fuzz?.map((tally) => tally.property) ?? [];
  const t = table(['strategy', ...properties.map((property) => PROPERTY_SHORT[property])], color, [
    'left',
    ...properties.map(() => 'right' as const),
  ]);
  for (const row of report.league) t.push([row.strategy, ...(row.fuzz ?? []).map(fuzzText)]);
  return t.toString();
}

/**
 * The museum matrix, folded for a terminal: per scenario, the strategies grouped by what broke
 * (the Markdown and HTML reports show the full scenario × strategy grid).
 */
function museum(report: ComparisonReport, color: boolean): string {
  const blocks = report.museum.map((scenario) => {
    const bugs = [...new Set(scenario.bugs.map((bug) => `${bug.strategy}: ${bug.issue}`))].join('; ');
    const groups = new Map<string, string[]>();
    scenario.results.forEach((result) => {
      const text = matrixText(result);
      groups.set(text, [...(groups.get(text) ?? []), result.strategy]);
    });
    const lines = [...groups].map(
      ([text, strategies]) => `  ${text === 'ok' ? paint(text, 'green', color) : text}: ${strategies.join(', ')}`,
    );
    return [`${paint(scenario.name, 'bold', color)} (reproduces ${bugs})`, ...lines].join('\n');
  });
  return [paint('Museum: what broke, per strategy', 'bold', color), ...blocks].join('\n');
}

/** "tokens billed" → "tokens\nbilled": headers in two lines keep the table narrow. */
function twoLines(title: string): string {
  const space = title.indexOf(' ');
  return space < 0 ? title : `${title.slice(0, space)}\n${title.slice(space + 1)}`;
}

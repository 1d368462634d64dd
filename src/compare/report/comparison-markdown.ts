/**
 * `compare.md`: the comparison as Markdown (a CI job summary, the README's league table): the
 * league, the fuzz tallies, and the full museum matrix (scenario × strategy).
 */
import type { ComparisonReport } from '../comparison-report.ts';
import { retentionMarkdownSection } from './retention-table.ts';
import { replayCompactionsParts } from '../../harness/report/replay-compactions.ts';
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

export function renderComparisonMarkdown(report: ComparisonReport): string {
  const fuzz = report.fuzz === null ? 'no fuzzing' : `${report.fuzz.runs} fuzz runs from seed ${report.fuzz.seed}`;
  const parts = [
    `## compaction-sim compare: ${report.contenders.length} strategies, ${report.scenarios.length} scenarios, ${fuzz}`,
    `Suites: ${report.paths.map(code).join(', ')}`,
    leagueTable(report),
    quote(LEAGUE_NOTE),
    ...retentionMarkdownSection(report),
  ];
  if (report.fuzz !== null)
    parts.push(`### Fuzz (${report.fuzz.runs} runs, seed ${report.fuzz.seed})`, fuzzTable(report), quote(FUZZ_NOTE));
  if (report.museum.length > 0) parts.push('### Museum of reported bugs', museumTable(report), quote(MATRIX_LEGEND));
  parts.push(...replayedSection(report));
  return `${parts.join('\n\n')}\n`;
}

export function leagueTable(report: ComparisonReport): string {
  const head = ['#', 'strategy', ...LEAGUE_HEADERS];
  const rows = report.league.map((row) => [String(row.rank), code(row.strategy), ...leagueCells(row)]);
  return markdownTable(head, rows, ['right', 'left', ...LEAGUE_HEADERS.map(() => 'right' as const)]);
}

function fuzzTable(report: ComparisonReport): string {
  const properties = report.league[0]?.fuzz?.map((tally) => tally.property) ?? [];
  const rows = report.league.map((row) => [code(row.strategy), ...(row.fuzz ?? []).map(fuzzText)]);
  return markdownTable(['strategy', ...properties.map((property) => PROPERTY_SHORT[property])], rows, [
    'left',
    ...properties.map(() => 'right' as const),
  ]);
}

export function museumTable(report: ComparisonReport): string {
  const head = ['scenario', 'reproduces', ...report.contenders.map((contender) => code(contender.strategy))];
  const rows = report.museum.map((scenario) => [
    cell(scenario.name),
    cell([...new Set(scenario.bugs.map((bug) => `${bug.strategy}: ${bug.issue}`))].join('; ')),
    ...scenario.results.map((result) => cell(matrixText(result))),
  ]);
  return markdownTable(
    head,
    rows,
    head.map(() => 'left' as const),
  );
}

function markdownTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  aligns: readonly ('left' | 'right')[],
): string {
  const rule = aligns.map((align) => (align === 'right' ? '---:' : '---'));
  return [head, rule, ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${cell(line)}`)
    .join('\n>\n');
}

/**
 * For each replayed log whose recorded agent compacted: where it did, and where each contender
 * did instead (open loop: the same recorded calls, so turn and call line up).
 */
function replayedSection(report: ComparisonReport): string[] {
  const sections = report.scenarios.flatMap((scenario) => {
    const recorded = scenario.results[0]?.replay;
    if (recorded === undefined || recorded.recorded.length === 0) return [];
    const rows = scenario.results.map((result) => [
      code(result.strategy),
      cell(result.replay === undefined ? '—' : replayCompactionsParts(result.replay).strategy),
    ]);
    return [
      `${code(scenario.name)}: the recorded agent ${replayCompactionsParts(recorded).recorded}.`,
      markdownTable(['strategy', 'its compactions (turn, call within the turn; tokens before → after)'], rows, [
        'left',
        'left',
      ]),
    ];
  });
  return sections.length === 0
    ? []
    : ["### Replayed logs: the recorded compactions beside each strategy's", ...sections];
}

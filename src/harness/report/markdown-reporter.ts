/**
 * `report.md`: a CI job summary (GitHub's $GITHUB_STEP_SUMMARY renders it): totals, the scenario
 * table, then each failure with its messages. A real-summarizer run says so under the heading
 * and lists each scenario's summaries (cut at MARKDOWN_SUMMARY_CHARS; report.json has them in full).
 */
import {
  acceptedProperties,
  costLine,
  infeasibleCounts,
  MEASUREMENT_HEADERS,
  failingExpectations,
  formatCount,
  measurementCells,
  summaryLine,
} from './format.ts';
import { propertyKindsText } from './property-kinds.ts';
import type { Reporter } from './reporter.ts';
import {
  faultsNotAppliedText,
  oneLine,
  realSummarizerBanner,
  summariesOf,
  summaryBody,
  summaryLabel,
} from './summaries.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';
import { retentionMarkdown } from './retention-report.ts';
import { replayCompactionsMarkdown } from './replay-compactions.ts';

/** Characters of a summary shown in report.md (a CI job summary has a size limit). */
export const MARKDOWN_SUMMARY_CHARS = 600;

export const markdownReporter: Reporter = {
  name: 'markdown',
  fileName: 'report.md',
  render: (report) =>
    `${[heading(report), banner(report), totals(report), table(report), costLine(report.scenarios), retentionMarkdown(report), replayCompactionsMarkdown(report), summaries(report), failures(report), reproduced(report), accepted(report), infeasible(report), propertyKinds(report)].filter((part) => part !== '').join('\n\n')}\n`,
};

function heading(report: SuiteReport): string {
  const mark = report.summary.failed === 0 ? '✅' : '❌';
  return `## ${mark} compaction-sim: ${summaryLine(report.summary.passed, report.summary.failed)}`;
}

function banner(report: SuiteReport): string {
  const text = realSummarizerBanner(report);
  return text === null ? '' : `> ⚠️ ${cell(text)}`;
}

function summaries(report: SuiteReport): string {
  if (report.realSummarizer === undefined) return '';
  const blocks = report.scenarios.map((record) => {
    const written = summariesOf(record);
    const items =
      written.length === 0
        ? ['- _no summarizer call_']
        : written.map(
            (item) => `- ${summaryLabel(item)}: ${modelText(oneLine(summaryBody(item), MARKDOWN_SUMMARY_CHARS))}`,
          );
    const faults = faultsNotAppliedText(record);
    return [`**${code(record.name)}**`, '', ...(faults === null ? [] : [`_${cell(faults)}_`, '']), ...items].join('\n');
  });
  return [`### Summaries by ${code(report.realSummarizer.model)}`, ...blocks].join('\n\n');
}

function totals(report: SuiteReport): string {
  const sum = (pick: (record: ScenarioRecord) => number | null): string =>
    formatCount(report.scenarios.reduce((total, record) => total + (pick(record) ?? 0), 0));
  return [
    '| scenarios | LLM steps | summarizations | re-injections | trimmed | fallbacks | overflow steps | loops | thrash |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    `| ${report.summary.total} | ${sum((r) => r.llmSteps)} | ${sum((r) => r.summarizations)} | ${sum((r) => r.reinjections)} | ${sum((r) => r.trimmedSteps)} | ${sum((r) => r.fallbacks)} | ${sum((r) => r.overflowSteps)} | ${sum((r) => r.loops)} | ${sum((r) => r.thrash)} |`,
  ].join('\n');
}

function table(report: SuiteReport): string {
  if (report.scenarios.length === 0) return '_No scenarios ran._';
  const lines = [
    `| scenario | ${MEASUREMENT_HEADERS.join(' | ')} | verdict |`,
    '|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:--|',
  ];
  for (const record of report.scenarios) {
    const tolerated = acceptedProperties(record);
    const notes = [
      ...(record.reproduced.length === 0
        ? []
        : [`reproduced: ${record.reproduced.map((item) => code(item.property)).join(', ')}`]),
      ...(tolerated.length === 0 ? [] : [`accepted: ${tolerated.map(code).join(', ')}`]),
    ];
    const verdict = !record.passed
      ? `❌ ${failingExpectations(record).map(code).join(', ')}`
      : ['✅ pass', ...notes].join(', ');
    const cells = [code(record.name), ...measurementCells(record), verdict];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

function failures(report: SuiteReport): string {
  const failed = report.scenarios.filter((record) => !record.passed);
  if (failed.length === 0) return '';
  const blocks = failed.map((record) => {
    const items = record.failures.map((failure) => `- ${cell(failure.message)}`);
    const about = record.description?.trim() ?? '';
    return [`**${code(record.id)}**`, ...(about === '' ? [] : ['', modelText(about)]), '', ...items].join('\n');
  });
  return ['### Failures', ...blocks].join('\n\n');
}

/** Every reported bug the run reproduced, with where it was reported. */
function reproduced(report: SuiteReport): string {
  const rows = report.scenarios.flatMap((record) =>
    record.reproduced.map(
      (item) => `| ${code(record.name)} | ${code(item.property)} | ${code(item.strategy)} | ${cell(item.issue)} |`,
    ),
  );
  if (rows.length === 0) return '';
  return [
    '### Reported bugs reproduced',
    '',
    '| scenario | property | strategy | issue |',
    '|:--|:--|:--|:--|',
    ...rows,
  ].join('\n');
}

/** Every tolerated violation with its reason: a known limitation is never silent. */
function accepted(report: SuiteReport): string {
  const rows = report.scenarios.flatMap((record) =>
    record.accepted.map(
      (item) => `| ${code(record.name)} | ${code(item.property)} | ${code(item.strategy)} | ${cell(item.reason)} |`,
    ),
  );
  if (rows.length === 0) return '';
  return [
    '### Accepted limitations',
    '',
    '| scenario | property | strategy | reason |',
    '|:--|:--|:--|:--|',
    ...rows,
  ].join('\n');
}

function infeasible(report: SuiteReport): string {
  const counts = infeasibleCounts(report.scenarios);
  if (counts.length === 0) return '';
  return [
    '### Infeasible (excused: no strategy could avoid them)',
    '',
    ...counts.map((line) => `- ${cell(line)}`),
  ].join('\n');
}

/** Inline code that survives backticks and pipes inside table cells. */
function code(text: string): string {
  return `\`${cell(text).replace(/`/g, "'")}\``;
}

/** Text a model wrote, shown as text: no HTML it may contain gets rendered. */
function modelText(text: string): string {
  return cell(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One table-cell-safe line: no pipes breaking columns, no newlines breaking rows. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** Which properties were judged, by kind: behaviour (what happened) vs contract (what a strategy declares, checked by fuzz). */
function propertyKinds(report: SuiteReport): string {
  const text = propertyKindsText(report, code);
  return text === '' ? '' : ['### Properties', '', ...text.split('\n').map((line) => `- ${line}`)].join('\n');
}

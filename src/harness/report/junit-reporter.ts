/**
 * `junit.xml`: one testcase per scenario, a `<failure>` carrying every failing expectation, and
 * the headline measurements in `<system-out>`. No `time` attributes: reports are deterministic.
 */
import { failingExpectations, formatCount, formatLoopsThrash, formatPeak } from './format.ts';
import type { Reporter } from './reporter.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';
import { escapeXml } from './xml-escape.ts';

export const junitReporter: Reporter = {
  name: 'junit',
  fileName: 'junit.xml',
  render: (report) => renderJunit(report),
};

function renderJunit(report: SuiteReport): string {
  const { total, failed } = report.summary;
  const counts = `tests="${total}" failures="${failed}" errors="0" skipped="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="compaction-sim" ${counts}>`,
    `  <testsuite name="compaction-sim" ${counts}>`,
    ...properties(report),
    ...report.scenarios.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** A real-summarizer run is marked, so CI never mistakes it for a deterministic one. */
function properties(report: SuiteReport): string[] {
  const real = report.realSummarizer;
  if (real === undefined) return [];
  return [
    '    <properties>',
    `      <property name="realSummarizer" value="${escapeXml(real.model)}"/>`,
    `      <property name="realSummarizerNote" value="${escapeXml(real.note)}"/>`,
    '    </properties>',
  ];
}

function testcase(record: ScenarioRecord): string {
  const open = `    <testcase classname="${escapeXml(record.file)}" name="${escapeXml(record.name)}">`;
  const lines = [open];
  if (!record.passed) {
    const message = `failed: ${failingExpectations(record).join(', ')}`;
    const body = record.failures.map((failure) => failure.message).join('\n');
    lines.push(`      <failure message="${escapeXml(message)}" type="expectation">${escapeXml(body)}</failure>`);
  }
  const notes = [
    ...record.reproduced.map((item) => `reproduced ${item.property} (strategy ${item.strategy}): ${item.issue}`),
    ...record.accepted.map((item) => `accepted ${item.property} (strategy ${item.strategy}): ${item.reason}`),
    ...record.infeasible.map((item) => `infeasible ${item.property} (${item.reason}): ${item.detail}`),
  ];
  lines.push(`      <system-out>${escapeXml([measurements(record), ...notes].join('\n'))}</system-out>`);
  lines.push('    </testcase>');
  return lines.join('\n');
}

function measurements(record: ScenarioRecord): string {
  return [
    `id=${record.id}`,
    `seed=${record.settings.seed}`,
    `strategy=${record.settings.strategy.name}`,
    `llmSteps=${formatCount(record.llmSteps)}`,
    `summarizations=${formatCount(record.summarizations)}`,
    `reinjections=${formatCount(record.reinjections)}`,
    `trimmedSteps=${formatCount(record.trimmedSteps)}`,
    `fallbacks=${formatCount(record.fallbacks)}`,
    `peakRealTokens=${formatPeak(record)}`,
    `overflowSteps=${formatCount(record.overflowSteps)}`,
    `loops/thrash=${formatLoopsThrash(record)}`,
  ].join(' ');
}

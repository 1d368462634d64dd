/**
 * Number and verdict formatting shared by the text reporters. Locale-independent on purpose:
 * `toLocaleString` depends on the machine's ICU data, and reports must be byte-identical.
 */
import type { ScenarioRecord } from './suite-report.ts';

/** 12345 → "12,345"; null (the session never finished) → "—". */
export function formatCount(value: number | null): string {
  if (value === null) return '—';
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Peak real tokens with its share of the window: "7,012 (87.6%)". */
export function formatPeak(record: ScenarioRecord): string {
  if (record.peakRealTokens === null || record.peakPercent === null) return '—';
  return `${formatCount(record.peakRealTokens)} (${record.peakPercent.toFixed(1)}%)`;
}

export function formatLoopsThrash(record: ScenarioRecord): string {
  if (record.loops === null || record.thrash === null) return '—';
  return `${record.loops}/${record.thrash}`;
}

/** The window in compact form: 8000 → "8k", 128000 → "128k", 1048576 → "1,048,576". */
export function formatWindow(tokens: number): string {
  if (tokens >= 1000 && tokens % 1000 === 0) return `${formatCount(tokens / 1000)}k`;
  return formatCount(tokens);
}

/** The names of the failing expectations, deduplicated, in report order. */
export function failingExpectations(record: ScenarioRecord): string[] {
  return [...new Set(record.failures.map((failure) => failure.expectation))];
}

/** The properties whose violation an acceptance tolerated, deduplicated, in report order. */
export function acceptedProperties(record: ScenarioRecord): string[] {
  return [...new Set(record.accepted.map((item) => item.property))];
}

export function verdictText(record: ScenarioRecord): string {
  if (!record.passed) return `FAIL: ${failingExpectations(record).join(', ')}`;
  const notes = [
    ...(record.reproduced.length === 0 ? [] : [`bug reproduced`]),
    ...(acceptedProperties(record).length === 0 ? [] : [`${acceptedProperties(record).length} accepted`]),
  ];
  return notes.length === 0 ? 'PASS' : `PASS (${notes.join(', ')})`;
}

/** One line per reproduced bug: where, which property broke, for which strategy, and the report. */
export function reproducedLines(records: readonly ScenarioRecord[]): string[] {
  return records.flatMap((record) =>
    record.reproduced.map((item) => `${record.name}: ${item.property} (${item.strategy}) reproduces ${item.issue}`),
  );
}

/**
 * The infeasible violations of a run, counted by property and condition:
 * "user-request-preserved × 45 (user-content-not-exposed)". Not failures: no strategy could have
 * avoided them; every one is in report.json with its numbers.
 */
export function infeasibleCounts(records: readonly ScenarioRecord[]): string[] {
  const counts = new Map<string, number>();
  for (const record of records) {
    for (const item of record.infeasible) {
      const key = `${item.property} (${item.reason})`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].map(([key, count]) => {
    const [property, reason] = key.split(' ');
    return `${property} × ${count} ${reason}`;
  });
}

/** The closing line of every terminal run: `N passed, N failed`. */
export function summaryLine(passed: number, failed: number): string {
  return `${passed} passed, ${failed} failed`;
}

/** The columns every tabular reporter shows between the scenario name and the verdict, in order. */
export const MEASUREMENT_HEADERS = [
  'window',
  'turns',
  'LLM steps',
  'summarizations',
  're-injections',
  'trimmed',
  'fallbacks',
  'peak real tokens',
  'overflow steps',
  'loops/thrash',
] as const;

/** The formatted measurement cells of one scenario, matching MEASUREMENT_HEADERS. */
export function measurementCells(record: ScenarioRecord): string[] {
  return [
    formatWindow(record.settings.contextWindow),
    formatCount(record.settings.turns),
    formatCount(record.llmSteps),
    formatCount(record.summarizations),
    formatCount(record.reinjections),
    formatCount(record.trimmedSteps),
    formatCount(record.fallbacks),
    formatPeak(record),
    formatCount(record.overflowSteps),
    formatLoopsThrash(record),
  ];
}

/**
 * The suite's price in one line: what the sessions would have cost at their models' prices and
 * cache rules, and the share of input read from a prompt cache; '' when no session finished.
 */
export function costLine(records: readonly Pick<ScenarioRecord, 'cost'>[]): string {
  const costs = records.flatMap((record) => (record.cost === undefined ? [] : [record.cost]));
  if (costs.length === 0) return '';
  const usd = costs.reduce((sum, cost) => sum + cost.usd, 0);
  const input = costs.reduce((sum, cost) => sum + cost.inputTokens, 0);
  const read = costs.reduce((sum, cost) => sum + cost.cacheReadTokens, 0);
  const models = [...new Set(costs.map((cost) => cost.pricedAs))].sort();
  const hits = input === 0 ? '' : `, cache hits ${((read / input) * 100).toFixed(1)}%`;
  return `cost: ${usdText(usd)} over ${costs.length} session${costs.length === 1 ? '' : 's'}${hits} (priced as ${models.join(', ')})`;
}

/** Dollars with enough digits to tell small sessions apart: $0.0123, $1.23, $123. */
export function usdText(usd: number): string {
  if (usd >= 100) return `$${usd.toFixed(0)}`;
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  return `$${usd.toFixed(4)}`;
}

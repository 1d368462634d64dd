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

export function verdictText(record: ScenarioRecord): string {
  return record.passed ? 'PASS' : `FAIL: ${failingExpectations(record).join(', ')}`;
}

/** The closing line of every terminal run: `N passed, N failed`. */
export function summaryLine(passed: number, failed: number): string {
  return `${passed} passed, ${failed} failed`;
}

/** The columns every tabular reporter shows between the scenario name and the verdict, in order. */
export const MEASUREMENT_HEADERS = ['window', 'turns', 'LLM steps', 'summarizations', 're-injections', 'fallbacks', 'peak real tokens', 'overflow steps', 'loops/thrash'] as const;

/** The formatted measurement cells of one scenario, matching MEASUREMENT_HEADERS. */
export function measurementCells(record: ScenarioRecord): string[] {
  return [
    formatWindow(record.settings.contextWindow),
    formatCount(record.settings.turns),
    formatCount(record.llmSteps),
    formatCount(record.summarizations),
    formatCount(record.reinjections),
    formatCount(record.fallbacks),
    formatPeak(record),
    formatCount(record.overflowSteps),
    formatLoopsThrash(record),
  ];
}

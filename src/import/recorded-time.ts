/**
 * When a log says something happened, as epoch milliseconds: an ISO 8601 string (Claude Code,
 * Codex, ATIF), or a number of seconds since the epoch (ADK events store `timestamp` as float
 * seconds). The replay keeps only differences between these times (the recorded pauses), never
 * the times themselves.
 */
import type { LogEntry } from './recorded-log.ts';

/** Epoch ms of a recorded timestamp; undefined when it is absent or not a time. */
export function recordedTime(value: unknown, unit: 'iso' | 'seconds'): number | undefined {
  if (unit === 'iso') {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : undefined;
  }
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value * 1000) : undefined;
}

/** `entries` with the model responses among them stamped at `time` (left as they are without one). */
export function stampModelEntries(entries: readonly LogEntry[], time: number | undefined): LogEntry[] {
  if (time === undefined) return [...entries];
  return entries.map((entry) => (entry.kind === 'model' ? { ...entry, time } : entry));
}

/**
 * X4: how compaction records (events whose `actions.compaction` is set) shape the history the
 * model sees, applied whenever contents are rebuilt from the session's events. The rule is
 * adk-python's (`_get_contents`): every hidden range disappears, a record subsumed by a later one
 * is dropped, and each kept record's contents stand where its range ended. Raw events are never
 * changed, so replaying the same events always gives the same projection.
 */
import type { Content } from '@google/genai';
import type { CompactionRecord, SessionEvent } from '../hook-types.ts';

/** One element of the projected history: a raw event, or one content of a kept record. */
export type ProjectedEntry<E extends SessionEvent = SessionEvent> =
  | { readonly kind: 'event'; readonly event: E }
  | { readonly kind: 'record'; readonly recordEvent: E; readonly content: Content; readonly index: number };

/** The record an event carries, if any. */
export function compactionRecordOf(event: SessionEvent): CompactionRecord | undefined {
  return event.actions?.compaction ?? undefined;
}

/** Whether any event carries a compaction record. */
export function hasCompactionRecords(events: readonly SessionEvent[]): boolean {
  for (const event of events) if (compactionRecordOf(event)) return true;
  return false;
}

interface KeptRange {
  readonly recordEvent: SessionEvent;
  readonly record: CompactionRecord;
  readonly start: number;
  readonly end: number;
}

/**
 * The events' history with every kept record applied. A record whose ids are not (or not in
 * order) among the events before it is ignored: it cannot hide anything.
 */
export function projectCompactionRecords<E extends SessionEvent>(events: readonly E[]): ProjectedEntry<E>[] {
  const ranges = keptRanges(events);
  if (ranges.length === 0)
    return events.filter((event) => !compactionRecordOf(event)).map((event) => ({ kind: 'event', event }));
  const hidden = new Uint8Array(events.length);
  const endingAt = new Map<number, KeptRange[]>();
  for (const range of ranges) {
    hidden.fill(1, range.start, range.end + 1);
    const list = endingAt.get(range.end) ?? [];
    list.push(range);
    endingAt.set(range.end, list);
  }
  const projected: ProjectedEntry<E>[] = [];
  events.forEach((event, i) => {
    if (hidden[i] === 0 && !compactionRecordOf(event)) projected.push({ kind: 'event', event });
    for (const range of endingAt.get(i) ?? []) {
      range.record.contents.forEach((content, index) =>
        projected.push({ kind: 'record', recordEvent: range.recordEvent as E, content, index }),
      );
    }
  });
  return projected;
}

/** The records that are valid and not subsumed by a later one, in append order. */
function keptRanges(events: readonly SessionEvent[]): KeptRange[] {
  const positions = new Map<string, number>();
  const ranges: KeptRange[] = [];
  events.forEach((event, i) => {
    const record = compactionRecordOf(event);
    if (record) {
      const start = record.startEventId === undefined ? 0 : positions.get(record.startEventId);
      const end = positions.get(record.endEventId);
      if (start !== undefined && end !== undefined && start <= end)
        ranges.push({ recordEvent: event, record, start, end });
    }
    positions.set(event.id, i);
  });
  return ranges.filter(
    (range, i) => !ranges.slice(i + 1).some((later) => later.start <= range.start && later.end >= range.end),
  );
}

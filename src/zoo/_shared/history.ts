/**
 * The history an event-level hook (compactSession, afterInvocation, onModelError) works on: the
 * session's events with every compaction record applied (engine `projectCompactionRecords`, the
 * rule the world's contents processor uses), as messages that remember where they came from, so a
 * strategy can say "hide everything through this message" with a record.
 */
import type { Content } from '@google/genai';
import type { CompactionRecord, SessionEvent } from '../../engine/hook-types.ts';
import { projectCompactionRecords } from '../../engine/records/project-records.ts';
import type { CompactionContext } from '../../engine/types.ts';

export interface HistoryMessage {
  readonly content: Content;
  /** The raw event, or the event holding the record this content stands for. */
  readonly event: SessionEvent;
  /** True for a content of a compaction record (a summary, a marker, a pruned copy). */
  readonly fromRecord: boolean;
  /** The record, for a record's content. */
  readonly record: CompactionRecord | undefined;
  /**
   * The last session event this message covers: its own event, or the end of its record's range.
   * A record ending here hides this message (and everything before it when it starts at the first event).
   */
  readonly throughEventId: string;
}

/** Contents the model sees, in order (adk-js inclusion: a role, and a first part that is not empty text). */
export function projectedHistory(ctx: Pick<CompactionContext, 'events'>): HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  for (const entry of projectCompactionRecords(ctx.events ?? [])) {
    if (entry.kind === 'event') {
      const { event } = entry;
      if (event.partial || !included(event.content)) continue;
      messages.push({ content: event.content!, event, fromRecord: false, record: undefined, throughEventId: event.id });
    } else if (included(entry.content)) {
      const record = entry.recordEvent.actions!.compaction!;
      messages.push({
        content: entry.content,
        event: entry.recordEvent,
        fromRecord: true,
        record,
        throughEventId: record.endEventId,
      });
    }
  }
  return messages;
}

/** The id of the session's last event (a record ending there hides the whole history). */
export function lastEventId(ctx: Pick<CompactionContext, 'events'>): string | undefined {
  const events = ctx.events ?? [];
  return events[events.length - 1]?.id;
}

/** The first raw event of a message list at or after `index` (where a kept tail starts). */
export function firstRawEventId(messages: readonly HistoryMessage[], index: number): string | undefined {
  for (let i = index; i < messages.length; i += 1) if (!messages[i]!.fromRecord) return messages[i]!.event.id;
  return undefined;
}

function included(content: Content | undefined): boolean {
  return content?.role !== undefined && content.role !== '' && content.parts?.[0]?.text !== '';
}

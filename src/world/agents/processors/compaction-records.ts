/**
 * docs/peer-strategies.md X4 in the contents processor: a session holding compaction records (events a strategy's
 * hooks appended, `actions.compaction`) is projected with the engine's rule before ADK's own
 * inclusion and rearrangement rules run, the way adk-js converts its `CompactedEvent`s before
 * `getContents` (content_processor_utils.js `convertCompactedEvent`). A session without records
 * takes the usual path, untouched.
 *
 * Plain code, every step over the whole history, as the reference builder runs it; the fast
 * builder keeps its own incremental scan and stable record events (fast/compaction-records-cache.ts).
 */
import type { Content } from '@google/genai';
import { projectCompactionRecords } from '../../../engine/records/project-records.ts';
import { createEventActions } from '../../events/event-actions.ts';
import type { Event } from '../../events/event.ts';
import { deepFreeze } from '../../sessions/deep-freeze.ts';
import { cloneValue } from '../../request-contents/clone-content.ts';

/** The contents could not be built over the strategy's records (ADK's own rules threw). */
export class CompactionProjectionError extends Error {
  readonly code = 'SIM_COMPACTION_PROJECTION_FAILED';
  constructor(cause: unknown) {
    super(
      `the contents could not be built over the strategy's compaction records: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'CompactionProjectionError';
  }
}

/** Whether any event carries a record. */
export function sessionHasCompactionRecords(events: readonly Event[]): boolean {
  for (const event of events) if (event.actions.compaction) return true;
  return false;
}

/** Makes the event that carries content `index` of a kept record (`recordContentEvent` by default). */
export type RecordContentEventFactory = (recordEvent: Event, content: Content, index: number) => Event;

/**
 * The events as the model sees them: raw events outside every kept record's range, and each kept
 * record's contents as events of their own.
 */
export function projectedEvents(
  events: readonly Event[],
  makeEvent: RecordContentEventFactory = recordContentEvent,
): Event[] {
  return projectCompactionRecords(events).map((entry) =>
    entry.kind === 'event' ? entry.event : makeEvent(entry.recordEvent, entry.content, entry.index),
  );
}

/** Content `index` of a kept record as an event of its own, with the record event's identity. */
export function recordContentEvent(recordEvent: Event, content: Content, index: number): Event {
  return deepFreeze({
    id: `${recordEvent.id}~${index}`,
    invocationId: recordEvent.invocationId,
    author: recordEvent.author,
    actions: createEventActions(),
    longRunningToolIds: [],
    branch: recordEvent.branch,
    timestamp: recordEvent.timestamp,
    content: cloneValue(content),
  });
}

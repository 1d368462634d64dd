/**
 * docs/peer-strategies.md X4 in the contents processor: a session holding compaction records (events a strategy's
 * hooks appended, `actions.compaction`) is projected with the engine's rule before ADK's own
 * inclusion and rearrangement rules run, the way adk-js converts its `CompactedEvent`s before
 * `getContents` (content_processor_utils.js `convertCompactedEvent`). A session without records
 * takes the usual path, untouched.
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

interface Scan {
  scanned: number;
  last: Event | undefined;
  found: boolean;
}

const scans = new WeakMap<readonly Event[], Scan>();

/** Whether any event carries a record (scanned incrementally: histories only grow). */
export function sessionHasCompactionRecords(events: readonly Event[]): boolean {
  let scan = scans.get(events);
  if (!scan || scan.scanned > events.length || (scan.scanned > 0 && events[scan.scanned - 1] !== scan.last)) {
    scan = { scanned: 0, last: undefined, found: false };
    scans.set(events, scan);
  }
  for (let i = scan.scanned; i < events.length && !scan.found; i += 1) {
    if (events[i]?.actions.compaction) scan.found = true;
  }
  scan.scanned = events.length;
  scan.last = events[events.length - 1];
  return scan.found;
}

const recordEventCache = new WeakMap<Event, Event[]>();

/**
 * The events as the model sees them: raw events outside every kept record's range, and each kept
 * record's contents as events of their own (stable objects, so their content sources are cached).
 */
export function projectedEvents(events: readonly Event[]): Event[] {
  return projectCompactionRecords(events).map((entry) =>
    entry.kind === 'event' ? entry.event : recordContentEvent(entry.recordEvent, entry.content, entry.index),
  );
}

function recordContentEvent(recordEvent: Event, content: Content, index: number): Event {
  let list = recordEventCache.get(recordEvent);
  if (!list) {
    list = [];
    recordEventCache.set(recordEvent, list);
  }
  let event = list[index];
  if (!event) {
    event = deepFreeze({
      id: `${recordEvent.id}~${index}`,
      invocationId: recordEvent.invocationId,
      author: recordEvent.author,
      actions: createEventActions(),
      longRunningToolIds: [],
      branch: recordEvent.branch,
      timestamp: recordEvent.timestamp,
      content: cloneValue(content),
    });
    list[index] = event;
  }
  return event;
}

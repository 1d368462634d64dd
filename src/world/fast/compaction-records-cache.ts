/**
 * The fast builder's view of compaction records (agents/processors/compaction-records.ts does the
 * same work plainly): whether the history holds a record is scanned only over the events appended
 * since the last step (histories only grow), and each kept record's contents become the same
 * event objects every step, so the included-events cache finds their sources again instead of
 * making new ones. One per fast builder, so per session: nothing outlives it.
 */
import type { Event } from '../events/event.ts';
import { projectedEvents, recordContentEvent } from '../agents/processors/compaction-records.ts';

export class CompactionRecordsCache {
  #list: readonly Event[] | undefined;
  #scanned = 0;
  #last: Event | undefined;
  #found = false;
  readonly #recordEvents = new WeakMap<Event, Event[]>();

  /** Whether any event carries a record; another list, or this one not merely grown, restarts the scan. */
  has(events: readonly Event[]): boolean {
    if (
      events !== this.#list ||
      this.#scanned > events.length ||
      (this.#scanned > 0 && events[this.#scanned - 1] !== this.#last)
    ) {
      this.#list = events;
      this.#scanned = 0;
      this.#found = false;
    }
    for (let i = this.#scanned; i < events.length && !this.#found; i += 1) {
      if (events[i]?.actions.compaction) this.#found = true;
    }
    this.#scanned = events.length;
    this.#last = events[events.length - 1];
    return this.#found;
  }

  project(events: readonly Event[]): Event[] {
    return projectedEvents(events, (recordEvent, content, index) => {
      let list = this.#recordEvents.get(recordEvent);
      if (!list) {
        list = [];
        this.#recordEvents.set(recordEvent, list);
      }
      return (list[index] ??= recordContentEvent(recordEvent, content, index));
    });
  }
}

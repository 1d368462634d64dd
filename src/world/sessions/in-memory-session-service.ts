/**
 * adk-js 2.0.0 `InMemorySessionService` + `BaseSessionService.appendEvent`, for one session.
 *
 * - `getSession` hands out a working copy, as adk-js's deep clone of storage does. Appended
 *   events are deep-frozen, so the copy shares them (sharing immutable data is indistinguishable
 *   from cloning it) and copies only the state map.
 * - `appendEvent` skips partial events, trims `temp:` keys from the delta (replacing it with a
 *   filtered copy, as adk-js does), applies the delta to the state unless a newer direct write
 *   exists, replaces an event with the same id or pushes it, and appends the same event object to
 *   storage. Then the event is frozen.
 */
import type { Event } from '../events/event.ts';
import type { Session } from './session.ts';
import { deepFreezeProving } from './frozen-json-data.ts';
import { carryDeltaStamps, shouldApplyDeltaWrite, TEMP_PREFIX } from './state.ts';

export class InMemorySessionService {
  #storage: Session | undefined;
  /** Event id → index in storage (adk-js scans; a map keeps long sessions linear). */
  readonly #indexById = new Map<string, number>();

  createSession(params: { appName: string; userId: string; id: string; state?: Record<string, unknown> }): Session {
    this.#storage = { id: params.id, appName: params.appName, userId: params.userId, state: { ...params.state }, events: [], lastUpdateTime: 0 };
    this.#indexById.clear();
    return this.getSession();
  }

  /** The working copy an invocation runs on. */
  getSession(): Session {
    const stored = this.#require();
    return { ...stored, state: { ...stored.state }, events: copyWithHeadroom(stored.events) };
  }

  /** The stored session itself (read-only use: measurements and traces). */
  storedSession(): Readonly<Session> {
    return this.#require();
  }

  appendEvent(session: Session, event: Event): Event {
    if (event.partial) return event;
    trimTempDeltaState(event);
    deepFreezeProving(event); // deepFreeze, plus the proof the end-of-session check relies on
    const storage = this.#require();
    const index = this.#indexById.get(event.id);
    appendTo(session, event, index);
    appendTo(storage, event, index);
    if (index === undefined) this.#indexById.set(event.id, storage.events.length - 1);
    return event;
  }

  #require(): Session {
    if (!this.#storage) throw new Error('InMemorySessionService: no session was created');
    return this.#storage;
  }
}

function appendTo(session: Session, event: Event, storedIndex: number | undefined): void {
  updateSessionState(session, event);
  const index = storedIndex !== undefined && session.events[storedIndex]?.id === event.id ? storedIndex : -1;
  if (index >= 0) session.events[index] = event;
  else session.events.push(event);
  session.lastUpdateTime = event.timestamp;
}

function updateSessionState(session: Session, event: Event): void {
  const delta = event.actions.stateDelta;
  for (const [key, value] of Object.entries(delta)) {
    if (key.startsWith(TEMP_PREFIX)) continue;
    if (!shouldApplyDeltaWrite(session.state, delta, key)) continue;
    session.state[key] = value;
  }
}

/** adk-js `trimTempDeltaState`: the event's delta becomes a filtered copy without `temp:` keys. */
function trimTempDeltaState(event: Event): void {
  const delta = event.actions.stateDelta;
  const filtered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(delta)) if (!key.startsWith(TEMP_PREFIX)) filtered[key] = value;
  carryDeltaStamps(delta, filtered);
  event.actions.stateDelta = filtered;
}

/**
 * A copy of `events` with spare capacity: the invocation appends to it right away, and a copy
 * sized exactly (`slice`) would be reallocated (1.5x) on the first push of every turn.
 */
function copyWithHeadroom(events: readonly Event[]): Event[] {
  const n = events.length;
  if (n < 64) return events.slice();
  const copy = new Array<Event>(n + HEADROOM);
  for (let i = 0; i < n; i += 1) copy[i] = events[i] as Event;
  copy.length = n; // V8 keeps the capacity when trimming a few slots
  return copy;
}

const HEADROOM = 16;

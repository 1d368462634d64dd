/**
 * adk-js 2.0.0 `InMemorySessionService` + `BaseSessionService.appendEvent`, for one session.
 *
 * - `getSession` hands out a working copy, as adk-js's deep clone of storage does. Appended
 *   events are deep-frozen and the event list is append-only, so the copy shares both with
 *   storage (sharing immutable data is indistinguishable from cloning it) and copies only the
 *   state map. adk-js appends every event to the working copy and to storage alike, so the two
 *   lists never differ; sharing one list makes a turn O(1) instead of O(history) (a 10,000-turn
 *   session copied its whole history 10,000 times). Nothing but `appendEvent` writes the list:
 *   strategies see it through `readOnlyEvents`, a frozen snapshot.
 * - `appendEvent` skips partial events, trims `temp:` keys from the delta (replacing it with a
 *   filtered copy, as adk-js does), applies the delta to the state unless a newer direct write
 *   exists, replaces an event with the same id or pushes it, and appends the same event object to
 *   storage. Then the event is frozen.
 */
import type { Event } from '../events/event.ts';
import type { EventActions } from '../events/event-actions.ts';
import type { Session } from './session.ts';
import { deepFreeze } from './deep-freeze.ts';
import { carryDeltaStamps, forgetDeltaStamps, shouldApplyDeltaWrite, TEMP_PREFIX } from './state.ts';

export class InMemorySessionService {
  #storage: Session | undefined;
  /** Event id → index in storage (adk-js scans; a map keeps long sessions linear). */
  readonly #indexById = new Map<string, number>();
  /** The last frozen snapshot of the events handed out, while no event was appended since. */
  #snapshot: readonly Event[] | undefined;

  createSession(params: { appName: string; userId: string; id: string; state?: Record<string, unknown> }): Session {
    this.#storage = {
      id: params.id,
      appName: params.appName,
      userId: params.userId,
      state: { ...params.state },
      events: [],
      lastUpdateTime: 0,
    };
    this.#indexById.clear();
    this.#snapshot = undefined;
    return this.getSession();
  }

  /** The working copy an invocation runs on: its own state map, the stored (append-only) event list. */
  getSession(): Session {
    const stored = this.#require();
    return { ...stored, state: { ...stored.state } };
  }

  /** The stored session itself (read-only use: measurements and traces). */
  storedSession(): Readonly<Session> {
    return this.#require();
  }

  /**
   * The session's events as a strategy may see them (`ctx.events`): a frozen copy, made when
   * first asked for after an append, so a write into it throws (the world reports the strategy
   * as having mutated session data) and can never reach the shared list.
   */
  readOnlyEvents(): readonly Event[] {
    this.#snapshot ??= Object.freeze(this.#require().events.slice());
    return this.#snapshot;
  }

  appendEvent(session: Session, event: Event): Event {
    if (event.partial) return event;
    trimTempDeltaState(event);
    // Its write stamps are read while the delta is applied below, and never after.
    const delta = event.actions.stateDelta;
    shareEmptyActions(event);
    deepFreeze(event); // immutable from here on (the recorder proves it is frozen JSON data when it measures)
    const storage = this.#require();
    const index = this.#indexById.get(event.id);
    this.#snapshot = undefined;
    updateSessionState(session, event);
    session.lastUpdateTime = event.timestamp;
    if (session !== storage) {
      updateSessionState(storage, event);
      storage.lastUpdateTime = event.timestamp;
    }
    // One list for the working copy and storage (getSession): the event goes in once.
    if (index !== undefined) storage.events[index] = event;
    else {
      storage.events.push(event);
      this.#indexById.set(event.id, storage.events.length - 1);
    }
    if (session.events !== storage.events) appendTo(session.events, event);
    forgetDeltaStamps(delta);
    return event;
  }

  #require(): Session {
    if (!this.#storage) throw new Error('InMemorySessionService: no session was created');
    return this.#storage;
  }
}

/** A list other than storage's (a session object not handed out by this service): replace by id or push. */
function appendTo(events: Event[], event: Event): void {
  const index = events.findIndex((candidate) => candidate.id === event.id);
  if (index >= 0) events[index] = event;
  else events.push(event);
}

function updateSessionState(session: Session, event: Event): void {
  const delta = event.actions.stateDelta;
  for (const [key, value] of Object.entries(delta)) {
    if (key.startsWith(TEMP_PREFIX)) continue;
    if (!shouldApplyDeltaWrite(session.state, delta, key)) continue;
    session.state[key] = value;
  }
}

/**
 * A stored event is frozen, so its empty action maps and id list can be one shared frozen empty
 * object: a reader sees the same empty `{}` / `[]` either way (only their identity across events
 * differs, which nothing in ADK compares). A long session keeps thousands of events, each with four
 * empty maps and a list: the garbage collector then copies and traces far fewer objects.
 */
const EMPTY_OBJECT: Record<string, never> = Object.freeze({});
const EMPTY_LIST: string[] = Object.freeze([]) as unknown as string[];

function shareEmptyActions(event: Event): void {
  const actions = event.actions;
  if (isEmptyRecord(actions.stateDelta)) actions.stateDelta = EMPTY_OBJECT;
  if (isEmptyRecord(actions.artifactDelta)) actions.artifactDelta = EMPTY_OBJECT;
  if (isEmptyRecord(actions.requestedAuthConfigs)) actions.requestedAuthConfigs = EMPTY_OBJECT;
  if (isEmptyRecord(actions.requestedToolConfirmations)) actions.requestedToolConfirmations = EMPTY_OBJECT;
  if (event.longRunningToolIds.length === 0 && !Object.isFrozen(event.longRunningToolIds))
    event.longRunningToolIds = EMPTY_LIST;
  // Most events carry no action at all: they can share one frozen actions object too.
  if (!Object.isFrozen(event) && onlyEmptyMaps(actions)) event.actions = EMPTY_ACTIONS;
}

/** The actions of an event with no action: the four empty maps, in `createEventActions`'s key order (JSON included). */
const EMPTY_ACTIONS: EventActions = Object.freeze({
  stateDelta: EMPTY_OBJECT,
  artifactDelta: EMPTY_OBJECT,
  requestedAuthConfigs: EMPTY_OBJECT,
  requestedToolConfirmations: EMPTY_OBJECT,
}) as EventActions;
const EMPTY_ACTION_KEYS = Object.keys(EMPTY_ACTIONS);

/** Exactly `EMPTY_ACTIONS`'s keys, in its order, each the shared empty map; a plain object. */
function onlyEmptyMaps(actions: EventActions): boolean {
  if (actions.stateDelta !== EMPTY_OBJECT || actions.artifactDelta !== EMPTY_OBJECT) return false; // the usual answer, found cheaply
  if (actions.requestedAuthConfigs !== EMPTY_OBJECT || actions.requestedToolConfirmations !== EMPTY_OBJECT)
    return false;
  if (Object.getPrototypeOf(actions) !== Object.prototype) return false;
  const keys = Reflect.ownKeys(actions);
  if (keys.length !== EMPTY_ACTION_KEYS.length) return false;
  for (let i = 0; i < keys.length; i += 1) if (keys[i] !== EMPTY_ACTION_KEYS[i]) return false;
  return true;
}

/** A plain, unfrozen object with no own keys (a frozen or non-plain one is left as the caller made it). */
function isEmptyRecord(value: object): boolean {
  if (value === EMPTY_OBJECT || Object.isFrozen(value) || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  return Reflect.ownKeys(value).length === 0;
}

/** adk-js `trimTempDeltaState`: the event's delta becomes a filtered copy without `temp:` keys. */
function trimTempDeltaState(event: Event): void {
  const delta = event.actions.stateDelta;
  const filtered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(delta)) if (!key.startsWith(TEMP_PREFIX)) filtered[key] = value;
  carryDeltaStamps(delta, filtered);
  event.actions.stateDelta = filtered;
}

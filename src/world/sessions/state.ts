/**
 * Delta-aware session state (adk-js 2.0.0 `sessions/state.js` + `state_write_order.js`; adk-go
 * `callbackContextState`). `set` writes BOTH the invocation's working state and the delta that
 * becomes the owning event's `actions.stateDelta`, so a write is visible at once and persisted
 * when the event is appended. `get` reads the delta first, then the state.
 *
 * Write stamps mirror adk-js's write-order bookkeeping: when an event's delta is applied on
 * append, a key whose working value was written more recently than the delta entry is kept.
 */

export const TEMP_PREFIX = 'temp:';

let writeClock = 0;

/**
 * Write stamps of a state object live on the object itself, under a non-enumerable symbol:
 * invisible to `Object.keys`, spread, JSON and structured clones (so to state comparisons, digests
 * and worker messages). A WeakMap keyed by every event's delta kept one entry per event for the whole session,
 * each an ephemeron the garbage collector traces again at every collection: a cost that grew with
 * the session's length.
 *
 * A delta's stamps are read only when its event is appended (adk-js applies the delta then, and
 * never again), so they live in `pendingDeltaStamps` until then and are dropped at the append
 * (`forgetDeltaStamps`): a session's history carries no stamps, only its working state does.
 */
const STAMPS = Symbol('compaction-sim.stateWriteStamps');

type Stamped = { [STAMPS]?: Map<string, number> };

/** Stamps of deltas whose event is not appended yet (emptied once no session plays: `forgetPendingDeltaStamps`). */
const pendingDeltaStamps = new Map<object, Map<string, number>>();

function stampsOf(target: object): Map<string, number> {
  let map = (target as Stamped)[STAMPS];
  if (!map) {
    map = new Map();
    Object.defineProperty(target, STAMPS, { value: map, enumerable: false, writable: false, configurable: false });
  }
  return map;
}

/** The stamps of `target`, if it was ever stamped. */
function stampsIfAny(target: object): Map<string, number> | undefined {
  return (target as Stamped)[STAMPS];
}

function deltaStampsOf(delta: object): Map<string, number> {
  let map = pendingDeltaStamps.get(delta);
  if (!map) {
    map = new Map();
    pendingDeltaStamps.set(delta, map);
  }
  return map;
}

/** Drops the stamps of an appended event's delta: nothing reads them again. */
export function forgetDeltaStamps(delta: object): void {
  pendingDeltaStamps.delete(delta);
}

/** Drops every pending delta's stamps (the world calls it once no session plays in this thread). */
export function forgetPendingDeltaStamps(): void {
  pendingDeltaStamps.clear();
}

export class State {
  /** The stamp maps of `value` and `delta`, looked up on the first write (a context writes several keys). */
  #valueStamps: Map<string, number> | undefined;
  #deltaStamps: Map<string, number> | undefined;

  constructor(
    readonly value: Record<string, unknown>,
    readonly delta: Record<string, unknown>,
  ) {}

  get(key: string, defaultValue?: unknown): unknown {
    if (key in this.delta) return this.delta[key];
    if (key in this.value) return this.value[key];
    return defaultValue;
  }

  set(key: string, value: unknown): void {
    this.value[key] = value;
    this.delta[key] = value;
    const stamp = ++writeClock;
    (this.#valueStamps ??= stampsOf(this.value)).set(key, stamp);
    (this.#deltaStamps ??= deltaStampsOf(this.delta)).set(key, stamp);
  }

  has(key: string): boolean {
    return key in this.value || key in this.delta;
  }

  hasDelta(): boolean {
    return Object.keys(this.delta).length > 0;
  }
}

/** adk-js `shouldApplyDeltaWrite`: false when the state holds a newer direct write of `key`. */
export function shouldApplyDeltaWrite(state: object, delta: object, key: string): boolean {
  const written = pendingDeltaStamps.get(delta)?.get(key);
  const current = stampsIfAny(state)?.get(key);
  if (written !== undefined && current !== undefined && current > written) return false;
  stampsOf(state).set(key, written ?? ++writeClock);
  return true;
}

/** Carries write stamps from one delta object to its filtered copy (adk-js `carryDeltaStamps`). */
export function carryDeltaStamps(from: object, to: object): void {
  const source = pendingDeltaStamps.get(from);
  if (!source) return;
  pendingDeltaStamps.delete(from);
  const target = pendingDeltaStamps.get(to);
  if (target === undefined) pendingDeltaStamps.set(to, source);
  else for (const [key, stamp] of source) target.set(key, stamp);
}

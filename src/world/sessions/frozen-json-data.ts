/**
 * Is a value's JSON fixed for good? The end-of-session mutation check re-serializes every
 * appended event to prove nothing changed it; an event that is provably unchangeable need not be
 * re-serialized (the proof gives the same verdict at a fraction of the cost: no string is copied
 * or hashed).
 *
 * Provably unchangeable: every object reachable is frozen, is a plain object (prototype
 * `Object.prototype` or null) or a hole-free array (`Array.prototype`), and has only data
 * properties; every leaf is a string, number, boolean, symbol, null or undefined. Such a tree can
 * never change, so its `JSON.stringify` can only change if the globals it consults change (a
 * `toJSON` added to `Object.prototype` / `Array.prototype`, `JSON.stringify` replaced): that is
 * checked when the verdict is used (`jsonGlobalsPristine`). Anything else (a getter, a class
 * instance, a Date, a function, a BigInt, an unfrozen object, nesting deeper than
 * `MAX_DEPTH`) is not provable: the caller re-serializes it as before.
 */

const MAX_DEPTH = 200;
const hasOwn = Object.prototype.hasOwnProperty;
const nativeStringify = JSON.stringify;

export function isFrozenJsonData(value: unknown): boolean {
  return frozenJsonData(value, 0);
}

/**
 * Verdicts by value, while sessions play: a Map emptied once no session plays in this thread
 * (`forgetFrozenJsonProofs`, run-session.ts), not a WeakMap, whose entries (one per event and
 * shared content, alive for the whole session) are ephemerons the garbage collector traces again
 * at every collection, a cost that grew with the session's length.
 */
const proofs = new Map<object, boolean>();

/** Forgets every verdict (the world calls it once no session plays in this thread). */
export function forgetFrozenJsonProofs(): void {
  proofs.clear();
}

/**
 * Is `value` frozen JSON data now? Proven once and remembered (a frozen tree stays as it is, so
 * the verdict holds from then on; a "no" is kept too: conservative, the caller copies or
 * re-serializes). Callers prove when it matters: the step recorder as each event is appended
 * (the end-of-session check compares with the JSON of that moment), the request builder when it
 * first shares a content. Appending only freezes (`deepFreeze`), so a run that measures nothing
 * proves only what it shares.
 */
export function provenFrozenJsonData(value: object): boolean {
  let proven = proofs.get(value);
  if (proven === undefined) {
    proven = frozenJsonData(value, 0);
    proofs.set(value, proven);
  }
  return proven;
}

function frozenJsonData(value: unknown, depth: number): boolean {
  if (value === null) return true;
  const type = typeof value;
  if (type !== 'object') return type !== 'function' && type !== 'bigint';
  if (depth > MAX_DEPTH || !Object.isFrozen(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return false;
    for (let i = 0; i < value.length; i += 1) {
      if (!hasOwn.call(value, i) || !frozenJsonData(value[i], depth + 1)) return false;
    }
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value as object, key);
    if (descriptor === undefined) continue; // inherited: JSON reads own keys only
    if (descriptor.get !== undefined || descriptor.set !== undefined) return false;
    if (!frozenJsonData(descriptor.value, depth + 1)) return false;
  }
  return true;
}

/** True while nothing has changed what `JSON.stringify` does with plain frozen data. */
export function jsonGlobalsPristine(): boolean {
  return JSON.stringify === nativeStringify && !('toJSON' in Object.prototype) && !('toJSON' in Array.prototype);
}

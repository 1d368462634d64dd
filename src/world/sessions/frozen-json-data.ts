/**
 * Is a value's JSON fixed for good? The end-of-session mutation check re-serializes every
 * appended event to prove nothing changed it; an event that is provably unchangeable need not be
 * re-serialized (the proof gives the same verdict at a fraction of the cost: no string is copied
 * or hashed).
 *
 * Verdicts are not remembered: each caller proves a value once (the step recorder each event as it
 * is appended, the request builder each event's content when it first shares it), so a table of
 * verdicts was only ever missed, and it kept three entries per step alive for the whole session.
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

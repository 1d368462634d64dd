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

const proven = new WeakSet<object>();

/**
 * `deepFreeze(value)` (same objects frozen, same order, same reads) in the same pass as the proof
 * that the result is frozen JSON data; a proven value is remembered (`isProvenFrozenJsonData`).
 */
export function deepFreezeProving(value: object): void {
  if (freezeProving(value, 0)) proven.add(value);
}

/** Was `value` proven frozen JSON data when `deepFreezeProving` froze it? */
export function isProvenFrozenJsonData(value: object): boolean {
  return proven.has(value);
}

function freezeProving(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return frozenJsonData(value, depth);
  // deepFreeze stops at an object that is already frozen: prove that subtree on its own.
  if (Object.isFrozen(value)) return frozenJsonData(value, depth);
  Object.freeze(value);
  const proto: unknown = Object.getPrototypeOf(value);
  const isArray = Array.isArray(value);
  let ok = depth <= MAX_DEPTH && (isArray ? proto === Array.prototype : proto === Object.prototype || proto === null);
  if (ok && isArray) {
    for (let i = 0; i < (value as unknown[]).length; i += 1) {
      if (!hasOwn.call(value, i)) {
        ok = false;
        break;
      }
    }
  }
  for (const key of Object.keys(value)) {
    if (ok) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (descriptor === undefined || descriptor.get !== undefined || descriptor.set !== undefined) ok = false;
    }
    if (!freezeProving((value as Record<string, unknown>)[key], depth + 1)) ok = false;
  }
  return ok;
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

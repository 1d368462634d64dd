/**
 * Deep copy of plain JSON-like data (what lodash `cloneDeep` does for ADK's contents). Strings are
 * immutable and shared; `undefined`-valued keys are kept, as `cloneDeep` keeps them.
 */
import { setOwnProperty } from '../events/set-own-property.ts';

const hasOwn = Object.prototype.hasOwnProperty;

export function cloneValue<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  // Plain objects: a for-in copy is the fastest generic path in V8 (no key array allocated).
  if (!Array.isArray(value)) {
    const copy: Record<string, unknown> = {};
    for (const key in value) {
      if (hasOwn.call(value, key)) {
        const field = (value as Record<string, unknown>)[key];
        setOwnProperty(copy, key, field === null || typeof field !== 'object' ? field : cloneValue(field));
      }
    }
    return copy as T;
  }
  return cloneArray(value) as T;
}

function cloneArray(value: readonly unknown[]): unknown[] {
  const copy = new Array(value.length);
  for (let i = 0; i < value.length; i += 1) {
    const item = value[i];
    copy[i] = item === null || typeof item !== 'object' ? item : cloneValue(item);
  }
  return copy;
}

/**
 * Structural equality of plain JSON-like data (`undefined`-valued keys equal missing ones).
 * Allocation-free (no key arrays): measurement compares every re-sent clone with its source on
 * every step.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!deepEqual(a[i], other[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let leftDefined = 0;
  for (const key in left) {
    if (!hasOwn.call(left, key)) continue;
    const value = left[key];
    if (value === undefined) continue;
    leftDefined += 1;
    if (!deepEqual(value, right[key])) return false;
  }
  let rightDefined = 0;
  for (const key in right) if (hasOwn.call(right, key) && right[key] !== undefined) rightDefined += 1;
  return leftDefined === rightDefined;
}

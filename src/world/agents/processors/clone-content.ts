/**
 * Deep copy of plain JSON-like data (what lodash `cloneDeep` does for ADK's contents). Strings are
 * immutable and shared; `undefined`-valued keys are kept, as `cloneDeep` keeps them.
 */

export function cloneValue<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  // Plain objects: a for-in copy is the fastest generic path in V8 (no key array allocated).
  if (!Array.isArray(value)) {
    const copy: Record<string, unknown> = {};
    for (const key in value) {
      if (Object.prototype.hasOwnProperty.call(value, key)) {
        const field = (value as Record<string, unknown>)[key];
        copy[key] = field === null || typeof field !== 'object' ? field : cloneValue(field);
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

/** Structural equality of plain JSON-like data (`undefined`-valued keys equal missing ones). */
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
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  if (leftKeys.length !== rightKeys.length) return false;
  for (const key of leftKeys) if (!deepEqual(left[key], right[key])) return false;
  return true;
}

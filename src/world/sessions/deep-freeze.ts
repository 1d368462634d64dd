/**
 * Appended events are immutable: the world deep-freezes them, so a strategy that writes into
 * session data (through `userContent`, a state value, or a kept reference) throws at the write
 * instead of silently corrupting history. In adk-js the same write would succeed and leak.
 */

const hasOwn = Object.prototype.hasOwnProperty;

export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  const record = value as Record<string, unknown>;
  if (Array.isArray(value)) {
    for (const key of Object.keys(value)) deepFreeze(record[key]);
  } else {
    // Own enumerable string keys, as Object.keys lists them, without making that list for every
    // object of every appended event (for-in reads a cached key list; arrays' indices it would
    // turn into strings one by one).
    for (const key in record) if (hasOwn.call(record, key)) deepFreeze(record[key]);
  }
  return value;
}

/** Does `error` look like a write to frozen data (V8's TypeError messages for frozen objects)? */
export function isFrozenWriteError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  return /read[- ]only|not extensible|Cannot delete property|Cannot redefine property|Cannot freeze|frozen/i.test(
    error.message,
  );
}

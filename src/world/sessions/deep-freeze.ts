/**
 * Appended events are immutable: the world deep-freezes them, so a strategy that writes into
 * session data (through `userContent`, a state value, or a kept reference) throws at the write
 * instead of silently corrupting history. In adk-js the same write would succeed and leak.
 */

export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** Does `error` look like a write to frozen data (V8's TypeError messages for frozen objects)? */
export function isFrozenWriteError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  return /read[- ]only|not extensible|Cannot delete property|Cannot redefine property|Cannot freeze|frozen/i.test(error.message);
}

/**
 * Can reading `value` never give another answer? That is what lets the world measure a shared
 * object (a deep-frozen tool declaration) once and remember the result by its identity.
 */
const NOTHING_SKIPPED: ReadonlySet<PropertyKey> = new Set();

/**
 * True for a primitive, and for a frozen object whose own properties (but those in `skip`, at the
 * top only) are all data properties holding such values: a getter could answer anything, frozen
 * or not, and an unfrozen object can be edited. Freezing is permanent, so once true, always true.
 */
export function isImmutableData(value: unknown, skip: ReadonlySet<PropertyKey> = NOTHING_SKIPPED): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return true;
  if (!Object.isFrozen(value)) return false;
  for (const key of Reflect.ownKeys(value)) {
    if (skip.has(key)) continue;
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !('value' in descriptor) || !isImmutableData(descriptor.value)) return false;
  }
  return true;
}

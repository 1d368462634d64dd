/**
 * Go `json.Marshal` byte length of a tool's parameter schema, remembered for schemas that cannot
 * change. adk-js FunctionTools hand the same `parameters` object to every step's request, so
 * ContextGuard re-marshalled the same schema on every estimate; a tree that is frozen all the way
 * down, of plain objects, arrays and scalars only, marshals the same for good and is measured once.
 * Any other value (unfrozen anywhere, a class instance, a getter, a function) is measured afresh
 * every time, as before.
 *
 * The table is weak: it keeps no schema alive, and nothing outlives the schemas it measured. The
 * world proves the same of the events it stores with a proof of its own
 * (src/world/sessions/frozen-json-data.ts): the world measures the engine, so neither imports the
 * other's.
 */
import { goJsonMarshalLength } from './go-json-marshal.ts';

const lengths = new WeakMap<object, number>();
const MAX_DEPTH = 64;
const hasOwn = Object.prototype.hasOwnProperty;

/** `json.Marshal(schema)` length, 0 when marshalling fails (ContextGuard adds nothing for such a schema). */
export function schemaJsonLength(schema: unknown): number {
  if (schema === null || typeof schema !== 'object') return marshalledLength(schema);
  const known = lengths.get(schema);
  if (known !== undefined) return known;
  const length = marshalledLength(schema);
  if (frozenPlainData(schema, 0)) lengths.set(schema, length);
  return length;
}

function marshalledLength(value: unknown): number {
  try {
    return goJsonMarshalLength(value);
  } catch {
    return 0;
  }
}

/** Frozen all the way down, plain objects (prototype Object.prototype or null) and hole-free arrays, data properties and scalars only. */
function frozenPlainData(value: unknown, depth: number): boolean {
  if (value === null) return true;
  const type = typeof value;
  if (type !== 'object') return type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined';
  if (depth > MAX_DEPTH || !Object.isFrozen(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return false;
    for (let i = 0; i < value.length; i += 1)
      if (!hasOwn.call(value, i) || !frozenPlainData(value[i], depth + 1)) return false;
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key of Reflect.ownKeys(value as object)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value as object, key)!;
    if (descriptor.get !== undefined || descriptor.set !== undefined) return false;
    if (!frozenPlainData(descriptor.value, depth + 1)) return false;
  }
  return true;
}

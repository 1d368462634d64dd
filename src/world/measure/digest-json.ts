/**
 * The serialization the trace digest hashes: exactly `JSON.stringify`'s output (same keys, order,
 * `toJSON`, omitted `undefined`/functions/symbols, `null` for non-finite numbers and array holes),
 * except that a string value of `LONG_STRING` or more UTF-16 units is written as the unquoted token
 * `#<length>:<sha256 hex of the string>` (no JSON text can look like it: a JSON value never starts
 * with `#`).
 *
 * Why: the world digests the same long texts (tool outputs, user messages, summaries) several times
 * (in the event that carries them, in the history content built from it, in the state), and JSON
 * escaping is the slowest part of a digest. A token is computed once per distinct string and
 * stands for it exactly (length + SHA-256), so the digest still covers every byte.
 *
 * Like `JSON.stringify`, it throws a TypeError on a BigInt without `toJSON` and on a cycle; the
 * caller then falls back to the canonical serializer.
 */
import { sha256 } from './sha256.ts';

export const LONG_STRING = 512;

const MAX_LONG_STRINGS = 4096;
/** What JSON.stringify escapes in a string: quote, backslash, control characters, surrogates (lone ones). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const longStrings = new Map<string, string>();
const quotedKeys = new Map<string, string>();
/** Ancestors of the value being serialized, for cycle detection (checked past a shallow depth). */
const ancestors: object[] = [];
const CYCLE_CHECK_DEPTH = 32;
const hasOwn = Object.prototype.hasOwnProperty;

export function digestJson(value: unknown): string {
  ancestors.length = 0;
  try {
    return serialize(value, '') ?? 'null';
  } finally {
    ancestors.length = 0;
  }
}

/** The token standing for a long string (cached: the same texts recur across events, contents and state). */
export function longStringToken(text: string): string {
  let token = longStrings.get(text);
  if (token === undefined) {
    token = `#${text.length}:${sha256(text)}`;
    if (longStrings.size >= MAX_LONG_STRINGS) longStrings.clear();
    longStrings.set(text, token);
  }
  return token;
}

/** Forgets the long-string tokens (the world calls it at the end of each session: a cache that outlived its session only kept its texts alive). */
export function forgetLongStringTokens(): void {
  longStrings.clear();
}

function serialize(input: unknown, key: string): string | undefined {
  let value = input;
  if (value !== null && (typeof value === 'object' || typeof value === 'bigint')) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, key) as unknown;
  }
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return scalarJson(value);
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return undefined; // undefined, function, symbol
  }
  if (value === null) return 'null';
  const object = value as object;
  if (Array.isArray(object)) return serializeArray(object);
  const proto: unknown = Object.getPrototypeOf(object);
  if (proto !== Object.prototype && proto !== null) {
    // Boxed primitives serialize as their primitive, as JSON.stringify does.
    if (object instanceof Number) return serialize(Number(object), key);
    if (object instanceof String) return serialize(String(object), key);
    if (object instanceof Boolean) return object.valueOf() ? 'true' : 'false';
  }
  return serializeObject(object as Record<string, unknown>);
}

function enter(value: object): void {
  if (ancestors.length >= CYCLE_CHECK_DEPTH && ancestors.includes(value))
    throw new TypeError('Converting circular structure to JSON');
  ancestors.push(value);
}

function serializeArray(array: readonly unknown[]): string {
  enter(array);
  let out = '[';
  for (let i = 0; i < array.length; i += 1) {
    if (i > 0) out += ',';
    out += serialize(array[i], String(i)) ?? 'null';
  }
  ancestors.pop();
  return `${out}]`;
}

function serializeObject(object: Record<string, unknown>): string {
  enter(object);
  let out = '{';
  let first = true;
  for (const key in object) {
    if (!hasOwn.call(object, key)) continue;
    const field = serialize(object[key], key);
    if (field === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += `${quoteKey(key)}:${field}`;
  }
  ancestors.pop();
  return `${out}}`;
}

/** A string, number or boolean as JSON.stringify writes it, except long strings become a digest token. */
export function scalarJson(value: string | number | boolean): string {
  if (typeof value === 'string') {
    if (value.length >= LONG_STRING) return longStringToken(value);
    // Most short strings (ids, names, roles) need no escaping: quoting them by hand is a third
    // cheaper than the JSON.stringify call, and gives the same text.
    return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return value ? 'true' : 'false';
}

/** A key as JSON.stringify quotes it, memoized (keys repeat in every event). */
export function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

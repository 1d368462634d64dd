/**
 * A canonical serialization for digests: JSON with object keys sorted and `undefined` members
 * dropped (so `{id: undefined}` equals `{}`, as JSON does), non-finite numbers as null. Strings
 * of 512 characters or more are written as `#<length>:<sha256>` (unquoted, so no JSON string can
 * look like it), hashed once per string: tool outputs are re-serialized on every digest.
 * Written as one string-building pass: digests run on every appended event and every step.
 * `longString` writes a long string some other way (it must write distinct strings distinctly and
 * never as JSON could: history-keys.ts numbers them instead of hashing them).
 */
import { LONG_STRING, quoteKey, scalarJson } from './digest-json.ts';

export function canonicalJson(value: unknown, longString?: (text: string) => string): string {
  switch (typeof value) {
    case 'string':
      return longString !== undefined && value.length >= LONG_STRING ? longString(value) : scalarJson(value);
    case 'number':
    case 'boolean':
      return scalarJson(value);
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object':
      break;
    default:
      return 'null';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      out += item === undefined || typeof item === 'function' ? 'null' : canonicalJson(item, longString);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const field = record[key];
    if (field === undefined || typeof field === 'function') continue;
    if (!first) out += ',';
    first = false;
    out += `${quoteKey(key)}:${canonicalJson(field, longString)}`;
  }
  return `${out}}`;
}

/**
 * Length in bytes of Go's `json.Marshal(value)` for JSON-shaped values: what ContextGuard counts
 * for a tool declaration's `ParametersJsonSchema` / `Parameters` (docs/contextguard.md §5).
 *
 * Go's encoder writes compact JSON; key order does not change the length, so keys are not sorted.
 * It escapes `<`, `>`, `&`, U+2028 and U+2029 as `\u003c`-style sequences (HTML-safe by default),
 * `"` `\` and `\b \f \n \r \t` as two-byte escapes (Go ≥ 1.22), other control bytes as `\u00XX`.
 * Numbers: a JS number prints as Go would print it as int (integer values) or float64 — both
 * coincide with `String(n)` for finite values (Go switches to exponent form below 1e-6 and from
 * 1e21 exactly like JS, and trims `e-07` to `e-7`). NaN/±Infinity, functions, symbols and cycles
 * are marshal errors (Go's `UnsupportedValueError`), raised as {@link GoJsonMarshalError}.
 */
import { utf8ByteLength } from './utf8-byte-length.ts';

/** json.Marshal would fail on this value (ContextGuard then adds 0 tokens for the declaration). */
export class GoJsonMarshalError extends Error {
  readonly code = 'ENGINE_JSON_UNSUPPORTED_VALUE';
  constructor(what: string) {
    super(`json: unsupported value: ${what}`);
    this.name = 'GoJsonMarshalError';
  }
}

/** Byte length of Go `json.Marshal(value)`; throws {@link GoJsonMarshalError} where Go errors. */
export function goJsonMarshalLength(value: unknown): number {
  return valueLength(value, new Set());
}

function valueLength(value: unknown, ancestors: Set<object>): number {
  switch (typeof value) {
    case 'string':
      return goJsonStringLength(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'number':
      if (!Number.isFinite(value)) throw new GoJsonMarshalError(String(value));
      return String(value).length;
    case 'bigint':
      return value.toString().length;
    case 'undefined':
      return 4; // a nil interface marshals as null
    case 'object':
      if (value === null) return 4;
      return containerLength(value, ancestors);
    default:
      throw new GoJsonMarshalError(`${typeof value} value`);
  }
}

function containerLength(value: object, ancestors: Set<object>): number {
  if (ancestors.has(value)) throw new GoJsonMarshalError('encountered a cycle');
  ancestors.add(value);
  try {
    if (value instanceof Uint8Array) return 2 + 4 * Math.ceil(value.length / 3); // []byte → base64 string
    if (Array.isArray(value) || ArrayBuffer.isView(value)) {
      const items = Array.from(value as ArrayLike<unknown>);
      let total = 2 + Math.max(0, items.length - 1);
      for (const item of items) total += valueLength(item, ancestors);
      return total;
    }
    let total = 2;
    let entries = 0;
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue; // JSON has no undefined: the key does not exist in Go
      total += goJsonStringLength(key) + 1 + valueLength(v, ancestors);
      entries += 1;
    }
    return total + Math.max(0, entries - 1);
  } finally {
    ancestors.delete(value);
  }
}

// Anything Go's encoder escapes (lone surrogates are not escaped: they reach Go as U+FFFD, 3 bytes).
const NEEDS_ESCAPE = /["\\\u0000-\u001f<>&\u2028\u2029]/;

/** Byte length of a Go JSON string literal, quotes included. */
export function goJsonStringLength(s: string): number {
  const raw = utf8ByteLength(s) + 2;
  if (!NEEDS_ESCAPE.test(s)) return raw;
  let extra = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c)
      extra += 1; // \" \\
    else if (c === 0x08 || c === 0x0c || c === 0x0a || c === 0x0d || c === 0x09) extra += 1;
    else if (c < 0x20)
      extra += 5; // \u00XX for a 1-byte char
    else if (c === 0x3c || c === 0x3e || c === 0x26)
      extra += 5; // \u003c \u003e \u0026
    else if (c === 0x2028 || c === 0x2029) extra += 3; // 3 raw bytes become 6
  }
  return raw + extra;
}

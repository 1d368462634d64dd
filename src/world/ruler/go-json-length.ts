/**
 * Byte length of Go's `json.Marshal(v)`: what the spec (§5 `estimateToolTokens`) counts for a
 * function declaration's `ParametersJsonSchema` (else `Parameters`). The text is never built.
 *
 * Go's encoder rules followed:
 * - compact output; map keys sorted (the order does not change the length);
 * - strings: `"` and `\` escaped with a backslash, `\b \f \n \r \t` as two-byte escapes (Go ≥
 *   1.22), other bytes below 0x20 as `\u00XX`; `<`, `>`, `&` as `\u003c`-style escapes (HTML-safe,
 *   Go's default); U+2028 and U+2029 as `\u2028`/`\u2029`; everything else raw UTF-8;
 * - numbers: a float64 prints in `'f'` form, or `'e'` form below 1e-6 and from 1e21 with Go's
 *   `e-07` → `e-7` clean-up: the same text JavaScript prints for a number; an int in decimal;
 * - NaN, ±Inf, functions, symbols and cycles are marshal errors: `undefined` is returned, and the
 *   spec counts 0 for the schema ("a marshal error adds 0");
 * - a `[]byte` (Uint8Array) is a base64 string.
 * A key whose value is `undefined` is absent (JSON drops it before Go sees the map).
 */
import {
  arrayBufferIsView,
  arrayIsArray,
  bigintToString,
  charCodeAt,
  mathFloor,
  numberIsFinite,
  objectHasOwn,
} from './intrinsics.ts';
import { utf8Bytes } from './utf8-bytes.ts';

const MAX_DEPTH = 512;

/** Length of `json.Marshal(value)`, or undefined where Go's marshal fails. */
export function goJsonLength(value: unknown): number | undefined {
  const length = jsonLength(value, []);
  return length < 0 ? undefined : length;
}

/** -1: a marshal error somewhere inside. */
function jsonLength(value: unknown, ancestors: object[]): number {
  switch (typeof value) {
    case 'string':
      return jsonStringLength(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'number':
      return numberIsFinite(value) ? ('' + value).length : -1;
    case 'bigint':
      return bigintToString(value).length;
    case 'undefined':
      return 4; // a nil interface: null
    case 'object':
      if (value === null) return 4;
      return containerLength(value, ancestors);
    default:
      return -1;
  }
}

function containerLength(value: object, ancestors: object[]): number {
  for (let i = 0; i < ancestors.length; i += 1) if (ancestors[i] === value) return -1; // a cycle
  if (ancestors.length > MAX_DEPTH) return -1;
  ancestors[ancestors.length] = value;
  let total: number;
  if (value instanceof Uint8Array) {
    total = 2 + 4 * mathFloor((value.length + 2) / 3); // base64, padded
  } else if (arrayIsArray(value) || arrayBufferIsView(value)) {
    const items = value as ArrayLike<unknown>;
    total = 2 + (items.length > 0 ? items.length - 1 : 0);
    for (let i = 0; i < items.length && total >= 0; i += 1) {
      const item = jsonLength(items[i], ancestors);
      total = item < 0 ? -1 : total + item;
    }
  } else {
    total = 2;
    let entries = 0;
    for (const key in value) {
      if (!objectHasOwn(value, key)) continue;
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      const item = jsonLength(v, ancestors);
      if (item < 0) {
        total = -1;
        break;
      }
      total += jsonStringLength(key) + 1 + item;
      entries += 1;
    }
    if (total >= 0 && entries > 1) total += entries - 1;
  }
  ancestors.length -= 1;
  return total;
}

/** A Go JSON string literal's bytes, quotes included. */
export function jsonStringLength(text: string): number {
  let extra = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = charCodeAt(text, i);
    if (c >= 0x20 && c < 0x7f) {
      if (c === 0x22 || c === 0x5c)
        extra += 1; // \" \\
      else if (c === 0x3c || c === 0x3e || c === 0x26) extra += 5; // \u003c \u003e \u0026
    } else if (c < 0x20) {
      extra += c === 0x08 || c === 0x0c || c === 0x0a || c === 0x0d || c === 0x09 ? 1 : 5;
    } else if (c === 0x2028 || c === 0x2029) {
      extra += 3; // 3 UTF-8 bytes become the 6 of \u2028
    }
  }
  return utf8Bytes(text) + 2 + extra;
}

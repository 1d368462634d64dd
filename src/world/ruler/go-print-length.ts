/**
 * Byte length of Go's `fmt.Sprintf("%v", v)` for the values a request carries (docs/contextguard.md §5: function
 * call arguments, a function response's `Response` map, part metadata, a `ToolCall`). The text is
 * never built: a 400 KB tool output costs one byte count.
 *
 * The Go printing rules followed (docs/contextguard.md §5 "Go `%v` details"):
 * - a string prints raw (its UTF-8 bytes); a bool `true`/`false`; nil `<nil>`;
 * - a map prints `map[k1:v1 k2:v2]` (keys sorted, which does not change the length; a nil map
 *   `map[]`); a slice `[a b]`;
 * - an int prints in decimal, a float64 in the shortest `%g` form (`1e+06`, `1.5e-07`, `NaN`,
 *   `+Inf`). JavaScript has one number type: an integer-valued number below 2^63 stands for a Go
 *   int (the world's values, like the Go simulator's, are ints), any other for a float64.
 * A key whose value is `undefined` is absent: JSON, the only way a map reaches Go, drops it.
 */
import {
  arrayBufferIsView,
  arrayIsArray,
  bigintToString,
  charCodeAt,
  mathAbs,
  numberIsInteger,
  numberIsNaN,
  objectHasOwn,
  stringIndexOf,
  stringSlice,
  toExponential,
} from './intrinsics.ts';
import { utf8Bytes } from './utf8-bytes.ts';

const GO_INT_RANGE = 2 ** 63;
/** Deeper than any JSON the world or a provider handles; a cyclic value stops here instead of overflowing the stack. */
const MAX_DEPTH = 512;

export function goPrintLength(value: unknown): number {
  return printLength(value, 0);
}

/** `%v` of a `map[string]any`: a missing map is Go's nil map, `map[]` (5 bytes). */
export function goMapPrintLength(map: unknown): number {
  if (map === undefined || map === null) return 5;
  return printLength(map, 0);
}

function printLength(value: unknown, depth: number): number {
  if (depth > MAX_DEPTH) return 0;
  switch (typeof value) {
    case 'string':
      return utf8Bytes(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'number':
      return goNumberText(value).length;
    case 'bigint':
      return bigintToString(value).length;
    case 'undefined':
      return 5; // <nil>
    case 'object': {
      if (value === null) return 5; // <nil>
      if (arrayIsArray(value)) return sliceLength(value, depth);
      if (arrayBufferIsView(value)) return sliceLength(value as unknown as ArrayLike<unknown>, depth);
      return mapLength(value as Record<string, unknown>, depth);
    }
    default:
      return 0; // functions and symbols never come out of JSON
  }
}

/** `[` + elements joined by one space + `]`. */
function sliceLength(items: ArrayLike<unknown>, depth: number): number {
  const n = items.length;
  let total = 2 + (n > 0 ? n - 1 : 0);
  for (let i = 0; i < n; i += 1) total += printLength(items[i], depth + 1);
  return total;
}

/** `map[` + `key:value` entries joined by one space + `]`. */
function mapLength(map: Record<string, unknown>, depth: number): number {
  let total = 5;
  let entries = 0;
  for (const key in map) {
    if (!objectHasOwn(map, key)) continue;
    const v = map[key];
    if (v === undefined) continue;
    total += utf8Bytes(key) + 1 + printLength(v, depth + 1);
    entries += 1;
  }
  return total + (entries > 0 ? entries - 1 : 0);
}

/** Go's `%v` of a number, as text (tests compare it with Go's own output). */
export function goNumberText(n: number): string {
  if (numberIsNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  if (numberIsInteger(n) && mathAbs(n) < GO_INT_RANGE) return n === 0 ? '0' : '' + n; // a Go int; -0 is 0
  return goShortestG(n);
}

/**
 * strconv.FormatFloat(f, 'g', -1, 64): the shortest digits that round-trip (what `toExponential()`
 * gives), in `%e` form when the decimal exponent is below -4 or at least 6 (shortest precision
 * decides with 6), with a signed exponent of at least two digits. Built with the captured string
 * built-ins only.
 */
function goShortestG(n: number): string {
  const text = toExponential(n); // "-1.2345e+7"
  const e = stringIndexOf(text, 'e');
  const negative = charCodeAt(text, 0) === 45; // '-'
  let digits = '';
  for (let i = negative ? 1 : 0; i < e; i += 1) if (charCodeAt(text, i) !== 46) digits += text[i]; // skip '.'
  const exponent = +stringSlice(text, e + 1);
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 6) {
    const absExp = exponent < 0 ? -exponent : exponent;
    const fraction = digits.length > 1 ? '.' + stringSlice(digits, 1) : '';
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${absExp < 10 ? '0' : ''}${absExp}`;
  }
  if (exponent < 0) return `${sign}0.${zeros(-exponent - 1)}${digits}`;
  if (exponent + 1 >= digits.length) return `${sign}${digits}${zeros(exponent + 1 - digits.length)}`;
  return `${sign}${stringSlice(digits, 0, exponent + 1)}.${stringSlice(digits, exponent + 1)}`;
}

function zeros(count: number): string {
  let text = '';
  for (let i = 0; i < count; i += 1) text += '0';
  return text;
}

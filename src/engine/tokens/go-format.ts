/**
 * Length in bytes of Go's `fmt.Sprintf("%v", value)` for JSON-shaped values, which is what
 * ContextGuard counts for function-call arguments, function responses and part metadata (docs/contextguard.md §5).
 *
 * Rendering rules mirrored (Go fmt):
 * - string: raw bytes; bool: `true`/`false`; null/undefined (a nil interface): `<nil>`;
 * - array (slice): `[a b c]`; object (map[string]any): `map[k1:v1 k2:v2]`, keys sorted (the order
 *   does not change the length, so we do not sort); undefined-valued keys are skipped, because
 *   JSON — the only way such a map reaches Go — drops them;
 * - numbers: a JS number with an integer value (and |n| < 2^63) is treated as a Go `int` and
 *   printed in decimal. This is the deliberate choice for a JS port: JS has no int/float split, and
 *   the simulator's values are ints in Go. Other numbers are Go float64 `%v`, i.e. shortest `%g`
 *   with exponent form when exp < -4 or exp >= 6 (`1.5e+06`, `1e-07`), `NaN`, `+Inf`, `-Inf`;
 * - bigint: decimal; typed arrays (Go []byte etc.): `[1 2 3]`.
 * The string is never built, so a 400 KB tool output costs one (memoized) byte count.
 */
import { utf8ByteLength } from './utf8-byte-length.ts';

const GO_INT_LIMIT = 2 ** 63;

/** Byte length of Go `%v` of `value`. */
export function goFormatLength(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return utf8ByteLength(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'number':
      return goFormatNumber(value).length;
    case 'bigint':
      return value.toString().length;
    case 'undefined':
      return 5; // <nil>
    case 'object':
      if (value === null) return 5; // <nil>
      if (Array.isArray(value)) return sliceLength(value);
      if (ArrayBuffer.isView(value)) return sliceLength(Array.from(value as unknown as ArrayLike<number>));
      return mapLength(value as Record<string, unknown>);
    default:
      // functions and symbols cannot come out of JSON; Go would print a pointer. Count nothing.
      return 0;
  }
}

/** Go `%v` of a `map[string]any` (a nil map, JS null/undefined, prints `map[]`). */
export function goFormatMapLength(map: Record<string, unknown> | null | undefined): number {
  if (map === null || map === undefined) return 5; // map[]
  return mapLength(map);
}

function sliceLength(items: readonly unknown[]): number {
  // "[" + items joined by " " + "]"
  let total = 2 + Math.max(0, items.length - 1);
  for (let i = 0; i < items.length; i += 1) total += goFormatLength(items[i]);
  return total;
}

const hasOwn = Object.prototype.hasOwnProperty;

function mapLength(map: Record<string, unknown>): number {
  // "map[" + "k:v" joined by " " + "]"
  let total = 5;
  let entries = 0;
  // for-in + own check (the same enumerable own string keys as Object.keys, without allocating
  // the key array on every model call for every function call and response in the request).
  for (const key in map) {
    if (!hasOwn.call(map, key)) continue;
    const v = map[key];
    if (v === undefined) continue;
    total += utf8ByteLength(key) + 1 + goFormatLength(v);
    entries += 1;
  }
  return total + Math.max(0, entries - 1);
}

/**
 * Go `%v` of a number (see the module comment for the int/float64 split). Returned as a string
 * because it is short and tests compare it with Go's output.
 */
export function goFormatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  if (Number.isInteger(n) && Math.abs(n) < GO_INT_LIMIT) {
    // Below 1e21 String() prints every digit; -0 as a Go int is 0.
    return Object.is(n, -0) ? '0' : String(n);
  }
  return goFormatFloatShortest(n);
}

/**
 * Go `strconv.FormatFloat(f, 'g', -1, 64)`: shortest round-trip digits (JS `toExponential()`
 * yields the same digits), `%e` form when the decimal exponent is < -4 or >= 6 ("if precision was
 * the shortest possible, use precision 6 for this decision"), exponent with a sign and at least
 * two digits.
 */
export function goFormatFloatShortest(n: number): string {
  const [mantissa = '0', expText = '0'] = n.toExponential().split('e');
  const exp = Number(expText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const expAbs = String(Math.abs(exp)).padStart(2, '0');
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${expAbs}`;
  }
  const pointAt = exp + 1; // digits before the decimal point
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

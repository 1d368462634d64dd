/**
 * UTF-8 byte length of a string: what Go's `len(s)` returns, and therefore what every ContextGuard
 * token heuristic divides by 4 (spec §5). JavaScript's `string.length` counts UTF-16 code units and
 * would under-count any non-ASCII text.
 */
import { Buffer } from 'node:buffer';

/** Strings shorter than this are measured directly: hashing them would cost as much as counting. */
const MEMO_MIN_LENGTH = 256;
/** Upper bound on remembered strings; the oldest entry is evicted first (Map keeps insertion order). */
const MEMO_MAX_ENTRIES = 8192;

const memo = new Map<string, number>();

/**
 * Byte length of `s` in UTF-8 (a lone surrogate counts 3 bytes, as its U+FFFD replacement does).
 *
 * The world re-estimates the same immutable history on every step, so long strings (tool outputs,
 * system prompts) are memoized by the string primitive: V8 caches a string's hash in the string
 * itself, so the repeat lookup of the same string value is O(1) rather than a fresh O(n) scan.
 */
export function utf8ByteLength(s: string): number {
  if (s.length < MEMO_MIN_LENGTH) return Buffer.byteLength(s, 'utf8');
  const known = memo.get(s);
  if (known !== undefined) return known;
  const bytes = Buffer.byteLength(s, 'utf8');
  if (memo.size >= MEMO_MAX_ENTRIES) {
    const oldest = memo.keys().next();
    if (oldest.done !== true) memo.delete(oldest.value);
  }
  memo.set(s, bytes);
  return bytes;
}

/** Go `len(s)/4`: the per-field token heuristic, integer division. */
export function quarterBytes(s: string | undefined | null): number {
  if (s === undefined || s === null || s === '') return 0;
  return Math.floor(utf8ByteLength(s) / 4);
}

/**
 * UTF-8 byte length of a string: what Go's `len(s)` returns, and therefore what every ContextGuard
 * token heuristic divides by 4 (spec §5). JavaScript's `string.length` counts UTF-16 code units and
 * would under-count any non-ASCII text.
 */
import { Buffer } from 'node:buffer';

/** Strings shorter than this are measured directly: a lookup would cost as much as counting. */
const MEMO_MIN_LENGTH = 256;
/** Upper bound on remembered strings per table (a table is emptied when full; a long-string slot is overwritten on a collision). */
const MEMO_MAX_ENTRIES = 8192;
/** Characters sampled for a slot key (spread over the whole string). */
const SAMPLES = 4;

interface Measured {
  readonly text: string;
  readonly bytes: number;
}

/** Up to this length V8 hashes every character of a string (and caches the hash in it). */
const V8_HASHED_LENGTH = 16_383;

const memo = new Map<string, number>();
/** Strings measured once lately: remembered (in `memo`) only when measured again. */
const once = new Map<string, number>();
/** How many once-measured strings are kept before the table starts over. */
const ONCE_MAX_ENTRIES = 64;
const longMemo = new Map<number, Measured>();

/**
 * Byte length of `s` in UTF-8 (a lone surrogate counts 3 bytes, as its U+FFFD replacement does).
 *
 * The world re-estimates the same immutable history on every step, so long strings (tool outputs,
 * system prompts) are memoized by the string (V8 caches a string's hash in the string, so looking
 * up the same string again is O(1)). A string enters the memo on its second measurement: one
 * measured once (a summarizer prompt, 10 KB or more each) would otherwise stay alive until the
 * session ends. Past 16,383 characters V8 hashes a string by its length alone, so tool outputs of
 * one size would all land in one bucket and every lookup would walk them (1-2 µs each). Those are
 * keyed by their length and a sample of their characters, and a hit is confirmed by `===`, a
 * pointer comparison for the very string seen before.
 */
export function utf8ByteLength(s: string): number {
  if (s.length < MEMO_MIN_LENGTH) return Buffer.byteLength(s, 'utf8');
  if (s.length <= V8_HASHED_LENGTH) {
    let bytes = memo.get(s);
    if (bytes !== undefined) return bytes;
    bytes = once.get(s);
    if (bytes !== undefined) {
      if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
      memo.set(s, bytes);
      return bytes;
    }
    bytes = Buffer.byteLength(s, 'utf8');
    if (once.size >= ONCE_MAX_ENTRIES) once.clear();
    once.set(s, bytes);
    return bytes;
  }
  const key = slotKey(s);
  const known = longMemo.get(key);
  if (known !== undefined && known.text === s) return known.bytes;
  const bytes = Buffer.byteLength(s, 'utf8');
  if (known === undefined && longMemo.size >= MEMO_MAX_ENTRIES) longMemo.clear();
  longMemo.set(key, { text: s, bytes });
  return bytes;
}

/**
 * Forgets every remembered string. A host that measures one session after another calls it
 * between sessions (the world does, at the end of each): the memo only pays off within a session,
 * which re-measures the same history every step, and otherwise keeps old sessions' long texts
 * alive (up to 8,192 of them, each 16 KB or more).
 */
export function forgetMeasuredStrings(): void {
  memo.clear();
  once.clear();
  longMemo.clear();
}

function slotKey(s: string): number {
  const last = s.length - 1;
  let key = s.length;
  for (let k = 0; k < SAMPLES; k += 1) key = (Math.imul(key, 31) + s.charCodeAt(Math.floor((k * last) / (SAMPLES - 1)))) | 0;
  return key;
}

/** Go `len(s)/4`: the per-field token heuristic, integer division. */
export function quarterBytes(s: string | undefined | null): number {
  if (s === undefined || s === null || s === '') return 0;
  return Math.floor(utf8ByteLength(s) / 4);
}

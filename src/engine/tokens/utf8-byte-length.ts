/**
 * UTF-8 byte length of a string: what Go's `len(s)` returns, and therefore what every ContextGuard
 * token heuristic divides by 4 (docs/contextguard.md §5). JavaScript's `string.length` counts UTF-16 code units and
 * would under-count any non-ASCII text.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Buffer } from 'node:buffer';

/** Strings shorter than this are measured directly: a lookup would cost as much as counting. */
const MEMO_MIN_LENGTH = 256;
/** Characters sampled for a slot key (spread over the whole string). */
const SAMPLES = 4;
/** Up to this length V8 hashes every character of a string (and caches the hash in it). */
const V8_HASHED_LENGTH = 16_383;
/** How many once-measured strings are kept before that table starts over (also bounded in bytes: a quarter of the memo's). */
const ONCE_MAX_ENTRIES = 64;
/** What a memo may hold by default: 4 MiB of string storage (two bytes a character, the worst case). */
export const DEFAULT_MEMO_MAX_BYTES = 4 * 1024 * 1024;

interface Measured {
  readonly text: string;
  readonly bytes: number;
}

/**
 * Remembered byte lengths of long strings, owned by whoever re-measures the same texts (a
 * ContextGuard instance: every step re-estimates the same history) and bounded in bytes: the
 * strings it remembers (two bytes a character counted) never exceed `maxBytes`, nor those it saw
 * once a quarter of that; past either it starts over. A string enters the memo on its second measurement: one measured once (a summarizer prompt)
 * would otherwise stay alive for nothing. Past 16,383 characters V8 hashes a string by its length
 * alone, so tool outputs of one size would all land in one bucket and every lookup would walk them;
 * those are keyed by their length and a sample of their characters, and a hit is confirmed by `===`,
 * a pointer comparison for the very string seen before.
 */
export class ByteLengthMemo {
  readonly #memo = new Map<string, number>();
  readonly #once = new Map<string, number>();
  readonly #long = new Map<number, Measured>();
  #heldBytes = 0;
  #onceBytes = 0;

  constructor(readonly maxBytes: number = DEFAULT_MEMO_MAX_BYTES) {}

  /** Bytes of string storage the memo keeps alive now (two a character). */
  get heldBytes(): number {
    return this.#heldBytes + this.#onceBytes;
  }

  measure(s: string): number {
    if (s.length <= V8_HASHED_LENGTH) {
      let bytes = this.#memo.get(s);
      if (bytes !== undefined) return bytes;
      bytes = this.#once.get(s);
      if (bytes !== undefined) {
        this.#hold(s.length);
        this.#memo.set(s, bytes);
        return bytes;
      }
      bytes = Buffer.byteLength(s, 'utf8');
      if (this.#once.size >= ONCE_MAX_ENTRIES || this.#onceBytes + 2 * s.length > this.maxBytes / 4) {
        this.#once.clear();
        this.#onceBytes = 0;
      }
      this.#once.set(s, bytes);
      this.#onceBytes += 2 * s.length;
      return bytes;
    }
    const key = slotKey(s);
    const known = this.#long.get(key);
    if (known !== undefined && known.text === s) return known.bytes;
    const bytes = Buffer.byteLength(s, 'utf8');
    if (known !== undefined) this.#heldBytes -= 2 * known.text.length;
    this.#hold(s.length);
    this.#long.set(key, { text: s, bytes });
    return bytes;
  }

  /** Forgets everything. */
  clear(): void {
    this.#memo.clear();
    this.#once.clear();
    this.#long.clear();
    this.#heldBytes = 0;
    this.#onceBytes = 0;
  }

  /** Room for a string of `length` characters (the memo starts over when it would exceed its bound). */
  #hold(length: number): void {
    if (this.#heldBytes + 2 * length > this.maxBytes) this.clear();
    this.#heldBytes += 2 * length;
  }
}

/**
 * The memo of the estimate running now, if its host set one (`withByteLengthMemo`): carried with
 * the asynchronous call, so interleaved hosts never share one, and nothing outlives its owner.
 */
const scope = new AsyncLocalStorage<ByteLengthMemo>();

/** Runs `fn` (and everything it awaits) measuring long strings with `memo`. */
export function withByteLengthMemo<T>(memo: ByteLengthMemo, fn: () => T): T {
  return scope.run(memo, fn);
}

/** Byte length of `s` in UTF-8 (a lone surrogate counts 3 bytes, as its U+FFFD replacement does). */
export function utf8ByteLength(s: string): number {
  if (s.length < MEMO_MIN_LENGTH) return Buffer.byteLength(s, 'utf8');
  const memo = scope.getStore();
  return memo === undefined ? Buffer.byteLength(s, 'utf8') : memo.measure(s);
}

function slotKey(s: string): number {
  const last = s.length - 1;
  let key = s.length;
  for (let k = 0; k < SAMPLES; k += 1)
    key = (Math.imul(key, 31) + s.charCodeAt(Math.floor((k * last) / (SAMPLES - 1)))) | 0;
  return key;
}

/** Go `len(s)/4`: the per-field token heuristic, integer division. */
export function quarterBytes(s: string | undefined | null): number {
  if (s === undefined || s === null || s === '') return 0;
  return Math.floor(utf8ByteLength(s) / 4);
}

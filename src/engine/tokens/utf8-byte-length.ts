/**
 * UTF-8 byte length of a string: what Go's `len(s)` returns, and therefore what every ContextGuard
 * token heuristic divides by 4 (docs/contextguard.md §5). JavaScript's `string.length` counts UTF-16 code units and
 * would under-count any non-ASCII text.
 *
 * Measured afresh every time, with no memo: `Buffer.byteLength` counts several GB a second, so a
 * step re-estimating a history of megabytes spends well under a millisecond on it. The memo this
 * replaced (per ContextGuard instance, carried through the strategy's awaits by an
 * AsyncLocalStorage) saved nothing measurable on the seed suites, the fuzzer or a 3,000-turn
 * session, and an AsyncLocalStorage on Node 20 turns on promise hooks for the whole process: every
 * `await` of the host agent cost 2.5 times as much once ContextGuard had run.
 */
import { Buffer } from 'node:buffer';

/** Byte length of `s` in UTF-8 (a lone surrogate counts 3 bytes, as its U+FFFD replacement does). */
export function utf8ByteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Go `len(s)/4`: the per-field token heuristic, integer division. */
export function quarterBytes(s: string | undefined | null): number {
  if (s === undefined || s === null || s === '') return 0;
  return Math.floor(utf8ByteLength(s) / 4);
}

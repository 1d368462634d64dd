/**
 * Counting BPE tokens (tiktoken o200k_base / cl100k_base) with js-tiktoken's rank tables.
 *
 * js-tiktoken's own `encode` re-compiles its regexes on every call and merges pairs by joining
 * byte arrays into string keys, which is quadratic with a large constant: a 8 KB run of one
 * character takes seconds. This counter keeps the same pre-tokenizer regex and the same merge
 * rule (repeatedly merge the adjacent pair with the lowest rank), with byte strings as keys and a
 * cache per piece, so counts equal `encode(text).length` for ordinary text. One approximation:
 * pre-tokenized pieces longer than 32 code points (runs such as "xxxx…" or unbroken CJK) are
 * counted in 32-code-point slices, which avoids the quadratic merge; a slice boundary can add at
 * most one token per slice.
 */
import { Buffer } from 'node:buffer';

export type BpeEncoding = 'o200k_base' | 'cl100k_base';

interface RankTable {
  readonly pat_str: string;
  readonly bpe_ranks: string;
}

const SLICE_CODE_POINTS = 32;
const PIECE_CACHE_MAX = 200_000;

export class BpeCounter {
  readonly #ranks = new Map<string, number>();
  readonly #pattern: RegExp;
  /** The same pattern, sticky: matches only where the previous piece ended. */
  readonly #sticky: RegExp;
  readonly #pieceCounts = new Map<string, number>();

  constructor(table: RankTable) {
    this.#pattern = new RegExp(table.pat_str, 'gu');
    this.#sticky = new RegExp(table.pat_str, 'yu');
    for (const line of table.bpe_ranks.split('\n')) {
      if (line === '') continue;
      const fields = line.split(' ');
      const offset = Number.parseInt(fields[1] ?? '', 10);
      for (let i = 2; i < fields.length; i += 1) {
        this.#ranks.set(Buffer.from(fields[i] as string, 'base64').toString('latin1'), offset + i - 2);
      }
    }
  }

  /**
   * Tokens in `text` (special-token strings are counted as plain text): the pieces the global
   * pattern finds, in order. Walked with the sticky pattern's `test`, which allocates nothing but
   * the piece: the pieces cover the text end to end, except where the global pattern skips
   * characters no alternative matches, which is then found with it as `matchAll` would.
   */
  count(text: string): number {
    const sticky = this.#sticky;
    let total = 0;
    let at = 0;
    while (at < text.length) {
      sticky.lastIndex = at;
      let start = at;
      if (!sticky.test(text)) {
        const pattern = this.#pattern;
        pattern.lastIndex = at;
        const match = pattern.exec(text);
        if (match === null) break;
        start = match.index;
        sticky.lastIndex = pattern.lastIndex;
      }
      const end = sticky.lastIndex;
      if (end === start) {
        // An empty match: matchAll advances by one code point and finds the next piece from there.
        at = start + (isHighSurrogateAt(text, start) ? 2 : 1);
        continue;
      }
      total += this.#countPiece(text.slice(start, end));
      at = end;
    }
    return total;
  }

  #countPiece(piece: string): number {
    const cached = this.#pieceCounts.get(piece);
    if (cached !== undefined) return cached;
    let count: number;
    if (piece.length > SLICE_CODE_POINTS * 2 || Array.from(piece).length > SLICE_CODE_POINTS) {
      count = 0;
      const chars = Array.from(piece);
      for (let i = 0; i < chars.length; i += SLICE_CODE_POINTS) count += this.#countPiece(chars.slice(i, i + SLICE_CODE_POINTS).join(''));
    } else {
      count = this.#mergeCount(Buffer.from(piece, 'utf8').toString('latin1'));
    }
    if (this.#pieceCounts.size >= PIECE_CACHE_MAX) this.#pieceCounts.clear();
    this.#pieceCounts.set(piece, count);
    return count;
  }

  /** tiktoken's byte-pair merge over a byte string; returns the number of resulting tokens. */
  #mergeCount(bytes: string): number {
    if (this.#ranks.has(bytes)) return 1;
    const starts: number[] = [];
    for (let i = 0; i <= bytes.length; i += 1) starts.push(i);
    const pairRank = (i: number): number =>
      i + 2 < starts.length ? (this.#ranks.get(bytes.slice(starts[i], starts[i + 2])) ?? Infinity) : Infinity;
    const ranks: number[] = [];
    for (let i = 0; i < starts.length - 1; i += 1) ranks.push(pairRank(i));
    while (starts.length > 2) {
      let best = Infinity;
      let at = -1;
      for (let i = 0; i < ranks.length - 1; i += 1) {
        if ((ranks[i] as number) < best) {
          best = ranks[i] as number;
          at = i;
        }
      }
      if (at < 0) break;
      starts.splice(at + 1, 1);
      ranks.splice(at + 1, 1);
      ranks[at] = pairRank(at);
      if (at > 0) ranks[at - 1] = pairRank(at - 1);
    }
    return starts.length - 1;
  }
}

function isHighSurrogateAt(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  const next = text.charCodeAt(index + 1);
  return unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
}

const counters = new Map<BpeEncoding, BpeCounter>();

/** The (process-wide, loaded once) counter for `encoding`. */
export async function loadBpeCounter(encoding: BpeEncoding): Promise<BpeCounter> {
  const known = counters.get(encoding);
  if (known) return known;
  const table = (
    encoding === 'o200k_base'
      ? await import('js-tiktoken/ranks/o200k_base')
      : await import('js-tiktoken/ranks/cl100k_base')
  ).default as RankTable;
  const counter = new BpeCounter(table);
  counters.set(encoding, counter);
  return counter;
}

/**
 * Per-kind corpora for cheap realistic text (issue 32): each realistic kind's chunks (sentences,
 * JSON records, log lines, functions...) generated ONCE per process from a fixed seed, up to a
 * bound in bytes, then every text of that kind is a seeded window over it (one rng draw: the chunk
 * it starts at) instead of being generated word by word. The corpus is cyclic: every chunk carries
 * the separator it has after an earlier chunk, so a window that runs past the end continues at
 * the start seamlessly.
 *
 * A corpus also knows where BPE pretokenization must split it (`isSafeJoin`), so the token model
 * can count a window by adding cached block counts instead of re-tokenizing it
 * (corpus-token-count.ts).
 */
import { rngFor, type Rng } from '../sim/prng.ts';
import { CHUNK_MAKERS, type RealisticKind } from './realistic-text.ts';

/** UTF-8 bytes of each kind's corpus (six kinds: at most 3 MiB of text per process, plus its tables). */
export const CORPUS_BYTES = 512 * 1024;

export interface TextCorpus {
  readonly kind: RealisticKind;
  /** Every chunk, each with its leading separator (the corpus is cyclic). */
  readonly text: string;
  /** Only ASCII characters: a UTF-8 byte is a UTF-16 unit (byteLength === length). */
  readonly ascii: boolean;
  /** UTF-8 bytes of `text`. */
  readonly bytes: number;
  /** Where each chunk's body starts (after its separator), in UTF-16 units. */
  readonly bodyStarts: Int32Array;
  /**
   * Non-ASCII corpora: UTF-8 bytes of text[0, i) for every unit index i (inside a surrogate pair,
   * the bytes before the pair, so a cut there steps back to a whole character). Null when ASCII.
   */
  readonly bytesBefore: Int32Array | null;
}

/** A chunk's leading separator, per kind (what it has after an earlier chunk, dropped where a text starts). */
const SEPARATOR: Readonly<Record<RealisticKind, RegExp | null>> = {
  prose: /^(?: |\n\n)/,
  json: /^,\n/,
  logs: null,
  code: null,
  cjk: null,
  emoji: null,
};

const corpora = new Map<RealisticKind, TextCorpus>();

/** The process-wide corpus of `kind`, built on first use. */
export function textCorpus(kind: RealisticKind): TextCorpus {
  let corpus = corpora.get(kind);
  if (corpus === undefined) {
    corpus = buildCorpus(kind, rngFor(0, 'text-corpus', kind));
    corpora.set(kind, corpus);
  }
  return corpus;
}

function buildCorpus(kind: RealisticKind, rng: Rng): TextCorpus {
  const makeChunk = CHUNK_MAKERS[kind];
  const separator = SEPARATOR[kind];
  const chunks: string[] = [];
  const bodyStarts: number[] = [];
  let units = 0;
  let bytes = 0;
  let ascii = true;
  // Chunk indices start at 1: every chunk is made as one that follows another (its separator).
  for (let index = 1; bytes < CORPUS_BYTES; index += 1) {
    const chunk = makeChunk(rng, index);
    const chunkBytes = utf8Length(chunk);
    if (chunkBytes !== chunk.length) ascii = false;
    bodyStarts.push(units + (separator?.exec(chunk)?.[0].length ?? 0));
    chunks.push(chunk);
    units += chunk.length;
    bytes += chunkBytes;
  }
  const text = chunks.join('');
  return {
    kind,
    text,
    ascii,
    bytes,
    bodyStarts: Int32Array.from(bodyStarts),
    bytesBefore: ascii ? null : bytesBeforeTable(text),
  };
}

function bytesBeforeTable(text: string): Int32Array {
  const table = new Int32Array(text.length + 1);
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const low = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
      // A surrogate pair: 4 bytes, reached only after its second unit.
      table[i] = bytes;
      table[i + 1] = bytes;
      bytes += 4;
      i += 1;
      table[i + 1] = bytes;
      continue;
    }
    table[i] = bytes;
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
    table[i + 1] = bytes;
  }
  return table;
}

/** UTF-8 bytes of a chunk: its length when every unit is ASCII (the common case), else counted. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 2; // four bytes for two units
        i += 1;
      } else bytes += 2; // a lone surrogate: U+FFFD, three bytes
    } else bytes += 2;
  }
  return bytes;
}

/** UTF-8 bytes of corpus.text[from, to) (both inside one cycle). */
export function bytesBetween(corpus: TextCorpus, from: number, to: number): number {
  return corpus.bytesBefore === null ? to - from : corpus.bytesBefore[to]! - corpus.bytesBefore[from]!;
}

/**
 * The largest unit index `end` >= `from` at a whole character with bytesBetween(from, end) <= bytes
 * (end <= text.length).
 */
export function endWithin(corpus: TextCorpus, from: number, bytes: number): number {
  const table = corpus.bytesBefore;
  if (table === null) return Math.min(corpus.text.length, from + bytes);
  const target = table[from]! + bytes;
  let low = from;
  let high = corpus.text.length;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (table[middle]! <= target) low = middle;
    else high = middle - 1;
  }
  // Inside a surrogate pair: step back to its first unit.
  const unit = corpus.text.charCodeAt(low - 1);
  if (low > from && unit >= 0xd800 && unit <= 0xdbff) low -= 1;
  return low;
}

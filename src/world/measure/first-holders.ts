/**
 * Which of several texts first holds each of many pieces of text. The compaction coverage
 * (compaction-coverage.ts) looks up every line of a summary in the history it newly covers;
 * searching the whole history once per line was, on sessions of long tool outputs, the largest
 * part of a fuzz run.
 *
 * A few pieces are each searched for natively. Many (a long summary's lines) are looked up in one
 * pass that skips along each text (Wu and Manber's multi-pattern search, "A fast algorithm for
 * multi-pattern searching", 1994): every piece is at least `WINDOW` characters long, so where the
 * last `BLOCK` characters of a window of the text appear in no piece's first window, no first
 * window can end there or in the next `WINDOW - BLOCK` positions, and the scan moves past them.
 * Where a piece's first window may end, the piece is compared there; a piece compared in vain too
 * often in one text is searched for (`indexOf`, from there) once instead. Every answer is exact:
 * the tables only decide where to look.
 */

/** The part of each piece the tables are built from: its first `WINDOW` characters. */
export const WINDOW = 16;
/**
 * Up to this many pieces, or in texts shorter than this in all, a native `includes` per piece costs
 * less than building the tables of a skipping pass.
 */
const FEW_PIECES = 4;
const SHORT_TEXTS = 256;
/** Pieces per skipping pass: few enough to leave most of the table's blocks unlisted. */
const BATCH = 512;
/**
 * Characters per block: three, so that a few hundred pieces of prose leave most blocks of a text
 * unlisted (two letters are too few for that, as Wu and Manber found for small alphabets).
 */
const BLOCK = 3;
const BLOCKS = 1 << 16;
/**
 * Comparisons of one piece in vain in one text before it is searched for outright: bounds the work
 * on a text made of one repeated window.
 */
const MAX_MISSES = 1024;

/**
 * For each of `pieces` (each at least `WINDOW` characters long, none holding a newline), the index
 * of the first of `texts` holding it, or -1 when none does.
 */
export function firstHolders(texts: readonly string[], pieces: readonly string[]): Map<string, number> {
  const holders = new Map<string, number>();
  for (const piece of pieces) {
    if (piece.length < WINDOW) throw new Error(`firstHolders: a piece shorter than ${WINDOW} characters`);
    holders.set(piece, -1);
  }
  const distinct = [...holders.keys()];
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  if (distinct.length <= FEW_PIECES || total < SHORT_TEXTS) {
    for (const piece of distinct)
      holders.set(
        piece,
        texts.findIndex((text) => text.includes(piece)),
      );
    return holders;
  }
  // The tables skip well only while sparse: pieces are looked up a batch at a time.
  for (let from = 0; from < distinct.length; from += BATCH) {
    const batch = distinct.slice(from, from + BATCH);
    const found = holdersOfBatch(texts, batch);
    batch.forEach((piece, index) => holders.set(piece, found[index]!));
  }
  return holders;
}

/** For each of `pieces`, the first of `texts` holding it (-1 for none): one skipping pass per text. */
function holdersOfBatch(texts: readonly string[], pieces: readonly string[]): Int32Array {
  const holder = new Int32Array(pieces.length).fill(-1);
  // shift[b]: how far the scan may move when a window ends in block b without passing the end of
  // any piece's first window; ending.get(b): the pieces whose first window ends in block b.
  const shift = new Uint8Array(BLOCKS).fill(WINDOW - BLOCK + 1);
  const ending = new Map<number, number[]>();
  // Per block, the pieces ending in it still worth comparing: a piece found, or searched for in
  // vain in the current text, stops counting (in vain, until the next text).
  const live = new Uint16Array(BLOCKS);
  pieces.forEach((piece, index) => {
    for (let end = BLOCK - 1; end < WINDOW; end += 1) {
      const block = blockOf(piece, end);
      shift[block] = Math.min(shift[block] ?? 0, WINDOW - 1 - end);
    }
    const block = blockOf(piece, WINDOW - 1);
    const same = ending.get(block);
    if (same) same.push(index);
    else ending.set(block, [index]);
    live[block] = (live[block] ?? 0) + 1;
  });
  let unresolved = pieces.length;
  for (let at = 0; at < texts.length && unresolved > 0; at += 1) {
    const text = texts[at]!;
    // Per piece, in this text: comparisons in vain so far, or MAX_MISSES once searched for outright.
    const misses = new Uint16Array(pieces.length);
    const searchedIn: number[] = [];
    let end = WINDOW - 1;
    while (end < text.length) {
      const block = blockOf(text, end);
      const step = shift[block] ?? 0;
      if (step > 0) {
        end += step;
        continue;
      }
      if (live[block] !== 0) {
        const start = end - WINDOW + 1;
        for (const index of ending.get(block) ?? []) {
          if (holder[index] !== -1 || misses[index] === MAX_MISSES) continue;
          const piece = pieces[index]!;
          if (text.startsWith(piece, start)) {
            holder[index] = at;
            live[block] = (live[block] ?? 1) - 1;
            unresolved -= 1;
            continue;
          }
          // A piece compared in vain too often (a text of one repeated window) is searched for
          // once from here instead: no occurrence starts before this window, since the scan
          // stops at every window where this piece's first window may end.
          misses[index] = (misses[index] ?? 0) + 1;
          if (misses[index] !== MAX_MISSES) continue;
          live[block] = (live[block] ?? 1) - 1;
          if (text.indexOf(piece, start) === -1) searchedIn.push(block);
          else {
            holder[index] = at;
            unresolved -= 1;
          }
        }
        if (unresolved === 0) break;
      }
      end += 1;
    }
    for (const block of searchedIn) live[block] = (live[block] ?? 0) + 1;
  }
  return holder;
}

/** The block of `BLOCK` characters ending at `end`, hashed to a table index. */
function blockOf(text: string, end: number): number {
  const hash = (text.charCodeAt(end - 2) << 20) ^ (text.charCodeAt(end - 1) << 10) ^ text.charCodeAt(end);
  return Math.imul(hash, 0x9e3779b1) >>> 16;
}

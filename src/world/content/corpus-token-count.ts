/**
 * The exact BPE count of a corpus window (corpus-text.ts) without re-tokenizing all of it: the
 * window's inside is cut into blocks at fixed corpus positions, each counted once per process and
 * encoding, and only the two ends (with whatever frames the window: the JSON `[`, a tool
 * response's `{"result":"` and `"}`) are counted afresh.
 *
 * Why the sum is exact: a BPE count is the sum of the counts of the pieces its pretokenizer
 * (the o200k_base and cl100k_base patterns) splits the text into, and a block boundary is placed only
 * where every such split must fall whatever surrounds it: after a letter and before a character that
 * is not a letter, a combining mark or an apostrophe. Neither pattern looks behind, so the pieces
 * from the boundary on are those of the text after it alone; and no alternative of either pattern
 * that starts before the boundary can use the character after it (a letter run stops there, a
 * contraction needs an apostrophe, digit, punctuation and whitespace runs cannot hold the letter
 * before it), so the pieces before it are those of the text before it alone.
 * test/world/corpus-text.test.ts compares these counts with fresh ones over many windows, equal.
 */
import type { BpeCounter } from '../ruler/bpe-count.ts';
import type { CorpusWindow } from './corpus-text.ts';
import type { TextCorpus } from './text-corpus.ts';

/** Units per block (a boundary is the first safe split at or after each multiple). */
const BLOCK_UNITS = 512;

/** A way the corpus is written: as is, or JSON-escaped (inside a JSON string). */
interface CorpusView {
  readonly text: string;
  /** View index of each corpus unit index (null: the same). */
  readonly indexOf: Int32Array | null;
  /** Block boundaries, view indices, ascending. */
  readonly boundaries: Int32Array;
  /** Counts of block i (boundaries[i] to boundaries[i + 1]) per counter; -1 = not counted yet. */
  readonly counts: WeakMap<BpeCounter, Int32Array>;
  /** Count of the seam block per counter: the last boundary to the end, then the start to the first boundary. */
  readonly seams: WeakMap<BpeCounter, number>;
}

const plainViews = new WeakMap<TextCorpus, CorpusView>();
const jsonViews = new WeakMap<TextCorpus, CorpusView>();

/** The exact count of the window's text, or undefined when the window holds no whole block. */
export function windowTokenCount(window: CorpusWindow, counter: BpeCounter): number | undefined {
  const view = plainView(window.corpus);
  return viewCount(view, segmentsOf(window, view), counter, window.head, ' '.repeat(window.pad));
}

/**
 * The exact count of `json`, when it is `JSON.stringify({ [key]: text })` of a corpus window's
 * text (a tool's response as the world builds it); undefined otherwise.
 */
export function jsonWindowTokenCount(
  window: CorpusWindow,
  key: string,
  json: string,
  counter: BpeCounter,
): number | undefined {
  const view = jsonView(window.corpus);
  const prefix = `{${JSON.stringify(key)}:"${escapeJson(window.head)}`;
  const tail = `${' '.repeat(window.pad)}"}`;
  const segments = segmentsOf(window, view);
  // The JSON must be exactly this framing of this window (checked, not assumed).
  let length = prefix.length + tail.length;
  for (const [start, end] of segments) length += end - start;
  if (json.length !== length || !json.startsWith(prefix) || !json.endsWith(tail)) return undefined;
  let offset = prefix.length;
  for (const [start, end] of segments) {
    if (!json.startsWith(view.text.slice(start, end), offset)) return undefined;
    offset += end - start;
  }
  return viewCount(view, segments, counter, prefix, tail);
}

/**
 * The window's corpus text as ranges of the view: [from, end), or for a window that wrapped,
 * [from, length), `wraps - 1` whole copies and [0, end).
 */
function segmentsOf(window: CorpusWindow, view: CorpusView): [number, number][] {
  const from = at(view, window.from);
  const end = at(view, window.end);
  if (window.wraps === 0) return [[from, end]];
  const length = view.text.length;
  const segments: [number, number][] = [[from, length]];
  for (let i = 1; i < window.wraps; i += 1) segments.push([0, length]);
  segments.push([0, end]);
  return segments;
}

/**
 * `prefix` + the segments' text + `tail`, counted as pieces between the block boundaries inside
 * the segments (after a segment's start; up to and including the last segment's end, as a
 * boundary there is followed by the tail's space or quote, never a letter): the pieces that are
 * whole blocks from their cached counts, the seam between two copies (the last block's rest and
 * the first block's start) from its cached count, the first and last pieces afresh.
 * Undefined when no boundary falls inside: the caller counts the whole text afresh.
 */
function viewCount(
  view: CorpusView,
  segments: readonly (readonly [number, number])[],
  counter: BpeCounter,
  prefix: string,
  tail: string,
): number | undefined {
  const boundaries = view.boundaries;
  const text = view.text;
  const last = boundaries.length - 1;
  let counts: Int32Array | undefined;
  let total = 0;
  let cut = false;
  /** The piece in progress, from the window's start or the last boundary passed. */
  let pending = prefix;
  /** `pending` is exactly text[boundaries[last], text.length): with [0, boundaries[0]) next, the seam block. */
  let seamOpen = false;
  for (const [start, end] of segments) {
    const low = firstAbove(boundaries, start);
    const high = firstAbove(boundaries, end);
    if (low >= high) {
      pending += text.slice(start, end);
      seamOpen = false;
      continue;
    }
    total +=
      seamOpen && start === 0 && low === 0
        ? seamCount(view, counter)
        : counter.count(pending + text.slice(start, boundaries[low]));
    if (high - 1 > low && counts === undefined) counts = blockCounts(view, counter);
    for (let i = low; i < high - 1; i += 1) {
      if (counts![i]! < 0) counts![i] = counter.count(text.slice(boundaries[i], boundaries[i + 1]));
      total += counts![i]!;
    }
    pending = text.slice(boundaries[high - 1], end);
    seamOpen = high - 1 === last && end === text.length;
    cut = true;
  }
  return cut ? total + counter.count(pending + tail) : undefined;
}

function blockCounts(view: CorpusView, counter: BpeCounter): Int32Array {
  let counts = view.counts.get(counter);
  if (counts === undefined) {
    counts = new Int32Array(view.boundaries.length).fill(-1);
    view.counts.set(counter, counts);
  }
  return counts;
}

/**
 * The seam block: the view's end from its last boundary, then its start up to its first. Both
 * boundaries stay safe splits in a window that runs from the end into the start again: what makes
 * a split safe is the character on each side of it, and those are the corpus's own.
 */
function seamCount(view: CorpusView, counter: BpeCounter): number {
  let count = view.seams.get(counter);
  if (count === undefined) {
    const boundaries = view.boundaries;
    count = counter.count(view.text.slice(boundaries[boundaries.length - 1]) + view.text.slice(0, boundaries[0]));
    view.seams.set(counter, count);
  }
  return count;
}

function at(view: CorpusView, index: number): number {
  return view.indexOf === null ? index : view.indexOf[index]!;
}

/** The first i with boundaries[i] > index (boundaries.length when none). */
function firstAbove(boundaries: Int32Array, index: number): number {
  let low = 0;
  let high = boundaries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (boundaries[middle]! > index) high = middle;
    else low = middle + 1;
  }
  return low;
}

function plainView(corpus: TextCorpus): CorpusView {
  let view = plainViews.get(corpus);
  if (view === undefined) {
    view = {
      text: corpus.text,
      indexOf: null,
      boundaries: boundariesOf(corpus.text),
      counts: new WeakMap(),
      seams: new WeakMap(),
    };
    plainViews.set(corpus, view);
  }
  return view;
}

function jsonView(corpus: TextCorpus): CorpusView {
  let view = jsonViews.get(corpus);
  if (view === undefined) {
    const source = corpus.text;
    // Escaped whole, then mapped by each character's escaped length: escaping the corpus one
    // character at a time made a string or three per character, half a million per corpus, which
    // grew every worker's heap by tens of megabytes for good.
    const text = escapeJson(source);
    const indexOf = new Int32Array(source.length + 1);
    let length = 0;
    for (let i = 0; i < source.length; i += 1) {
      indexOf[i] = length;
      // A surrogate pair is written as is (JSON.stringify escapes only lone halves).
      if (isPairAt(source, i)) {
        indexOf[++i] = length;
        length += 2;
      } else {
        length += escapedLength(source.charCodeAt(i));
      }
    }
    indexOf[source.length] = length;
    if (length !== text.length)
      throw new Error(`corpus ${corpus.kind}: escaped lengths sum to ${length}, not ${text.length}`);
    view = { text, indexOf, boundaries: boundariesOf(text), counts: new WeakMap(), seams: new WeakMap() };
    jsonViews.set(corpus, view);
  }
  return view;
}

/**
 * Characters JSON.stringify writes for one UTF-16 unit that is not half of a pair: `\"` and `\\`,
 * the two-character escapes of backspace, tab, line feed, form feed and carriage return, `\u00XX`
 * for the other control characters and `\uDXXX` for a lone surrogate, else the unit itself.
 */
function escapedLength(unit: number): number {
  if (unit === 0x22 || unit === 0x5c) return 2;
  if (unit < 0x20) return unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d ? 2 : 6;
  return unit >= 0xd800 && unit <= 0xdfff ? 6 : 1;
}

function isPairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/** A text as it is written inside a JSON string (JSON.stringify without the quotes). */
function escapeJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

const LETTER = /\p{L}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}']/u;

/** A split every pattern must make: a letter before, and after it no letter, mark or apostrophe. */
function isSafeSplit(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  const before = text.codePointAt(index - 1)!;
  // The unit before may be the low half of a surrogate pair.
  const previous =
    before >= 0xdc00 && before <= 0xdfff && index >= 2
      ? String.fromCodePoint(text.codePointAt(index - 2)!)
      : text[index - 1]!;
  return LETTER.test(previous) && !LETTER_OR_MARK.test(String.fromCodePoint(text.codePointAt(index)!));
}

function boundariesOf(text: string): Int32Array {
  const boundaries: number[] = [];
  for (let target = BLOCK_UNITS; target < text.length; target += BLOCK_UNITS) {
    let index = Math.max(target, (boundaries.at(-1) ?? 0) + 1);
    while (index < text.length && !isSafeSplit(text, index)) index += 1;
    if (index < text.length && index !== boundaries.at(-1)) boundaries.push(index);
  }
  return Int32Array.from(boundaries);
}

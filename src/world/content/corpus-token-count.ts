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
}

const plainViews = new WeakMap<TextCorpus, CorpusView>();
const jsonViews = new WeakMap<TextCorpus, CorpusView>();

/** The exact count of the window's text, or undefined when the window holds no whole block. */
export function windowTokenCount(window: CorpusWindow, counter: BpeCounter): number | undefined {
  return viewCount(plainView(window.corpus), window, counter, window.head, '');
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
  const suffix = '"}';
  const from = at(view, window.from);
  const end = at(view, window.end);
  // The JSON must be exactly this framing of this window (checked, not assumed).
  if (
    json.length !== prefix.length + (end - from) + window.pad + suffix.length ||
    !json.startsWith(prefix) ||
    !json.endsWith(suffix) ||
    !json.startsWith(view.text.slice(from, end), prefix.length) ||
    json.slice(prefix.length + (end - from), json.length - suffix.length) !== ' '.repeat(window.pad)
  )
    return undefined;
  return viewCount(view, window, counter, prefix, suffix);
}

function viewCount(
  view: CorpusView,
  window: CorpusWindow,
  counter: BpeCounter,
  prefix: string,
  suffix: string,
): number | undefined {
  const from = at(view, window.from);
  const end = at(view, window.end);
  const boundaries = view.boundaries;
  const first = firstAbove(boundaries, from);
  const last = firstAbove(boundaries, end) - 1;
  if (first >= boundaries.length || last < first) return undefined;
  let counts = view.counts.get(counter);
  if (counts === undefined) {
    counts = new Int32Array(boundaries.length).fill(-1);
    view.counts.set(counter, counts);
  }
  let total = counter.count(prefix + view.text.slice(from, boundaries[first]));
  for (let i = first; i < last; i += 1) {
    if (counts[i]! < 0) counts[i] = counter.count(view.text.slice(boundaries[i], boundaries[i + 1]));
    total += counts[i]!;
  }
  return total + counter.count(view.text.slice(boundaries[last], end) + ' '.repeat(window.pad) + suffix);
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
    view = { text: corpus.text, indexOf: null, boundaries: boundariesOf(corpus.text), counts: new WeakMap() };
    plainViews.set(corpus, view);
  }
  return view;
}

function jsonView(corpus: TextCorpus): CorpusView {
  let view = jsonViews.get(corpus);
  if (view === undefined) {
    const source = corpus.text;
    const indexOf = new Int32Array(source.length + 1);
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; i < source.length; i += 1) {
      indexOf[i] = length;
      // A surrogate pair is escaped as one character (JSON.stringify escapes only lone halves).
      const pair = isPairAt(source, i);
      const escaped = escapeJson(pair ? source.slice(i, i + 2) : source[i]!);
      if (pair) indexOf[++i] = length;
      parts.push(escaped);
      length += escaped.length;
    }
    indexOf[source.length] = length;
    const text = parts.join('');
    view = { text, indexOf, boundaries: boundariesOf(text), counts: new WeakMap() };
    jsonViews.set(corpus, view);
  }
  return view;
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

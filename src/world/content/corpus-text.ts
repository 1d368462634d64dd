/**
 * Realistic text as a seeded window over the kind's corpus (text-corpus.ts): the scenario's
 * `session.textSource: corpus` (what fuzz-generated scenarios use). One draw picks the chunk the
 * text starts at; the text is that chunk's body and what follows, cut to exactly `size` UTF-8 bytes
 * (at a whole character, padded with spaces), continuing at the corpus start past its end.
 *
 * Each window is remembered (bounded) with where it lies in the corpus, so the token model can
 * count it by adding cached block counts (corpus-token-count.ts) instead of re-tokenizing it.
 */
import type { Rng } from '../sim/prng.ts';
import type { RealisticKind, TextStream } from './realistic-text.ts';
import { bytesBetween, endWithin, textCorpus, type TextCorpus } from './text-corpus.ts';

/**
 * Where a generated text lies in its corpus: `head` + corpus.text[from, end) + `pad` spaces; or,
 * for a window that ran past the corpus end `wraps` times, `head` + corpus.text[from, length) +
 * (wraps - 1) whole copies of corpus.text + corpus.text[0, end) + `pad` spaces.
 */
export interface CorpusWindow {
  readonly corpus: TextCorpus;
  readonly head: string;
  readonly from: number;
  readonly end: number;
  readonly pad: number;
  readonly wraps: number;
}

/** The texts generated lately, by text (the token model looks them up); bounded in characters. */
const windows = new Map<string, CorpusWindow>();
let windowChars = 0;
/**
 * The windows remembered keep at most this many characters of text alive (8 MiB at two bytes a
 * character). A window is looked up once, when the token model first counts it (it then caches the
 * count by text), so a small bound loses nothing.
 */
const MAX_WINDOW_CHARS = 4 * 1024 * 1024;

/** Where `text` lies in a corpus, when this process generated it lately as a window. */
export function corpusWindowOf(text: string): CorpusWindow | undefined {
  return windows.get(text);
}

export function corpusText(kind: RealisticKind, size: number, rng: Rng): string {
  return corpusTextStream(kind, rng, kind === 'json' ? '[\n' : '').prefix(size);
}

/**
 * Texts of any size from one draw, each `head` and then the corpus from the chunk drawn: what
 * `realisticTextStream` is to generated text (each `prefix(size)` is exactly `size` UTF-8 bytes,
 * and a longer one starts with a shorter one up to its cut). The summarizer sizes its replies with
 * it, and every text is a window the token model counts from cached block counts.
 */
export function corpusTextStream(kind: RealisticKind, rng: Rng, head: string): TextStream {
  const corpus = textCorpus(kind);
  // The draw comes first, whatever the sizes asked for: one stream, one draw.
  const from = corpus.bodyStarts[rng.int(0, corpus.bodyStarts.length - 1)]!;
  return { prefix: (size) => windowText(corpus, head, from, size) };
}

/** `head` (ASCII) + the corpus from unit `from`, cut to exactly `size` UTF-8 bytes; remembered as a window. */
function windowText(corpus: TextCorpus, head: string, from: number, size: number): string {
  if (size <= head.length) return head.slice(0, size);
  let remaining = size - head.length;
  let text = head;
  let at = from;
  let wraps = 0;
  // Past the corpus end, the window continues at its start (every chunk carries its separator).
  while (remaining > bytesBetween(corpus, at, corpus.text.length)) {
    text += corpus.text.slice(at);
    remaining -= bytesBetween(corpus, at, corpus.text.length);
    at = 0;
    wraps += 1;
  }
  const end = endWithin(corpus, at, remaining);
  const pad = remaining - bytesBetween(corpus, at, end);
  text += corpus.text.slice(at, end) + ' '.repeat(pad);
  if (text.length >= MIN_REMEMBERED_CHARS) remember(text, { corpus, head, from, end, pad, wraps });
  return text;
}

/** Shorter texts are cheaper to count than to look up (the token model counts them itself). */
export const MIN_REMEMBERED_CHARS = 256;

function remember(text: string, window: CorpusWindow): void {
  if (windows.has(text)) return;
  if (windowChars + text.length > MAX_WINDOW_CHARS) {
    windows.clear();
    windowChars = 0;
  }
  windows.set(text, window);
  windowChars += text.length;
}

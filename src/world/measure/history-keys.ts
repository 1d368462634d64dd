/**
 * What the compaction coverage knows a history content by from step to step
 * (compaction-coverage.ts): the session event it was made from, told by what the request shows of
 * it, never by how the world's contents builder made the copy. A content's key is what it holds
 * (a digest of its canonical JSON) and its rank among the equal contents before it in the built
 * history: session history only grows, so the k-th content equal to X is made from the same
 * session event on every step, whichever builder built the request (the reference one copies every
 * event afresh each step; the fast one hands out copies of sources it keeps). Equal contents are
 * interchangeable for what the coverage measures (their sizes and texts are the same).
 *
 * Session-scoped: the digests are memoized per content object in a WeakMap (a builder that keeps
 * its sources across steps digests each once; nothing outlives the contents or the recorder).
 * A long string (512 characters or more: tool outputs, long messages) enters the digest as its
 * number in the session's table of long strings, not as its own hash: hashing every new tool
 * output had been a tenth of a fuzz run, where a table look-up finds the very string the session's
 * event holds without reading it. The table holds the strings the session's events hold, and only
 * while this recorder lives.
 *
 * Keyed incrementally: while a step's history begins with the very frozen contents keyed before
 * (the fast builder's, step after step, in one append-only array), only the contents after them
 * are keyed, and the history handed out is the same `lineage` grown: the coverage then looks only
 * at what it has not covered yet. Keying, or even walking, the whole history on every step had
 * made a long session quadratic (a fifth of a 3,000-turn session).
 */
import type { Content } from '@google/genai';
import type { ContentSource } from '../request-contents/content-source.ts';
import type { ContentSourceList } from '../request-contents/content-source-list.ts';
import { canonicalJson } from './canonical-json.ts';
import { sha256 } from './sha256.ts';

/** One step's built history as the coverage reads it. */
export interface KeyedHistory {
  /**
   * Stays the same object while the history only grows: positions below `stable` hold the same
   * contents and keys as in every earlier history of this lineage that was at least that long.
   */
  readonly lineage: object;
  /** How many contents belong to the lineage (the rest, at most one, is this step's alone: adk-go's continue turn). */
  readonly stable: number;
  /** How many contents in all. */
  readonly length: number;
  keyAt(index: number): string;
  contentAt(index: number): Content;
}

export class HistoryKeys {
  readonly #digests = new WeakMap<Content, string>();
  /** The number of each distinct long string met, in order of first appearance. */
  readonly #longStrings = new Map<string, number>();
  /** A long string as it enters a digest: unquoted (no JSON text starts with `#`), its length and number. */
  readonly #longString = (text: string): string => {
    let number = this.#longStrings.get(text);
    if (number === undefined) {
      number = this.#longStrings.size;
      this.#longStrings.set(text, number);
    }
    return `#${text.length}:${number}`;
  };
  /** The lineage: the contents keyed so far, in order, with their keys (append-only while it lasts). */
  #lineage = newLineage();
  /** The sources array the lineage was last keyed from (an append-only array a builder shares between steps). */
  #sources: readonly ContentSource[] | undefined;

  /** The key of each of `contents` (a built request's history, oldest first), in order. */
  keysOf(contents: readonly Content[]): string[] {
    const history = this.#keyed(undefined, contents.length, (i) => contents[i]!, undefined);
    return Array.from({ length: history.length }, (_, i) => history.keyAt(i));
  }

  /** A step's built history (its sources, then its extra content), keyed. */
  historyOf(list: ContentSourceList): KeyedHistory {
    const { sources } = list;
    return this.#keyed(sources, list.length, (i) => sources[i]!.content, list.extra?.content);
  }

  #keyed(
    sources: readonly ContentSource[] | undefined,
    length: number,
    contentAt: (index: number) => Content,
    extra: Content | undefined,
  ): KeyedHistory {
    let lineage = this.#lineage;
    let shared = 0;
    if (lineage.reusable) {
      if (sources !== undefined && sources === this.#sources && length >= lineage.contents.length)
        shared = lineage.contents.length;
      else {
        const most = Math.min(length, lineage.contents.length);
        while (shared < most && contentAt(shared) === lineage.contents[shared]) shared += 1;
      }
    }
    if (shared < lineage.contents.length) lineage = this.#lineage = restartedLineage(lineage, shared);
    this.#sources = sources;
    for (let i = shared; i < length; i += 1) {
      const content = contentAt(i);
      // Only frozen contents can be trusted to be the same next step.
      if (!Object.isFrozen(content)) lineage.reusable = false;
      const digest = this.#digestOf(content);
      const rank = lineage.seen.get(digest) ?? 0;
      lineage.seen.set(digest, rank + 1);
      const key = `${digest}#${rank}`;
      lineage.contents.push(content);
      lineage.keys.push(key);
    }
    if (extra === undefined) return keyedHistory(lineage, length, undefined);
    const digest = this.#digestOf(extra);
    return keyedHistory(lineage, length, { content: extra, key: `${digest}#${lineage.seen.get(digest) ?? 0}` });
  }

  #digestOf(content: Content): string {
    let digest = this.#digests.get(content);
    if (digest === undefined) {
      digest = sha256(canonicalJson(content, this.#longString));
      // Only frozen contents are memoized: one that could still change must be read again.
      if (Object.isFrozen(content)) this.#digests.set(content, digest);
    }
    return digest;
  }
}

interface Lineage {
  readonly contents: Content[];
  /** `${digest}#${rank}` of each content (a digest is hexadecimal: the last `#` ends it). */
  readonly keys: string[];
  /** How many of each digest `contents` holds: the rank the next equal content gets. */
  readonly seen: Map<string, number>;
  /** False once a content that is not frozen was keyed (it may change before the next step). */
  reusable: boolean;
}

function newLineage(): Lineage {
  return { contents: [], keys: [], seen: new Map(), reusable: true };
}

/** A new lineage holding the first `length` contents of `from`. */
function restartedLineage(from: Lineage, length: number): Lineage {
  const lineage = newLineage();
  for (let i = 0; i < length; i += 1) {
    const key = from.keys[i]!;
    const digest = key.slice(0, key.lastIndexOf('#'));
    lineage.contents.push(from.contents[i]!);
    lineage.keys.push(key);
    lineage.seen.set(digest, (lineage.seen.get(digest) ?? 0) + 1);
  }
  return lineage;
}

function keyedHistory(
  lineage: Lineage,
  stable: number,
  extra: { readonly content: Content; readonly key: string } | undefined,
): KeyedHistory {
  return {
    lineage,
    stable,
    length: extra === undefined ? stable : stable + 1,
    keyAt: (index) => (index < stable ? lineage.keys[index]! : (extra as { key: string }).key),
    contentAt: (index) => (index < stable ? lineage.contents[index]! : (extra as { content: Content }).content),
  };
}

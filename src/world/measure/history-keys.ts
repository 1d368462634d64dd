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
 * The last history's keys are kept too: a step whose history begins with the very same frozen
 * contents (the fast builder's, step after step) keys only the contents after them, and hands out
 * the same key strings (whose hashes the coverage's sets then find already computed).
 */
import type { Content } from '@google/genai';
import { canonicalJson } from './canonical-json.ts';
import { sha256 } from './sha256.ts';

interface Keyed {
  /** The contents keyed, all frozen. */
  readonly contents: readonly Content[];
  readonly keys: readonly string[];
  /** How many of each digest `contents` holds: the rank the next equal content gets. */
  readonly seen: Map<string, number>;
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
  /** The last history keyed, when every content of it was frozen (a prefix that cannot have changed). */
  #last: Keyed | undefined;

  /** The key of each of `contents` (a built request's history, oldest first), in order. */
  keysOf(contents: readonly Content[]): string[] {
    const last = this.#last;
    this.#last = undefined;
    const reused = last !== undefined && startsWith(contents, last.contents);
    const keys = reused ? last.keys.slice() : [];
    const seen = reused ? last.seen : new Map<string, number>();
    let frozen = true;
    for (let i = keys.length; i < contents.length; i += 1) {
      const content = contents[i]!;
      frozen &&= Object.isFrozen(content);
      const digest = this.#digestOf(content);
      const rank = seen.get(digest) ?? 0;
      seen.set(digest, rank + 1);
      keys.push(`${digest}#${rank}`);
    }
    if (frozen) this.#last = { contents: contents.slice(), keys: keys.slice(), seen };
    return keys;
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

/** Does `contents` begin with exactly the content objects of `prefix`? */
function startsWith(contents: readonly Content[], prefix: readonly Content[]): boolean {
  if (prefix.length > contents.length) return false;
  for (let i = 0; i < prefix.length; i += 1) if (contents[i] !== prefix[i]) return false;
  return true;
}

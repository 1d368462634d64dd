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
 */
import type { Content } from '@google/genai';
import { canonicalJson } from './canonical-json.ts';
import { sha256 } from './sha256.ts';

export class HistoryKeys {
  readonly #digests = new WeakMap<Content, string>();

  /** The key of each of `contents` (a built request's history, oldest first), in order. */
  keysOf(contents: readonly Content[]): string[] {
    const seen = new Map<string, number>();
    return contents.map((content) => {
      const digest = this.#digestOf(content);
      const rank = seen.get(digest) ?? 0;
      seen.set(digest, rank + 1);
      return `${digest}#${rank}`;
    });
  }

  #digestOf(content: Content): string {
    let digest = this.#digests.get(content);
    if (digest === undefined) {
      digest = sha256(canonicalJson(content));
      // Only frozen contents are memoized: one that could still change must be read again.
      if (Object.isFrozen(content)) this.#digests.set(content, digest);
    }
    return digest;
  }
}

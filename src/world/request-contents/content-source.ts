/**
 * What one request content is made from: a frozen content (a session event's content with client
 * `adk-` function-call ids stripped, as ADK sends it) with its measurements, made once. Every
 * element of a built request is a fresh clone of one of these; measurement reads the source's
 * cached counts for an element that is still an unmodified copy of it.
 */
import type { Content } from '@google/genai';
import { deepFreeze } from '../sessions/deep-freeze.ts';
import { providerOnlyQuarterTokens } from '../ruler/provider-only-parts.ts';
import { contentQuarterTokens } from '../ruler/quarter-byte-count.ts';

export class ContentSource {
  /**
   * The ruler's `len/4` count of `content` (ruler/quarter-byte-count.ts), made once: the world
   * memoizes its own ruler's per-content counts, never the engine's.
   */
  readonly heuristic: number;
  /** What the provider reads that the `len/4` rules skip (ruler/provider-only-parts.ts), made once. */
  readonly providerOnly: number;
  #realTokens: Map<string, number> | undefined;
  /** The measurement item of an unmodified copy of this source (shared: no allocation per step). */
  readonly untouched: { readonly content: undefined; readonly source: ContentSource };

  constructor(readonly content: Content) {
    deepFreeze(content);
    this.heuristic = contentQuarterTokens(content);
    this.providerOnly = providerOnlyQuarterTokens(content);
    this.untouched = Object.freeze({ content: undefined, source: this });
  }

  /** Real-token counts by token model key (tokenizer-based models fill it; created on first use). */
  get realTokens(): Map<string, number> {
    return (this.#realTokens ??= new Map());
  }
}

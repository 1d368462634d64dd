/**
 * The session's fingerprint: one running sha256 over the serialization of every appended event,
 * every request the model received (or a short-circuit marker), and the persisted state after each
 * step.
 *
 * A request content enters the hash once, in full, the first time a request carries a content
 * with that serialization (`content:<n>:<json>`). A request is then written as its length, how
 * many leading content numbers it shares with the previous request sent (`keep:<k>`) and the
 * numbers of the rest (as little-endian 32-bit words). Given the previous request, that names
 * every content of this one, so the hash still covers the whole sequence of requests, and it
 * depends on the numbers only (not on how the request was built); but a step hashes only what
 * changed, not the whole request again, where listing every content's number made each step
 * O(history). The same immutable source at the same position as in the previous request reuses
 * its number without a look-up; a content without a source (one the strategy made or edited) is
 * serialized when sent, as before.
 * Numbers are given in order of first appearance of each distinct serialization, so the hash is a
 * function of what the model received, not of how it was built: a strategy that sends the
 * history's own copies and one that sends `structuredClone`s of them digest alike. A history
 * content is serialized once per session (its number is cached on its source).
 *
 * The serialization is `digestJson`: native JSON key order (every object the world builds gets its
 * keys in a fixed order, so it is already stable and far cheaper than key sorting), with each long
 * string written as its length and SHA-256, computed once per string however many events, contents
 * and states carry it. Values it cannot encode (BigInt, cycles: only a strategy's own state values
 * could hold them) fall back to the canonical serializer.
 */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { ContentItem } from '../request-contents/content-items.ts';
import type { ContentSource } from '../request-contents/content-source.ts';
import { canonicalJson } from './canonical-json.ts';
import { digestJson } from './digest-json.ts';

export function stableJson(value: unknown): string {
  try {
    return digestJson(value);
  } catch {
    return canonicalJson(value);
  }
}

const FLUSH_AT = 32 * 1024;

/** What the digest writes to: a sha256 (a test may count what goes in). */
export interface DigestSink {
  update(data: string | Uint8Array): unknown;
  digest(encoding: 'hex'): string;
}

export class TraceDigest {
  readonly #hash: DigestSink;
  /** Number of each distinct content serialization written so far. */
  readonly #contentIds = new Map<string, number>();
  /** The number of each history content seen so far (saves re-serializing it every step). */
  readonly #sourceIds = new Map<ContentSource, number>();
  /** The last request sent (a short-circuited step sends none): its contents and their numbers. */
  #previous: { readonly items: readonly ContentItem[]; readonly ids: Uint32Array } = {
    items: [],
    ids: new Uint32Array(0),
  };
  /** Scratch space for a request's content numbers. */
  #refs = Buffer.alloc(256);
  /**
   * Text not yet handed to the hash. Each `update` crosses into native code and re-encodes its
   * string, and a step makes a dozen small ones; batching them hashes the very same bytes.
   */
  #pending = '';

  constructor(sink: DigestSink = createHash('sha256')) {
    this.#hash = sink;
  }

  /** Adds an event's serialization (`stableJson(event)`). */
  addEvent(json: string): void {
    this.#write(`event:${json}\n`);
  }

  addRequest(step: number, model: string | undefined, preamble: string, items: readonly ContentItem[] | null): void {
    this.#write(`request:${step}:${model ?? ''}:${preamble}\n`);
    if (items === null) {
      this.#write('short-circuit\n');
      return;
    }
    const previous = this.#previous;
    const ids = new Uint32Array(items.length);
    let keep = -1;
    for (let i = 0; i < items.length; i += 1) {
      const item = items[i] as ContentItem;
      const before = i < previous.items.length ? (previous.items[i] as ContentItem) : undefined;
      // The same immutable source at the same position has the number it had: no look-up.
      const id =
        item.source !== undefined && before?.source === item.source
          ? (previous.ids[i] as number)
          : item.source
            ? this.#sourceId(item.source)
            : this.#contentId(stableJson(item.content));
      ids[i] = id;
      if (keep < 0 && (i >= previous.ids.length || previous.ids[i] !== id)) keep = i;
    }
    if (keep < 0) keep = items.length;
    this.#previous = { items, ids };
    // The numbers go in as little-endian 32-bit words (the same bytes on every machine), not
    // text: no string of the whole request per step.
    const size = (items.length - keep) * 4;
    if (this.#refs.length < size) this.#refs = Buffer.alloc(Math.max(size, this.#refs.length * 2));
    const refs = this.#refs;
    for (let i = keep; i < items.length; i += 1) refs.writeUInt32LE(ids[i] as number, (i - keep) * 4);
    this.#write(`contents:${items.length}:keep:${keep}\n`);
    if (size === 0) return;
    this.#flush();
    this.#hash.update(refs.subarray(0, size));
  }

  addState(step: number, state: Readonly<Record<string, unknown>>): void {
    this.#write(`state:${step}:${stableJson(state)}\n`);
  }

  digest(): string {
    this.#flush();
    return this.#hash.digest('hex');
  }

  #write(text: string): void {
    this.#pending += text;
    if (this.#pending.length >= FLUSH_AT) this.#flush();
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    this.#hash.update(this.#pending);
    this.#pending = '';
  }

  #sourceId(source: ContentSource): number {
    let id = this.#sourceIds.get(source);
    if (id === undefined) {
      id = this.#contentId(stableJson(source.content));
      this.#sourceIds.set(source, id);
    }
    return id;
  }

  #contentId(json: string): number {
    let id = this.#contentIds.get(json);
    if (id === undefined) {
      id = this.#contentIds.size;
      this.#contentIds.set(json, id);
      this.#write(`content:${id}:${json}\n`);
    }
    return id;
  }
}

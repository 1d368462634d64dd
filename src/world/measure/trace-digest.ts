/**
 * The session's fingerprint: sha256 over the serialization of every appended event, every request
 * the model received (or a short-circuit marker), and the persisted state after each step.
 * Unchanged history contents hash once (their digest is cached on the content source).
 *
 * The serialization is `digestJson`: native JSON key order (every object the world builds gets its
 * keys in a fixed order, so it is already stable and far cheaper than key sorting), with each long
 * string written as its length and SHA-256, computed once per string however many events, contents
 * and states carry it. Values it cannot encode (BigInt, cycles: only a strategy's own state values
 * could hold them) fall back to the canonical serializer.
 */
import { createHash, type Hash } from 'node:crypto';
import type { Content } from '@google/genai';
import type { ContentItem } from '../agents/processors/lazy-contents.ts';
import type { Event } from '../events/event.ts';
import { canonicalJson } from './canonical-json.ts';
import { digestJson } from './digest-json.ts';
import { sha256 } from './sha256.ts';

export function eventDigest(event: Event): string {
  return sha256(stableJson(event));
}

export function stableJson(value: unknown): string {
  try {
    return digestJson(value);
  } catch {
    return canonicalJson(value);
  }
}

export class TraceDigest {
  readonly #hash: Hash = createHash('sha256');

  addEvent(digest: string): void {
    this.#hash.update(`event:${digest}\n`);
  }

  addRequest(step: number, model: string | undefined, preamble: string, items: readonly ContentItem[] | null): void {
    this.#hash.update(`request:${step}:${model ?? ''}:${preamble}\n`);
    if (items === null) {
      this.#hash.update('short-circuit\n');
      return;
    }
    const lines: string[] = new Array(items.length);
    for (let i = 0; i < items.length; i += 1) lines[i] = itemDigest(items[i] as ContentItem);
    this.#hash.update(`${lines.join('\n')}\n`);
  }

  addState(step: number, state: Readonly<Record<string, unknown>>): void {
    this.#hash.update(`state:${step}:${stableJson(state)}\n`);
  }

  digest(): string {
    return this.#hash.digest('hex');
  }
}

function itemDigest(item: ContentItem): string {
  if (item.source) {
    item.source.digest ??= sha256(stableJson(item.source.content));
    return item.source.digest;
  }
  return sha256(stableJson(item.content as Content | undefined));
}

import type { Content } from '@google/genai';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContentSource } from '../../src/world/request-contents/content-source.ts';
import type { ContentItem } from '../../src/world/request-contents/content-items.ts';
import { TraceDigest } from '../../src/world/measure/trace-digest.ts';

const text = (t: string): Content => ({ role: 'user', parts: [{ text: t }] });
const fromSource = (source: ContentSource): ContentItem => source.untouched;
const plain = (content: Content): ContentItem => ({ content, source: undefined });

function digestOf(requests: readonly (readonly ContentItem[])[]): string {
  const digest = new TraceDigest();
  requests.forEach((items, step) => digest.addRequest(step, 'm', 'p', items));
  return digest.digest();
}

describe('TraceDigest', () => {
  it('digests what the model received, however the request was built', () => {
    const a = new ContentSource(text('hello'));
    const b = new ContentSource(text('world'));
    const viaSources = digestOf([[fromSource(a)], [fromSource(a), fromSource(b)], [fromSource(b)]]);
    const viaCopies = digestOf([
      [plain(text('hello'))],
      [plain(text('hello')), plain(text('world'))],
      [plain(text('world'))],
    ]);
    const mixed = digestOf([[fromSource(a)], [plain(text('hello')), fromSource(b)], [plain(text('world'))]]);
    expect(viaCopies).toBe(viaSources);
    expect(mixed).toBe(viaSources);
  });

  it('changes when any content, its order or the step changes', () => {
    const a = new ContentSource(text('hello'));
    const b = new ContentSource(text('world'));
    const base = digestOf([
      [fromSource(a), fromSource(b)],
      [fromSource(a), fromSource(b)],
    ]);
    expect(
      digestOf([
        [fromSource(a), fromSource(b)],
        [fromSource(b), fromSource(a)],
      ]),
    ).not.toBe(base);
    expect(
      digestOf([
        [fromSource(a), fromSource(b)],
        [fromSource(a), plain(text('world!'))],
      ]),
    ).not.toBe(base);
    expect(digestOf([[fromSource(a), fromSource(b)], [fromSource(a)]])).not.toBe(base);
    expect(digestOf([[fromSource(a), fromSource(b)]])).not.toBe(base);
  });

  it('tells a short-circuited step from an empty request', () => {
    const shortCircuit = new TraceDigest();
    shortCircuit.addRequest(0, 'm', 'p', null);
    const empty = new TraceDigest();
    empty.addRequest(0, 'm', 'p', []);
    expect(shortCircuit.digest()).not.toBe(empty.digest());
  });

  it('hashes what a step adds, not the whole request again (O(new content) per step)', () => {
    // 500 steps, each request the previous one plus one new content: listing every content's
    // number each step would hash 4 × 500 × 501 / 2 ≈ 500,000 bytes of numbers alone.
    const sources = Array.from({ length: 500 }, (_, i) => new ContentSource(text(`turn ${i}`)));
    const hash = createHash('sha256');
    let hashed = 0;
    // Counts the bytes the digest hands its sha256.
    const digest = new TraceDigest({
      update: (data) => {
        hashed += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
        return hash.update(data);
      },
      digest: (encoding) => hash.digest(encoding),
    });
    sources.forEach((_, step) => digest.addRequest(step, 'm', 'p', sources.slice(0, step + 1).map(fromSource)));
    digest.digest();
    expect(hashed).toBeGreaterThan(0);
    expect(hashed).toBeLessThan(150 * sources.length);
  });

  it('a request that keeps the previous prefix digests like the same request built from copies', () => {
    const a = new ContentSource(text('hello'));
    const b = new ContentSource(text('world'));
    const c = new ContentSource(text('again'));
    const viaSources = digestOf([
      [fromSource(a), fromSource(b)],
      [fromSource(a), fromSource(b), fromSource(c)],
      [fromSource(b), fromSource(c)],
    ]);
    const viaCopies = digestOf([
      [fromSource(a), plain(text('world'))],
      [plain(text('hello')), fromSource(b), plain(text('again'))],
      [plain(text('world')), fromSource(c)],
    ]);
    expect(viaCopies).toBe(viaSources);
    expect(
      digestOf([
        [fromSource(a), fromSource(b)],
        [fromSource(a), fromSource(c), fromSource(b)],
        [fromSource(b), fromSource(c)],
      ]),
    ).not.toBe(viaSources);
  });
});

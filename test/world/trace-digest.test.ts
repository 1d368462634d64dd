import type { Content } from '@google/genai';
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
    const viaCopies = digestOf([[plain(text('hello'))], [plain(text('hello')), plain(text('world'))], [plain(text('world'))]]);
    const mixed = digestOf([[fromSource(a)], [plain(text('hello')), fromSource(b)], [plain(text('world'))]]);
    expect(viaCopies).toBe(viaSources);
    expect(mixed).toBe(viaSources);
  });

  it('changes when any content, its order or the step changes', () => {
    const a = new ContentSource(text('hello'));
    const b = new ContentSource(text('world'));
    const base = digestOf([[fromSource(a), fromSource(b)], [fromSource(a), fromSource(b)]]);
    expect(digestOf([[fromSource(a), fromSource(b)], [fromSource(b), fromSource(a)]])).not.toBe(base);
    expect(digestOf([[fromSource(a), fromSource(b)], [fromSource(a), plain(text('world!'))]])).not.toBe(base);
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
});

/**
 * What a strategy may leave in `request.contents` and still have it sent: the shapes the provider
 * accepts, and only data JSON can carry (no cycle, no BigInt), so the world reports an
 * `invalid-request` instead of overflowing its own stack measuring an unsendable request.
 */
import { describe, expect, it } from 'vitest';
import { contentItems } from '../../src/world/request-contents/content-items.ts';
import { invalidContents } from '../../src/world/measure/request-validity.ts';

const check = (contents: unknown): string | null =>
  invalidContents(contents, Array.isArray(contents) ? contentItems(contents) : []);

describe('invalidContents', () => {
  it('accepts contents JSON can send, a value shared by two branches included', () => {
    const shared = { city: 'Paris' };
    const content = {
      role: 'model',
      parts: [{ functionCall: { name: 'weather', args: shared } }, { functionCall: { name: 'weather', args: shared } }],
    };
    expect(check([content, { role: 'user', parts: [{ text: 'hi' }] }])).toBeNull();
    expect(check([])).toBeNull();
  });

  it('refuses a content that refers back to an object containing it, naming where', () => {
    const content: { role: string; parts: Record<string, unknown>[] } = { role: 'user', parts: [{ text: 'a' }] };
    content.parts[0]!['self'] = content;
    expect(check([content])).toBe(
      'request.contents[0]: parts[0].self refers back to an object that contains it (a cycle JSON cannot send)',
    );
    const response: Record<string, unknown> = { rows: [] };
    (response['rows'] as unknown[]).push({ parent: response });
    const viaResponse = { role: 'user', parts: [{ functionResponse: { name: 'q', response } }] };
    expect(check([{ role: 'user', parts: [{ text: 'ok' }] }, viaResponse])).toBe(
      'request.contents[1]: parts[0].functionResponse.response.rows[0].parent refers back to an object that contains it (a cycle JSON cannot send)',
    );
  });

  it('refuses a BigInt, which JSON.stringify throws on', () => {
    const content = { role: 'model', parts: [{ functionCall: { name: 'pay', args: { cents: 10n } } }] };
    expect(check([content])).toBe(
      'request.contents[0]: parts[0].functionCall.args.cents is a BigInt, which JSON cannot send',
    );
  });
});

describe('contentItems', () => {
  it('reads a list once: a list whose length answers differently on each read is measured as its first answer, without holes', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'a' }] },
      { role: 'model', parts: [{ text: 'b' }] },
      { role: 'user', parts: [{ text: 'c' }] },
    ];
    let reads = 0;
    // A strategy's array-like that shows whoever asks first a short list, then the whole one.
    const shifty = new Proxy(contents, {
      get: (target, key, receiver) => {
        if (key !== 'length') return Reflect.get(target, key, receiver);
        reads += 1;
        return reads === 1 ? 2 : target.length;
      },
    });
    const items = contentItems(shifty);
    expect(reads).toBe(1);
    expect(items).toHaveLength(2);
    expect(items.map((item) => item.content)).toEqual(contents.slice(0, 2));
    expect(invalidContents(shifty, items)).toBeNull();
  });
});

describe('a part with two kinds of data', () => {
  it('is refused, naming both: the API carries a part’s data in a oneof', () => {
    const both = {
      role: 'user',
      parts: [{ text: 'see below' }, { text: 'summary', functionResponse: { name: 'search', response: { rows: [] } } }],
    };
    expect(check([both])).toBe(
      'request.contents[0]: parts[1]: holds text and functionResponse: a part carries one kind of data',
    );
    // Metadata beside the data is not a second kind.
    expect(
      check([{ role: 'model', parts: [{ text: 'thinking', thought: true, thoughtSignature: 'c2ln' }] }]),
    ).toBeNull();
  });
});

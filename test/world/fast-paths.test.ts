/**
 * The world's fast paths must be indistinguishable from the plain code they replace: each is
 * compared here with the straightforward version (spread, key arrays, array copies).
 */
import type { Content } from '@google/genai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateContentTokens } from '../../src/engine/tokens/estimate-tokens.ts';
import { deepEqual } from '../../src/world/agents/processors/clone-content.ts';
import { ContentSource } from '../../src/world/agents/processors/content-source.ts';
import { contentSourceListFor, sourceAt, sourceCount } from '../../src/world/agents/processors/included-events.ts';
import { contentItems, lazyContentsOf, lazySourceListOf } from '../../src/world/agents/processors/lazy-contents.ts';
import { createEvent, mergeParams, type Event } from '../../src/world/events/event.ts';
import { splitText } from '../../src/world/models/scripted-llm.ts';
import { InMemorySessionService } from '../../src/world/sessions/in-memory-session-service.ts';
import { createWorldEnvironment } from '../../src/world/sim/world-environment.ts';

function referenceDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => referenceDeepEqual(item, (b as unknown[])[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return leftKeys.length === rightKeys.length && leftKeys.every((key) => referenceDeepEqual(left[key], right[key]));
}

const smallJson = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constantFrom('a', 'b', 1, 2, true, null, undefined), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('k', 'l', 'm'), tie('value'), { maxKeys: 3 }),
})).value;

describe('deepEqual without key arrays', () => {
  it('agrees with the key-array version on random pairs', () => {
    fc.assert(fc.property(smallJson, smallJson, (a, b) => {
      expect(deepEqual(a, b)).toBe(referenceDeepEqual(a, b));
    }), { numRuns: 500 });
  });
  it('treats undefined members as missing, in both directions', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
  });
});

describe('splitText without a code point array', () => {
  const reference = (text: string, count: number) => {
    const chars = Array.from(text);
    return Array.from({ length: count }, (_, i) => chars.slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count)).join(''));
  };
  it('cuts where Array.from would, surrogate pairs and lone surrogates included', () => {
    const unit = fc.oneof(fc.constantFrom('\ud83d', '\ude00', '😀', 'a', 'é', '中'), fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }));
    fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (text, count) => {
      expect(splitText(text, count)).toEqual(reference(text, count));
    }), { numRuns: 500 });
  });
});

describe('mergeParams is { ...base, ...overrides }', () => {
  it('same keys, order and values, symbols and an own __proto__ included', () => {
    const symbol = Symbol('s');
    const base = { invocationId: 'i', author: 'a', 2: 'two', [symbol]: 'sym' };
    const overrides = JSON.parse('{"content":{"role":"model"},"author":"b","__proto__":{"x":1},"1":"one"}') as object;
    const merged = mergeParams(base, overrides);
    const spread = { ...base, ...overrides };
    expect(Reflect.ownKeys(merged)).toEqual(Reflect.ownKeys(spread));
    for (const key of Reflect.ownKeys(spread)) expect((merged as Record<PropertyKey, unknown>)[key]).toBe((spread as Record<PropertyKey, unknown>)[key]);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
  it('createEvent over merged params keeps the key order of the adk-js literal', () => {
    const env = createWorldEnvironment(3);
    const shell = createEvent(env, { invocationId: 'inv', author: 'agent', branch: undefined });
    const response = { content: { role: 'model', parts: [{ text: 'hi' }] }, usageMetadata: { promptTokenCount: 3 } };
    const event = createEvent(env, mergeParams(shell, response));
    expect(Object.keys(event)).toEqual(Object.keys({ ...shell, ...response }));
    expect(event.id).toBe(shell.id);
    expect(event.content).toBe(response.content);
  });
});

const text = (t: string, role = 'user'): Content => ({ role, parts: [{ text: t }] });

describe('request contents over the shared, append-only source list', () => {
  function history(n: number): Event[] {
    const env = createWorldEnvironment(1);
    const service = new InMemorySessionService();
    const session = service.createSession({ appName: 'a', userId: 'u', id: 's' });
    for (let i = 0; i < n; i += 1) service.appendEvent(session, createEvent(env, { author: i % 2 ? 'agent' : 'user', content: text(`m${i}`, i % 2 ? 'model' : 'user') }));
    return [...service.storedSession().events];
  }

  it('a step sees exactly the history of its build, with the running heuristic total', () => {
    const events = history(6);
    const early = contentSourceListFor(events.slice(0, 4), 'adk-js');
    const later = contentSourceListFor(events, 'adk-js');
    expect(later.sources).toBe(early.sources); // one cache, never copied
    expect(sourceCount(early)).toBe(4);
    expect(sourceCount(later)).toBe(6);
    const contents = lazyContentsOf(early);
    expect(contents).toHaveLength(4);
    expect(contents.map((c) => c.parts?.[0]?.text)).toEqual(['m0', 'm1', 'm2', 'm3']);
    const sum = (list: typeof later) => Array.from({ length: sourceCount(list) }, (_, i) => sourceAt(list, i)!.heuristic).reduce((a, b) => a + b, 0);
    expect(early.heuristic).toBe(sum(early));
    expect(later.heuristic).toBe(sum(later));
    expect(lazySourceListOf(contents)).toBe(early);
  });

  it('a long history behaves as a plain array of clones (sparse storage is invisible)', () => {
    const sources = Array.from({ length: 1500 }, (_, i) => new ContentSource(text(`c${i}`)));
    const list = { sources, length: 1499, extra: new ContentSource(text('extra')), heuristic: 0 };
    const contents = lazyContentsOf(list);
    expect(contents).toHaveLength(1500);
    expect(Array.isArray(contents)).toBe(true);
    expect(1499 in contents && !(1500 in contents)).toBe(true);
    expect(contents[1499]!.parts![0]!.text).toBe('extra');
    expect(contents[1499]).not.toBe(list.extra.content);
    const tail = contents.slice(-3).map((c) => c.parts![0]!.text);
    expect(tail).toEqual(['c1497', 'c1498', 'extra']);
    const items = contentItems(contents);
    // Clones handed out but still equal to their source measure as the source's shared item.
    expect(items.every((item, i) => item === sourceAt(list, i)!.untouched)).toBe(true);
    contents[1498]!.parts![0]!.text = 'edited';
    const edited = contentItems(contents);
    expect(edited[1498]).toEqual({ content: contents[1498], source: undefined });
    expect(edited.filter((item) => item.source === undefined)).toHaveLength(1);
    contents[1498]!.parts![0]!.text = 'c1498';
    expect(Object.keys(contents)).toHaveLength(1500);
    expect(JSON.stringify(contents)).toBe(JSON.stringify([...sources.slice(0, 1499), list.extra].map((s) => s.content)));
  });
});

describe('measurement items of a request a strategy rearranged', () => {
  const sources = ['a', 'b', 'c', 'd'].map((t) => new ContentSource(text(t)));
  const built = () => {
    const contents = lazyContentsOf({ sources, length: 4, extra: undefined, heuristic: 0 });
    const origin = contents;
    return { contents, origin };
  };
  const sourceTexts = (items: ReturnType<typeof contentItems>) => items.map((item) => (item.source ? item.source.content.parts![0]!.text : `edited:${item.content?.parts?.[0]?.text}`));

  it('recognises clones moved in place by reverse, sort or a self-assignment', () => {
    const { contents, origin } = built();
    void contents[0];
    void contents[2];
    contents.reverse();
    expect(sourceTexts(contentItems(contents, origin))).toEqual(['d', 'c', 'b', 'a']);
    contents.sort((x, y) => x.parts![0]!.text!.localeCompare(y.parts![0]!.text!));
    expect(sourceTexts(contentItems(contents, origin))).toEqual(['a', 'b', 'c', 'd']);
    contents[1] = contents[1]!;
    expect(contentItems(contents, origin).every((item, i) => item === sources[i]!.untouched)).toBe(true);
  });

  it('a clone moved to another slot, an edit, a foreign content and a cut are each seen as what they are', () => {
    const { contents, origin } = built();
    const third = contents[2]!;
    contents[0] = third; // c's clone, now at 0 and 2
    contents[3]!.parts![0]!.text = 'D';
    contents[1] = text('x');
    expect(sourceTexts(contentItems(contents, origin))).toEqual(['c', 'edited:x', 'c', 'edited:D']);
    contents.length = 2;
    expect(sourceTexts(contentItems(contents, origin))).toEqual(['c', 'edited:x']);
    contents.push(sources[3]!.content); // the frozen source itself, not a clone: an equal foreign content
    expect(contentItems(contents, origin)[2]).toEqual({ content: sources[3]!.content, source: undefined });
  });
});

describe('lazy contents against a plain array of clones (model-based)', () => {
  type Op =
    | { kind: 'read'; at: number }
    | { kind: 'edit'; at: number }
    | { kind: 'write'; at: number }
    | { kind: 'delete'; at: number }
    | { kind: 'push' | 'pop' | 'reverse' | 'sort' | 'keys' | 'slice' | 'spread' }
    | { kind: 'splice'; at: number; remove: number }
    | { kind: 'length'; to: number };
  const at = fc.nat({ max: 2_000 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 6, arbitrary: at.map((i) => ({ kind: 'read' as const, at: i })) },
    at.map((i) => ({ kind: 'edit' as const, at: i })),
    at.map((i) => ({ kind: 'write' as const, at: i })),
    at.map((i) => ({ kind: 'delete' as const, at: i })),
    fc.constantFrom('push', 'pop', 'reverse', 'sort', 'keys', 'slice', 'spread').map((kind) => ({ kind }) as Op),
    fc.record({ at, remove: fc.nat({ max: 5 }) }).map((r) => ({ kind: 'splice' as const, ...r })),
    at.map((to) => ({ kind: 'length' as const, to })),
  );

  function apply(array: Content[], o: Op, n: number): unknown {
    const i = 'at' in o ? o.at % Math.max(1, n) : 0;
    switch (o.kind) {
      case 'read':
        return array[i]?.parts?.[0]?.text;
      case 'edit':
        if (array[i]?.parts?.[0]) array[i]!.parts![0]!.text = `edited ${i}`;
        return undefined;
      case 'write':
        array[i] = text(`written ${i}`);
        return undefined;
      case 'delete':
        return delete array[i];
      case 'push':
        return array.push(text('pushed'));
      case 'pop':
        return array.pop()?.parts?.[0]?.text;
      case 'reverse':
        array.reverse();
        return undefined;
      case 'sort':
        array.sort((a, b) => String(a?.parts?.[0]?.text).localeCompare(String(b?.parts?.[0]?.text)));
        return undefined;
      case 'keys':
        return Object.keys(array).length;
      case 'slice':
        return array.slice(-3).map((c) => c?.parts?.[0]?.text);
      case 'spread':
        return [...array].length;
      case 'splice':
        return array.splice(i, o.remove, text('spliced')).length;
      case 'length':
        array.length = o.to % (n + 3);
        return undefined;
    }
  }

  it('every operation gives what it gives on plain clones, short and long (sparse) histories alike', () => {
    fc.assert(
      fc.property(fc.constantFrom(12, 700), fc.array(op, { maxLength: 25 }), (n, ops) => {
        const sources = Array.from({ length: n }, (_, i) => new ContentSource(text(`c${i}`)));
        const lazy = lazyContentsOf({ sources, length: n, extra: undefined, heuristic: 0 });
        const plainArray = sources.map((source) => structuredClone(source.content) as Content);
        for (const o of ops) {
          expect(apply(lazy, o, n)).toEqual(apply(plainArray, o, n));
          expect(lazy.length).toBe(plainArray.length);
        }
        for (const probe of [0, n - 1, n >> 1]) expect(probe in lazy).toBe(probe in plainArray);
        expect(JSON.stringify(lazy)).toBe(JSON.stringify(plainArray));
        // Measurement agrees: an element is a source's untouched copy exactly when it still equals it in place.
        const items = contentItems(lazy);
        items.forEach((item, i) => {
          if (item.source) expect(JSON.stringify(plainArray[i])).toBe(JSON.stringify(item.source.content));
          else expect(item.content).toBe(lazy[i]);
        });
        expect(sources.every((source, i) => source.content.parts![0]!.text === `c${i}`)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the working copy of a session', () => {
  it('shares the append-only event list with storage (O(1) per turn), has its own state, and appends reach both', () => {
    const env = createWorldEnvironment(2);
    const service = new InMemorySessionService();
    const first = service.createSession({ appName: 'a', userId: 'u', id: 's' });
    for (let i = 0; i < 100; i += 1) service.appendEvent(first, createEvent(env, { author: 'user', content: text(`m${i}`) }));
    const working = service.getSession();
    const stored = service.storedSession();
    expect(working.events).toBe(stored.events);
    expect(working.state).not.toBe(stored.state);
    service.appendEvent(working, createEvent(env, { author: 'user', content: text('next') }));
    expect(stored.events).toHaveLength(101);
    expect(working.events[100]).toBe(stored.events[100]);
  });

  it('is read-only for strategies: a frozen snapshot, renewed after each append', () => {
    const env = createWorldEnvironment(2);
    const service = new InMemorySessionService();
    const working = service.createSession({ appName: 'a', userId: 'u', id: 's' });
    service.appendEvent(working, createEvent(env, { author: 'user', content: text('m0') }));
    const seen = service.readOnlyEvents();
    expect(service.readOnlyEvents()).toBe(seen);
    expect(Object.isFrozen(seen)).toBe(true);
    expect(() => (seen as unknown[]).push(createEvent(env, { author: 'user' }))).toThrow(TypeError);
    service.appendEvent(working, createEvent(env, { author: 'user', content: text('m1') }));
    expect(seen).toHaveLength(1);
    expect(service.readOnlyEvents()).toHaveLength(2);
    expect(service.storedSession().events).toHaveLength(2);
  });
});

describe('slice and unshift without reading, against plain arrays of clones (model-based)', () => {
  type Op =
    | { kind: 'read' | 'edit' | 'write' | 'delete'; on: number; at: number }
    | { kind: 'slice'; on: number; start: number; end: number | undefined }
    | { kind: 'unshift' | 'push' | 'reverse' | 'estimate' | 'length-cut'; on: number }
    | { kind: 'same'; on: number; at: number; other: number; otherAt: number };
  const small = fc.integer({ min: -4, max: 40 });
  const pick = fc.nat({ max: 5 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('read' as const, 'edit' as const, 'write' as const, 'delete' as const), on: pick, at: fc.nat({ max: 40 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('slice' as const), on: pick, start: small, end: fc.option(small, { nil: undefined }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('unshift' as const, 'push' as const, 'reverse' as const, 'estimate' as const, 'length-cut' as const), on: pick }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('same' as const), on: pick, at: fc.nat({ max: 40 }), other: pick, otherAt: fc.nat({ max: 40 }) }) },
  );

  it('every array gives what its plain twin gives: values, holes, identities across arrays, estimates, measurement items', () => {
    fc.assert(
      fc.property(fc.constantFrom(9, 560), fc.array(op, { maxLength: 30 }), (n, ops) => {
        const sources = Array.from({ length: n }, (_, i) => new ContentSource(text(`c${i} ${'x'.repeat(i % 7)}`)));
        const pairs: [Content[], Content[]][] = [[lazyContentsOf({ sources, length: n, extra: undefined, heuristic: 0 }), sources.map((s) => structuredClone(s.content) as Content)]];
        const origin = pairs[0]![0];
        for (const o of ops) {
          const [lazy, plain] = pairs[o.on % pairs.length]!;
          const i = 'at' in o ? o.at % Math.max(1, plain.length) : 0;
          switch (o.kind) {
            case 'read':
              expect(lazy[i]?.parts?.[0]?.text).toBe(plain[i]?.parts?.[0]?.text);
              break;
            case 'edit':
              for (const array of [lazy, plain]) if (array[i]?.parts?.[0]) array[i]!.parts![0]!.text = `edited ${i}`;
              break;
            case 'write':
              lazy[i] = text(`written ${i}`);
              plain[i] = text(`written ${i}`);
              break;
            case 'delete':
              expect(delete lazy[i]).toBe(delete plain[i]);
              break;
            case 'slice':
              pairs.push([lazy.slice(o.start, o.end), plain.slice(o.start, o.end)]);
              break;
            case 'unshift':
              expect(lazy.unshift(text('head'), text('head 2'))).toBe(plain.unshift(text('head'), text('head 2')));
              break;
            case 'push':
              expect(lazy.push(text('pushed'))).toBe(plain.push(text('pushed')));
              break;
            case 'reverse':
              lazy.reverse();
              plain.reverse();
              break;
            case 'length-cut':
              lazy.length = plain.length = Math.floor(plain.length / 2);
              break;
            case 'estimate':
              expect(estimateContentTokens(lazy)).toBe(estimateContentTokens(plain));
              break;
            case 'same': {
              const [otherLazy, otherPlain] = pairs[o.other % pairs.length]!;
              const j = o.otherAt % Math.max(1, otherPlain.length);
              const lazySame = lazy[i] !== undefined && lazy[i] === otherLazy[j];
              const plainSame = plain[i] !== undefined && plain[i] === otherPlain[j];
              expect(lazySame).toBe(plainSame);
              break;
            }
          }
          expect(lazy.length).toBe(plain.length);
        }
        for (const [lazy, plain] of pairs) {
          for (let k = 0; k < plain.length; k += 1) expect(k in lazy).toBe(k in plain);
          expect(estimateContentTokens(lazy)).toBe(estimateContentTokens(plain));
          contentItems(lazy, origin).forEach((item, k) => {
            if (item.source) expect(JSON.stringify(plain[k])).toBe(JSON.stringify(item.source.content));
          });
          expect(JSON.stringify(lazy)).toBe(JSON.stringify(plain));
        }
        expect(sources.every((source, k) => source.content.parts![0]!.text === `c${k} ${'x'.repeat(k % 7)}`)).toBe(true);
      }),
      { numRuns: 120 },
    );
  });

  it("ContextGuard's re-injection (slice after the watermark, unshift the summary) and its estimate read nothing", () => {
    const sources = Array.from({ length: 50 }, (_, i) => new ContentSource(text(`c${i}`)));
    const contents = lazyContentsOf({ sources, length: 50, extra: undefined, heuristic: 0 });
    const kept = contents.slice(40);
    kept.unshift(text('[Previous conversation summary]'));
    expect(estimateContentTokens(kept)).toBe(estimateContentTokens([text('[Previous conversation summary]'), ...sources.slice(40).map((s) => s.content)]));
    const items = contentItems(kept, contents);
    expect(items.slice(1).every((item, k) => item === sources[40 + k]!.untouched)).toBe(true);
    // Nothing was cloned: reading element 1 now makes the first clone, which stays the same object.
    expect(kept[1]).toBe(kept[1]);
    expect(kept[1]).not.toBe(sources[40]!.content);
  });
});

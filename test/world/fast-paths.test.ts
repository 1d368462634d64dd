/**
 * The world's fast paths must be indistinguishable from the plain code they replace: each is
 * compared here with the straightforward version (spread, key arrays, array copies).
 */
import type { Content } from '@google/genai';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ReferenceRequestContents } from '../../src/world/agents/reference-request-contents.ts';
import { FastRequestContents } from '../../src/world/fast/fast-request-contents.ts';
import { IncludedEventsCache } from '../../src/world/fast/included-events.ts';
import { BuiltContents } from '../../src/world/request-contents/built-contents.ts';
import { cloneValue, deepEqual } from '../../src/world/request-contents/clone-content.ts';
import { contentItems } from '../../src/world/request-contents/content-items.ts';
import { ContentSource } from '../../src/world/request-contents/content-source.ts';
import { sourceAt, sourceCount, sourceListOf } from '../../src/world/request-contents/content-source-list.ts';
import { createEvent, mergeParams, type Event } from '../../src/world/events/event.ts';
import { splitText } from '../../src/world/models/scripted-llm.ts';
import { InMemorySessionService } from '../../src/world/sessions/in-memory-session-service.ts';
import { createWorldEnvironment } from '../../src/world/sim/world-environment.ts';

function referenceDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((item, i) => referenceDeepEqual(item, (b as unknown[])[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return leftKeys.length === rightKeys.length && leftKeys.every((key) => referenceDeepEqual(left[key], right[key]));
}

const smallJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', 'b', 1, 2, true, null, undefined),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('k', 'l', 'm'), tie('value'), { maxKeys: 3 }),
})).value;

describe('deepEqual without key arrays', () => {
  it('agrees with the key-array version on random pairs', () => {
    fc.assert(
      fc.property(smallJson, smallJson, (a, b) => {
        expect(deepEqual(a, b)).toBe(referenceDeepEqual(a, b));
      }),
      { numRuns: 500 },
    );
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
    return Array.from({ length: count }, (_, i) =>
      chars.slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count)).join(''),
    );
  };
  it('cuts where Array.from would, surrogate pairs and lone surrogates included', () => {
    const unit = fc.oneof(
      fc.constantFrom('\ud83d', '\ude00', '😀', 'a', 'é', '中'),
      fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (text, count) => {
        expect(splitText(text, count)).toEqual(reference(text, count));
      }),
      { numRuns: 500 },
    );
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
    for (const key of Reflect.ownKeys(spread))
      expect((merged as Record<PropertyKey, unknown>)[key]).toBe((spread as Record<PropertyKey, unknown>)[key]);
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
    for (let i = 0; i < n; i += 1)
      service.appendEvent(
        session,
        createEvent(env, { author: i % 2 ? 'agent' : 'user', content: text(`m${i}`, i % 2 ? 'model' : 'user') }),
      );
    return [...service.storedSession().events];
  }

  it('a step sees exactly the history of its build, with the running heuristic total', () => {
    const events = history(6);
    const cache = new IncludedEventsCache();
    const early = cache.list(events.slice(0, 4), 'adk-js');
    const later = cache.list(events, 'adk-js');
    expect(later.sources).toBe(early.sources); // one cache, never copied
    expect(sourceCount(early)).toBe(4);
    expect(sourceCount(later)).toBe(6);
    const sum = (list: typeof later) =>
      Array.from({ length: sourceCount(list) }, (_, i) => sourceAt(list, i)!.heuristic).reduce((a, b) => a + b, 0);
    expect(early.heuristic).toBe(sum(early));
    expect(later.heuristic).toBe(sum(later));
    const builder = new FastRequestContents();
    const built = builder.build(events.slice(0, 4), 'adk-js');
    expect(built.contents.map((c) => c.parts?.[0]?.text)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(builder.builtFor(built.contents)).toBe(built);
    expect(builder.builtFor([...built.contents])).toBeUndefined();
  });

  it('a long history is a plain array of fresh clones, measured through its build', () => {
    const sources = Array.from({ length: 1500 }, (_, i) => new ContentSource(text(`c${i}`)));
    const list = { sources, length: 1499, extra: new ContentSource(text('extra')), heuristic: 0 };
    const contents = [...sources.slice(0, 1499), list.extra].map((s) => cloneValue(s.content));
    const built = new BuiltContents(contents, list);
    const items = contentItems(contents, built);
    // Clones still equal to their source measure as the source's shared item.
    expect(items.every((item, i) => item === sourceAt(list, i)!.untouched)).toBe(true);
    contents[1498]!.parts![0]!.text = 'edited';
    const edited = contentItems(contents, built);
    expect(edited[1498]).toEqual({ content: contents[1498], source: undefined });
    expect(edited.filter((item) => item.source === undefined)).toHaveLength(1);
  });
});

describe('what the plugins receive is plain data, as in adk-js', () => {
  const events = (() => {
    const env = createWorldEnvironment(4);
    const service = new InMemorySessionService();
    const session = service.createSession({ appName: 'a', userId: 'u', id: 's' });
    service.appendEvent(session, createEvent(env, { author: 'user', content: text('q') }));
    service.appendEvent(
      session,
      createEvent(env, {
        author: 'agent',
        content: { role: 'model', parts: [{ functionCall: { id: 'adk-7', name: 'f', args: { a: 1 } } }] },
      }),
    );
    service.appendEvent(
      session,
      createEvent(env, {
        author: 'agent',
        content: { role: 'user', parts: [{ functionResponse: { id: 'adk-7', name: 'f', response: { r: 'x' } } }] },
      }),
    );
    return [...service.storedSession().events];
  })();

  for (const builder of [new FastRequestContents(), new ReferenceRequestContents()]) {
    it(`${builder.kind}: a plain array of unfrozen fresh clones that the native structuredClone copies`, () => {
      const { contents } = builder.build(events, 'adk-js');
      expect(Object.getPrototypeOf(contents)).toBe(Array.prototype);
      expect(
        contents.every(
          (content, i) =>
            content !== events[i]!.content && !Object.isFrozen(content) && !Object.isFrozen(content.parts),
        ),
      ).toBe(true);
      expect(structuredClone({ contents })).toEqual({ contents });
      expect(contents[1]!.parts![0]!.functionCall!.id).toBeUndefined(); // client ids are not sent
      expect(builder.build(events, 'adk-js').contents[0]).not.toBe(contents[0]); // fresh every step
    });
  }
});

describe('measurement items of a request a strategy rearranged', () => {
  const sources = ['a', 'b', 'c', 'd'].map((t) => new ContentSource(text(t)));
  const built = () => {
    const origin = new BuiltContents(
      sources.map((s) => cloneValue(s.content)),
      sourceListOf(sources),
    );
    return { contents: origin.contents, origin };
  };
  const sourceTexts = (items: ReturnType<typeof contentItems>) =>
    items.map((item) =>
      item.source ? item.source.content.parts![0]!.text : `edited:${item.content?.parts?.[0]?.text}`,
    );

  it('recognises clones moved in place by reverse, sort or a self-assignment', () => {
    const { contents, origin } = built();
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

  it("ContextGuard's re-injection (slice after the watermark, unshift the summary): the kept clones are still copies", () => {
    const many = Array.from({ length: 50 }, (_, i) => new ContentSource(text(`c${i}`)));
    const origin = new BuiltContents(
      many.map((s) => cloneValue(s.content)),
      sourceListOf(many),
    );
    const kept = origin.contents.slice(40);
    kept.unshift(text('[Previous conversation summary]'));
    const items = contentItems(kept, origin);
    expect(items[0]!.source).toBeUndefined();
    expect(items.slice(1).every((item, k) => item === many[40 + k]!.untouched)).toBe(true);
  });
});

describe("what marks a clone as its build's", () => {
  const sources = ['a', 'b', 'c'].map((t) => new ContentSource(text(t)));
  const build = () =>
    new BuiltContents(
      sources.map((s) => cloneValue(s.content)),
      sourceListOf(sources),
    );

  it('is invisible: keys, JSON, spread and the native structuredClone see the plain clone', () => {
    const clone = build().contents[0]!;
    expect(Reflect.ownKeys(clone)).toEqual(['role', 'parts']);
    expect(JSON.stringify(clone)).toBe(JSON.stringify(sources[0]!.content));
    expect(structuredClone(clone)).toEqual({ ...clone });
    expect(Object.getPrototypeOf(clone)).toBe(Object.prototype);
  });

  it("names one build: another step's clone is no copy, and a clone kept keeps no other of its step alive", async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let earlier: BuiltContents | undefined = build();
    const kept = earlier.contents[0]!;
    const other = new WeakRef(earlier.contents[1]!);
    const array = new WeakRef(earlier.contents);
    const later = build();
    expect(contentItems([kept], later)[0]).toEqual({ content: kept, source: undefined });
    expect(contentItems([later.contents[0]!], later)[0]!.source).toBe(sources[0]);
    earlier = undefined;
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(other.deref()).toBeUndefined();
    expect(array.deref()).toBeUndefined();
    expect(kept.parts![0]!.text).toBe('a');
  });
});

describe('measurement items against a model of what a strategy did (model-based)', () => {
  type Op =
    | { kind: 'edit' | 'write' | 'delete' | 'move'; at: number; to: number }
    | { kind: 'push' | 'pop' | 'reverse' | 'slice' };
  const at = fc.nat({ max: 200 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constantFrom('edit' as const, 'write' as const, 'delete' as const, 'move' as const),
      at,
      to: at,
    }),
    fc.constantFrom('push', 'pop', 'reverse', 'slice').map((kind) => ({ kind }) as Op),
  );

  it("an element is a source's copy exactly when it is a clone of that source that still equals it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(op, { maxLength: 25 }), (n, ops) => {
        const sources = Array.from({ length: n }, (_, i) => new ContentSource(text(`c${i % 5}`)));
        const origin = new BuiltContents(
          sources.map((s) => cloneValue(s.content)),
          sourceListOf(sources),
        );
        // The model: the source each clone was made from, by identity.
        const madeFrom = new Map(origin.contents.map((clone, i) => [clone, sources[i]!] as const));
        let contents = origin.contents;
        for (const o of ops) {
          const i = 'at' in o ? o.at % Math.max(1, contents.length) : 0;
          if (o.kind === 'edit' && contents[i]?.parts?.[0]) contents[i]!.parts![0]!.text = `edited ${i}`;
          else if (o.kind === 'write')
            contents[i] = text(`c${i % 5}`); // equal to some source, but no clone
          else if (o.kind === 'delete') delete contents[i];
          else if (o.kind === 'move') contents[o.to % Math.max(1, contents.length)] = contents[i]!;
          else if (o.kind === 'push') contents.push(text('pushed'));
          else if (o.kind === 'pop') contents.pop();
          else if (o.kind === 'reverse') contents.reverse();
          else if (o.kind === 'slice') contents = contents.slice(1);
        }
        const items = contentItems(contents, origin);
        expect(items).toHaveLength(contents.length);
        items.forEach((item, k) => {
          const element = contents[k];
          const from = element === undefined ? undefined : madeFrom.get(element);
          const copy = from !== undefined && JSON.stringify(element) === JSON.stringify(from.content);
          expect(item.source).toBe(copy ? from : undefined);
          if (!copy) expect(item.content).toBe(element);
        });
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
    for (let i = 0; i < 100; i += 1)
      service.appendEvent(first, createEvent(env, { author: 'user', content: text(`m${i}`) }));
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

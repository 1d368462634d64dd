import { describe, expect, it } from 'vitest';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { runSession } from '../../src/world/run-session.ts';
import { deepFreeze } from '../../src/world/sessions/deep-freeze.ts';
import { isFrozenJsonData, jsonGlobalsPristine } from '../../src/world/sessions/frozen-json-data.ts';
import { scenario } from './helpers/world-fixtures.ts';

const plain = () => ({ a: 1, b: ['x', { c: null, d: undefined }], e: { f: true } });

describe('isFrozenJsonData: JSON that can never change', () => {
  it('accepts deep-frozen plain data (null-prototype objects included)', () => {
    expect(isFrozenJsonData(deepFreeze(plain()))).toBe(true);
    expect(isFrozenJsonData(deepFreeze(Object.assign(Object.create(null) as object, { k: 'v' })))).toBe(true);
    expect(isFrozenJsonData('text')).toBe(true);
  });

  it('rejects anything whose JSON could still change', () => {
    const unfrozenChild = Object.freeze({ child: { n: 1 } });
    const getter = Object.freeze({
      get n() {
        return 1;
      },
    });
    class Box {
      constructor(readonly n: number) {}
    }
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    const holes = Object.freeze([1, , 3]);
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 250; i += 1) deep = deep['next'] = {};
    for (const value of [
      { n: 1 },
      unfrozenChild,
      getter,
      Object.freeze(new Box(1)),
      Object.freeze(new Date(0)),
      Object.freeze({ f: () => 1 }),
      1n,
      holes,
      deepFreeze(root),
    ]) {
      expect(isFrozenJsonData(value)).toBe(false);
    }
  });

  it('tells accessors from data exactly: setter-only, inherited getters, an own __proto__ key, null prototypes', () => {
    const setterOnly = Object.freeze({ set n(_v: number) {} });
    const inheritedGetter = Object.freeze(
      Object.create(
        Object.freeze({
          get n() {
            return 1;
          },
        }),
      ) as object,
    );
    const ownProto = deepFreeze(JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as object);
    const nullProtoGetter = Object.freeze(
      Object.defineProperty(Object.create(null) as object, 'k', { get: () => 1, enumerable: true }),
    );
    expect(isFrozenJsonData(setterOnly)).toBe(false);
    expect(isFrozenJsonData(inheritedGetter)).toBe(false); // not a plain object (its prototype is not Object.prototype)
    expect(isFrozenJsonData(ownProto)).toBe(true); // an own data property named __proto__, not the accessor
    expect(isFrozenJsonData(nullProtoGetter)).toBe(false);
  });

  it('a tree with an unfrozen child is not proven until that child is frozen too', () => {
    // deepFreeze stops at an already-frozen object, so its child stays writable: not proven.
    const kept = { inner: { n: 1 } };
    const value = deepFreeze({ a: { b: [1, { c: 2 }] }, prefrozen: Object.freeze(kept) });
    expect(Object.isFrozen(kept.inner)).toBe(false);
    expect(isFrozenJsonData(value)).toBe(false);
    Object.freeze(kept.inner);
    expect(isFrozenJsonData(value)).toBe(true);
  });

  it('the JSON globals are pristine unless someone adds a toJSON to the prototypes', () => {
    expect(jsonGlobalsPristine()).toBe(true);
    Object.defineProperty(Array.prototype, 'toJSON', { value: () => 'patched', configurable: true, writable: true });
    try {
      expect(jsonGlobalsPristine()).toBe(false);
    } finally {
      delete (Array.prototype as { toJSON?: unknown }).toJSON;
    }
    expect(jsonGlobalsPristine()).toBe(true);
  });
});

describe('the end-of-session mutation check still sees what freezing cannot stop', () => {
  const turns = [{}, {}, {}];

  it('a writable child of an object the strategy froze itself', async () => {
    const kept = { inner: { n: 0 } };
    const sneaky: CompactionStrategy = {
      name: 'sneaky',
      compact(ctx) {
        if (ctx.state.get('kept') === undefined) ctx.state.set('kept', Object.freeze(kept));
        else kept.inner.n += 1;
      },
    };
    const r = await runSession(scenario({ turnInputs: turns }), { strategy: sneaky });
    expect(r.failure?.kind).toBe('events-mutated');
    expect(r.failure?.message).toMatch(/changed after it was appended/);
    expect(r.steps.length).toBe(3);
  });

  it('a getter whose value changes', async () => {
    let n = 0;
    const ticking: CompactionStrategy = {
      name: 'ticking',
      compact(ctx) {
        n += 1;
        if (ctx.state.get('clock') === undefined)
          ctx.state.set('clock', {
            get now() {
              return n;
            },
          });
      },
    };
    const r = await runSession(scenario({ turnInputs: turns }), { strategy: ticking });
    expect(r.failure?.kind).toBe('events-mutated');
    expect(r.failure?.message).toMatch(/changed after it was appended/);
  });

  it('plain state the strategy leaves alone passes', async () => {
    const tidy: CompactionStrategy = { name: 'tidy', compact: (ctx) => ctx.state.set('note', { n: 1, list: ['a'] }) };
    const r = await runSession(scenario({ turnInputs: turns }), { strategy: tidy });
    expect(r.failure).toBeNull();
  });
});

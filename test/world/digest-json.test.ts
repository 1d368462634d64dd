import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestJson, LONG_STRING, longStringToken } from '../../src/world/measure/digest-json.ts';
import { sha256 } from '../../src/world/measure/sha256.ts';
import { stableJson } from '../../src/world/measure/trace-digest.ts';

/** Values JSON can hold, plus what JSON drops or rewrites (undefined, functions, symbols, NaN, -0, holes). */
const awkward = fc.oneof(
  fc.constant(undefined),
  fc.constant(Number.NaN),
  fc.constant(-0),
  fc.constant(Infinity),
  fc.constant(() => 1),
  fc.constant(Symbol('s')),
);
const shortValues = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 40 }),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    awkward,
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 5 }),
})).value;

describe('digestJson', () => {
  it('is exactly JSON.stringify for values without long strings', () => {
    fc.assert(
      fc.property(shortValues, (value) => {
        expect(digestJson(value)).toBe(JSON.stringify(value) ?? 'null');
      }),
      { numRuns: 300 },
    );
  });

  it('quotes every short string exactly as JSON.stringify does (escapes, control characters, lone and paired surrogates)', () => {
    const units = fc.constantFrom(
      'a',
      'é',
      '"',
      '\\',
      '\n',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u2028',
      '\ud83d',
      '\ude00',
      '\ud83d\ude00',
      '日',
      '/',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.array(units).map((parts) => parts.join('')),
        ),
        (text) => {
          expect(digestJson(text)).toBe(JSON.stringify(text));
          expect(digestJson({ [text]: text })).toBe(JSON.stringify({ [text]: text }));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('follows JSON for toJSON, boxed primitives, holes, integer-like keys and inherited keys', () => {
    const withToJson = { when: new Date(0), custom: { toJSON: (key: string) => `key=${key}` } };
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    const holes = [1, , 3];
    const inherited = Object.assign(Object.create({ hidden: 1 }) as object, { b: 2, 10: 'ten', 2: 'two' });
    // eslint-disable-next-line no-new-wrappers
    const boxed = { n: new Number(3), s: new String('x'), b: new Boolean(false) };
    for (const value of [withToJson, holes, inherited, boxed, 'top-level string', 42, undefined]) {
      expect(digestJson(value)).toBe(JSON.stringify(value) ?? 'null');
    }
  });

  it('writes each long string as its length and sha256, unquoted, wherever it appears', () => {
    const long = 'é'.repeat(LONG_STRING);
    const token = `#${long.length}:${sha256(long)}`;
    expect(longStringToken(long)).toBe(token);
    expect(digestJson({ a: long, b: [long, 'short'] })).toBe(`{"a":${token},"b":[${token},"short"]}`);
    expect(digestJson({ a: 'x'.repeat(LONG_STRING - 1) })).toBe(JSON.stringify({ a: 'x'.repeat(LONG_STRING - 1) }));
  });

  it('still covers every byte of a long string', () => {
    const base = 'a'.repeat(5000);
    const changed = `${base.slice(0, 2500)}b${base.slice(2501)}`;
    expect(digestJson({ text: changed })).not.toBe(digestJson({ text: base }));
  });

  it('throws like JSON.stringify on BigInt and cycles (the digest then falls back to the canonical serializer)', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    let deep: Record<string, unknown> = cyclic;
    for (let i = 0; i < 40; i += 1) deep = deep['next'] = { i };
    deep['back'] = cyclic;
    expect(() => digestJson({ n: 1n })).toThrow(TypeError);
    expect(() => digestJson(cyclic)).toThrow(TypeError);
    expect(stableJson({ n: 1n })).toBe('{"n":"1"}');
  });
});

import { describe, expect, it } from 'vitest';
import {
  goFormatLength,
  goFormatNumber,
  goJsonMarshalLength,
  GoJsonMarshalError,
  utf8ByteLength,
} from '../../src/engine/index.ts';

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('日本')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
  });

  it('gives the same answer for long strings on repeat (memoized path)', () => {
    const long = `${'日'.repeat(1000)}${'a'.repeat(1000)}`;
    expect(utf8ByteLength(long)).toBe(4000);
    expect(utf8ByteLength(long)).toBe(4000);
    // a different string of the same length is not confused with it
    expect(utf8ByteLength('a'.repeat(2000))).toBe(2000);
  });

  it('answers the same on the first, second and later measurements of a string (it is remembered from the second)', () => {
    const texts = Array.from({ length: 100 }, (_, i) => `${'é'.repeat(200 + i)}${String(i)}`);
    for (let round = 0; round < 3; round += 1) {
      texts.forEach((text, i) => expect(utf8ByteLength(text)).toBe(2 * (200 + i) + String(i).length));
    }
  });

  it('never confuses very long strings of one length, even when their sampled characters agree', () => {
    // Past 16,383 characters the memo keys strings by length and a few sampled characters: build
    // strings that agree on every sampled position and differ elsewhere.
    const n = 40_000;
    const ascii = 'a'.repeat(n);
    const withAccent = `${'a'.repeat(n / 2 - 7)}é${'a'.repeat(n / 2 + 6)}`;
    const withEmoji = `${'a'.repeat(n / 2 - 9)}😀${'a'.repeat(n / 2 + 7)}`;
    expect(withAccent.length).toBe(n);
    expect(withEmoji.length).toBe(n);
    for (let round = 0; round < 3; round += 1) {
      expect(utf8ByteLength(ascii)).toBe(n);
      expect(utf8ByteLength(withAccent)).toBe(n + 1);
      expect(utf8ByteLength(withEmoji)).toBe(n + 2);
      // an equal string that is a different object answers the same
      expect(utf8ByteLength(ascii.slice(0, n - 1) + 'a')).toBe(n);
    }
  });
});

describe('goFormatNumber (Go %v)', () => {
  it.each([
    [0, '0'],
    [42, '42'],
    [-7, '-7'],
    [1_000_000, '1000000'], // an integer value is a Go int
    [0.5, '0.5'],
    [-0.25, '-0.25'],
    [123456.7, '123456.7'],
    [1234567.5, '1.2345675e+06'],
    [1000000.5, '1.0000005e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.5e-7, '1.5e-07'],
    [1.5e300, '1.5e+300'],
    [1e21, '1e+21'], // beyond int64: a float64
    [Number.NaN, 'NaN'],
    [Infinity, '+Inf'],
    [-Infinity, '-Inf'],
  ])('%s → %s', (n, expected) => {
    expect(goFormatNumber(n)).toBe(expected);
  });
});

describe('goFormatLength (Go %v)', () => {
  const cases: [unknown, string][] = [
    ['hello', 'hello'],
    [true, 'true'],
    [false, 'false'],
    [null, '<nil>'],
    [[], '[]'],
    [['a', 1, null], '[a 1 <nil>]'],
    [{}, 'map[]'],
    [{ b: 2, a: 'x' }, 'map[a:x b:2]'],
    [{ outer: { inner: [1.5, 'y'] } }, 'map[outer:map[inner:[1.5 y]]]'],
    [{ skipped: undefined, kept: 1 }, 'map[kept:1]'],
    [[{ a: 1 }, { b: [] }], '[map[a:1] map[b:[]]]'],
    [{ result: 'ü' }, 'map[result:ü]'],
    [3n, '3'],
  ];
  it.each(cases)('case %# renders as %s', (value, rendered) => {
    expect(goFormatLength(value)).toBe(Buffer.byteLength(rendered, 'utf8'));
  });
});

describe('goJsonMarshalLength (Go json.Marshal)', () => {
  it('is compact JSON', () => {
    const value = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      n: 1.5,
      ok: true,
      none: null,
    };
    expect(goJsonMarshalLength(value)).toBe(JSON.stringify(value).length);
  });

  it('escapes < > & and U+2028/U+2029 like Go', () => {
    expect(goJsonMarshalLength('<a&b>')).toBe('"\\u003ca\\u0026b\\u003e"'.length);
    expect(goJsonMarshalLength('\u2028')).toBe('"\\u2028"'.length);
    expect(goJsonMarshalLength('line\nbreak\t"q"\\')).toBe(JSON.stringify('line\nbreak\t"q"\\').length);
    expect(goJsonMarshalLength('\u0001')).toBe('"\\u0001"'.length);
    expect(goJsonMarshalLength('é')).toBe(4);
  });

  it('prints numbers as Go does', () => {
    expect(goJsonMarshalLength(1e-7)).toBe('1e-7'.length);
    expect(goJsonMarshalLength(1e21)).toBe('1e+21'.length);
    expect(goJsonMarshalLength(0.000001)).toBe('0.000001'.length);
    expect(goJsonMarshalLength(123)).toBe(3);
  });

  it('fails where Go fails', () => {
    expect(() => goJsonMarshalLength({ x: Number.NaN })).toThrow(GoJsonMarshalError);
    expect(() => goJsonMarshalLength([Infinity])).toThrow(/unsupported value/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => goJsonMarshalLength(cyclic)).toThrow(/cycle/);
  });

  it('does not mistake a repeated (non-cyclic) reference for a cycle', () => {
    const shared = { type: 'string' };
    expect(goJsonMarshalLength({ a: shared, b: shared })).toBe(JSON.stringify({ a: shared, b: shared }).length);
  });
});

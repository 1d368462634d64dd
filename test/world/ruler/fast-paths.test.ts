/**
 * The ruler's fast paths (issue 32) must measure exactly what the plain code they short-cut
 * measures: each is compared with its reference on arbitrary strings, biased to the characters
 * where a fast path could go wrong, and checked not to follow a patched global.
 */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64DecodedBytes, base64DecodedBytesByCharacter } from '../../../src/world/ruler/quarter-byte-count.ts';

/** Characters at the edges of what base64 counting treats specially. */
const BASE64_EDGE_UNITS = [
  'A',
  'Z',
  'a',
  'z',
  '0',
  '9',
  '+',
  '/',
  '-',
  '_',
  '=',
  '\r',
  '\n',
  ' ',
  '\t',
  '.',
  '@',
  '[',
  '`',
  '{',
  '\u0000',
  '\u007f',
  '\u0080',
  'é',
  'Ａ',
  '\u2028',
  '\uD800',
  '\uDFFF',
  '😀',
];

/** Clean base64 (standard or URL-safe), with or without padding, sometimes broken at one place. */
const base64Texts = fc.oneof(
  fc.base64String({ maxLength: 200 }),
  fc.base64String({ maxLength: 200 }).map((s) => s.replaceAll('+', '-').replaceAll('/', '_')),
  fc
    .tuple(fc.base64String({ maxLength: 200 }), fc.nat(), fc.constantFrom(...BASE64_EDGE_UNITS), fc.boolean())
    .map(([s, at, unit, replace]) => {
      const i = s.length === 0 ? 0 : at % s.length;
      return s.slice(0, i) + unit + s.slice(replace ? i + 1 : i);
    }),
  fc.string({ unit: fc.constantFrom(...BASE64_EDGE_UNITS), maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

describe('base64DecodedBytes', () => {
  it('equals the character-by-character count on arbitrary strings', () => {
    fc.assert(
      fc.property(base64Texts, (s) => {
        expect(base64DecodedBytes(s)).toBe(base64DecodedBytesByCharacter(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('counts the decoded bytes of real base64, padded, unpadded, split into lines or URL-safe', () => {
    for (let n = 0; n <= 100; n += 1) {
      const bytes = Buffer.alloc(n, n * 37);
      const padded = bytes.toString('base64');
      expect(base64DecodedBytes(padded), `${n} bytes`).toBe(n);
      expect(base64DecodedBytes(padded.replace(/=+$/, '')), `${n} bytes unpadded`).toBe(n);
      expect(base64DecodedBytes(bytes.toString('base64url')), `${n} bytes url-safe`).toBe(n);
      expect(base64DecodedBytes(padded.replace(/(.{8})/g, '$1\r\n')), `${n} bytes in lines`).toBe(n);
    }
    // padding in the middle is skipped, not an end: both halves count
    expect(base64DecodedBytes('QUJD==QUJD')).toBe(6);
    expect(base64DecodedBytes('=QUJD')).toBe(3);
    expect(base64DecodedBytes('====')).toBe(0);
  });

  it('does not follow a patched RegExp.prototype.exec or test', () => {
    const data = Buffer.alloc(3000, 7).toString('base64');
    const exec = RegExp.prototype.exec;
    const test = RegExp.prototype.test;
    let counted: number[];
    try {
      // claims every text is clean: a fast path that followed it would count the line breaks
      RegExp.prototype.exec = () => Object.assign([''] as [string], { index: 0, input: '' });
      RegExp.prototype.test = () => true;
      counted = [base64DecodedBytes(data), base64DecodedBytes(`${data}\r\n\r\n`)];
    } finally {
      RegExp.prototype.exec = exec;
      RegExp.prototype.test = test;
    }
    // asserted once the built-ins are back (a failure's report runs regular expressions)
    expect(counted).toEqual([3000, 3000]);
  });
});

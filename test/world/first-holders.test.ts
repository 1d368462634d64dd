/** One-pass lookup of many pieces in several texts (measure/first-holders.ts), against the plain search it replaces. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstHolders, WINDOW } from '../../src/world/measure/first-holders.ts';

/** What the coverage did before: each piece searched for in each text in turn. */
const plain = (texts: readonly string[], pieces: readonly string[]) =>
  new Map(pieces.map((piece) => [piece, texts.findIndex((text) => text.includes(piece))]));

describe('firstHolders', () => {
  it('finds, for many pieces, the first text holding each, as a search of each text would', () => {
    // A small alphabet makes windows and blocks recur, so the skipping pass stops often and must not skip a match.
    const text = fc.stringMatching(/^[a-p -]{0,600}$/);
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 5, maxLength: 12 }),
        (texts, picks) => {
          // Pieces taken from the texts (found) and made up (mostly not), all of WINDOW characters or more.
          const joined = texts.join('\n');
          const pieces = picks.flatMap((pick, index) => {
            if (index % 3 === 2) return [`${'ab'.repeat(8)}${pick % 7 === 0 ? ' ' : 'b'}`];
            const start = joined.length === 0 ? 0 : pick % joined.length;
            const piece = joined.slice(start, start + WINDOW + (pick % 9)).split('\n')[0]!;
            return piece.length >= WINDOW ? [piece] : [];
          });
          expect(firstHolders(texts, pieces)).toEqual(plain(texts, pieces));
        },
      ),
      { seed: 7, numRuns: 400 },
    );
  });

  it('never skips a piece at any offset after text none of them shares (the skip is as long as it may be, no longer)', () => {
    const pieces = [
      'a piece of prose at some offset',
      'b second piece absent here',
      'c third piece absent',
      'd fourth piece, absent',
      'e fifth piece, absent',
    ];
    for (let offset = 0; offset < 40; offset += 1) {
      const texts = [`${'z'.repeat(offset)}${pieces[0]}${'z'.repeat(5)}`];
      expect(firstHolders(texts, pieces)).toEqual(plain(texts, pieces));
    }
  });

  it('answers a text made of one repeated window without searching it once per position', () => {
    const texts = ['x'.repeat(200_000), `${'x'.repeat(50)}y`];
    const pieces = [
      'x'.repeat(20),
      `${'x'.repeat(30)}y`,
      `${'x'.repeat(30)}z`,
      'a piece of prose, absent',
      'another absent piece',
      'a third one, absent too',
    ];
    expect(firstHolders(texts, pieces)).toEqual(plain(texts, pieces));
  });

  it('refuses a piece shorter than its window', () => {
    expect(() => firstHolders(['text'], ['short'])).toThrow(/shorter than 16/);
  });
});

import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fitToBytes } from '../../src/world/content/fit-to-bytes.ts';
import { generateText, CONTENT_KINDS } from '../../src/world/content/generate-text.ts';
import { goAnalysis, goLongMessage, goSystemPrompt, xText } from '../../src/world/content/go-texts.ts';
import { loadBpeCounter } from '../../src/world/ruler/bpe-count.ts';
import { realisticText, realisticTextStream, type RealisticKind } from '../../src/world/content/realistic-text.ts';
import { rngFor } from '../../src/world/sim/prng.ts';
import type { ContentKind } from '../../src/world/world-scenario.ts';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const CHUNKY: Record<RealisticKind, true> = { prose: true, json: true, logs: true, code: true, cjk: true, emoji: true };

describe('generateText', () => {
  const sizes = [0, 1, 2, 3, 4, 5, 7, 64, 999, 4096, 50_001];
  for (const kind of CONTENT_KINDS) {
    it(`${kind}: exactly the requested UTF-8 byte size, valid UTF-8`, () => {
      for (const size of sizes) {
        const text = generateText({ kind, size, turn: 12 }, rngFor(3, kind, size));
        const expected = kind === 'go-analysis' ? size + 'Turn 12 analysis: '.length : size;
        expect(bytes(text)).toBe(expected);
        expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
      }
    });
  }

  it('realistic kinds generate the very texts they always did (pinned: scenario results and digests depend on them)', () => {
    // sha256 prefixes of the texts as first written (2026-11-22), before the generators were made faster.
    const pinned: Record<string, string> = {
      prose: '9afffc38b7d500aa',
      json: '7524a6ce406a8ce7',
      logs: '193259b495a2ee69',
      code: 'a2827e95caf0356a',
      cjk: '5b174ad1a15b7adc',
      emoji: 'eee78715bf0c44b7',
    };
    for (const kind of Object.keys(pinned) as RealisticKind[]) {
      const hash = createHash('sha256');
      for (const size of [0, 1, 5, 999, 4096, 50_001]) hash.update(realisticText(kind, size, rngFor(7, kind, size)));
      expect(hash.digest('hex').slice(0, 16), kind).toBe(pinned[kind]);
    }
  });

  it('a text stream gives, for every size, exactly the text generated for that size alone', () => {
    for (const kind of Object.keys(CHUNKY) as RealisticKind[]) {
      const stream = realisticTextStream(kind, rngFor(4, 'stream'));
      for (const size of [700, 0, 3, 5000, 1, 4999, 5001, 12_345])
        expect(stream.prefix(size), `${kind} ${size}`).toBe(realisticText(kind, size, rngFor(4, 'stream')));
    }
  });

  it('literal texts are used verbatim', () => {
    expect(generateText({ text: 'héllo {x}' }, rngFor(1))).toBe('héllo {x}');
  });

  it('realistic kinds are seeded: same stream, same text; other seed, other text', () => {
    for (const kind of ['prose', 'json', 'logs', 'code', 'cjk', 'emoji'] as ContentKind[]) {
      const a = generateText({ kind, size: 2000 }, rngFor(1, 'k'));
      expect(generateText({ kind, size: 2000 }, rngFor(1, 'k'))).toBe(a);
      expect(generateText({ kind, size: 2000 }, rngFor(2, 'k'))).not.toBe(a);
    }
  });

  it('cjk is mostly 3-byte characters, emoji has 4-byte code points', () => {
    const cjk = generateText({ kind: 'cjk', size: 3000 }, rngFor(1));
    expect(Array.from(cjk).filter((c) => bytes(c) === 3).length).toBeGreaterThan(950);
    const emoji = generateText({ kind: 'emoji', size: 3000 }, rngFor(1));
    expect(Array.from(emoji).filter((c) => bytes(c) === 4).length).toBeGreaterThan(100);
  });

  it('go kinds need the turn index, and bad sizes are clear errors', () => {
    expect(() => generateText({ kind: 'go-long-message', size: 10 }, rngFor(1))).toThrow(/needs the turn index/);
    expect(() => generateText({ kind: 'x', size: -1 }, rngFor(1))).toThrow(/whole number of bytes/);
    expect(() => generateText({ kind: 'nope' as ContentKind, size: 1 }, rngFor(1))).toThrow(
      /unknown content kind 'nope'/,
    );
  });

  it('with o200k, json, logs, cjk and emoji cost clearly more real tokens per heuristic token than prose', async () => {
    const counter = await loadBpeCounter('o200k_base');
    const ratio = (kind: ContentKind) => {
      const text = generateText({ kind, size: 8000 }, rngFor(5, kind));
      return counter.count(text) / Math.floor(bytes(text) / 4);
    };
    const prose = ratio('prose');
    expect(prose).toBeLessThan(0.8);
    for (const kind of ['json', 'logs', 'cjk', 'emoji'] as ContentKind[])
      expect(ratio(kind)).toBeGreaterThan(prose * 1.6);
  });
});

describe('Go simulator texts (spec §10)', () => {
  it('longMessage: 651-byte base for 1-digit turns, 652 for 2 digits, cut or padded to the length', () => {
    expect(bytes(goLongMessage(3, 10_000).slice(0, 651))).toBe(651);
    expect(goLongMessage(3, 5000).slice(651, 651 + 52)).toBe('Please elaborate on these concepts in great detail. ');
    expect(goLongMessage(12, 5000).slice(652, 652 + 7)).toBe('Please ');
    expect(goLongMessage(3, 400)).toBe(goLongMessage(3, 5000).slice(0, 400));
    expect(goLongMessage(7, 800)).toHaveLength(800);
    expect(goLongMessage(7, 800).startsWith('Turn 7: I need a detailed explanation')).toBe(true);
  });

  it('analysis: "Turn %d analysis: " + body; the default message is 137 bytes', () => {
    const text = goAnalysis(4, 120);
    expect(text).toHaveLength(137);
    expect(text.startsWith('Turn 4 analysis: The investigation reveals important findings about the system. The')).toBe(
      true,
    );
  });

  it('system prompt repeats "You are a helpful assistant. " cut to size', () => {
    expect(goSystemPrompt(500)).toHaveLength(500);
    expect(goSystemPrompt(35)).toBe('You are a helpful assistant. You ar');
  });

  it('texts are shared, not rebuilt, and stay exact past the cache bound', () => {
    expect(xText(1000)).toBe('x'.repeat(1000));
    expect(goAnalysis(5, 300)).toBe(goAnalysis(5, 300));
    expect(goAnalysis(5, 300)).not.toBe(goAnalysis(6, 300));
    // 40 MB + 30 MB exceeds the 64 MB bound: the cache starts over and every text is still exact.
    expect(xText(40_000_000)).toHaveLength(40_000_000);
    expect(xText(30_000_000)).toHaveLength(30_000_000);
    expect(xText(40_000_000)).toHaveLength(40_000_000);
    expect(goLongMessage(9, 700)).toBe(goLongMessage(9, 5000).slice(0, 700));
  });

  it('each kind, turn and size has its own text, past the range of the numeric cache key too', () => {
    // One turn and size, four kinds: never one another's text.
    expect(new Set([goLongMessage(0, 300), goAnalysis(0, 300), goSystemPrompt(300), xText(300)]).size).toBe(4);
    expect(goLongMessage(1, 300)).not.toBe(goLongMessage(2, 300));
    // A turn past 2^19 is keyed by a string instead: still exact.
    const far = 2 ** 19 + 3;
    expect(goLongMessage(far, 900).startsWith(`Turn ${far}: I need a detailed explanation`)).toBe(true);
    expect(goLongMessage(far, 900)).toHaveLength(900);
    expect(goAnalysis(far, 120).startsWith(`Turn ${far} analysis: `)).toBe(true);
  });

  it('fitToBytes never splits a character and pads with ASCII', () => {
    expect(fitToBytes('日本語', 7)).toBe('日本 ');
    expect(fitToBytes('ab', 4)).toBe('ab  ');
    expect(fitToBytes('😀x', 3)).toBe('   ');
  });
});

import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { corpusText, corpusWindowOf, MIN_REMEMBERED_CHARS } from '../../src/world/content/corpus-text.ts';
import { jsonWindowTokenCount, windowTokenCount } from '../../src/world/content/corpus-token-count.ts';
import { generateText } from '../../src/world/content/generate-text.ts';
import type { RealisticKind } from '../../src/world/content/realistic-text.ts';
import { CORPUS_BYTES, type TextCorpus, textCorpus, utf8Length } from '../../src/world/content/text-corpus.ts';
import {
  MESSAGE_OVERHEAD_TOKENS,
  REQUEST_OVERHEAD_TOKENS,
  tiktokenTokenModel,
} from '../../src/world/models/token-models.ts';
import { loadBpeCounter } from '../../src/world/ruler/bpe-count.ts';
import { rngFor } from '../../src/world/sim/prng.ts';

const KINDS: readonly RealisticKind[] = ['prose', 'json', 'logs', 'code', 'cjk', 'emoji'];
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('corpus text (session.textSource: corpus)', () => {
  it('every kind: exactly the requested UTF-8 size, valid UTF-8, also past the corpus end', () => {
    for (const kind of KINDS) {
      for (const size of [0, 1, 2, 3, 4, 5, 7, 64, 999, 4096, 50_001, CORPUS_BYTES + 12_345]) {
        const text = corpusText(kind, size, rngFor(3, kind, size));
        expect(bytes(text), `${kind} ${size}`).toBe(size);
        expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
      }
    }
  });

  it('same seed, byte-identical text; another seed, another window', () => {
    for (const kind of KINDS) {
      const a = corpusText(kind, 3000, rngFor(1, 'k'));
      expect(corpusText(kind, 3000, rngFor(1, 'k'))).toBe(a);
      expect(generateText({ kind, size: 3000, source: 'corpus' }, rngFor(1, 'k'))).toBe(a);
      expect(corpusText(kind, 3000, rngFor(2, 'k'))).not.toBe(a);
    }
  });

  it('a corpus is bounded in bytes, and its ASCII flag and byte table say what its text is', () => {
    for (const kind of KINDS) {
      const corpus = textCorpus(kind);
      expect(corpus.bytes).toBe(bytes(corpus.text));
      expect(corpus.bytes).toBeLessThan(CORPUS_BYTES + 4096);
      expect(corpus.ascii).toBe(corpus.bytes === corpus.text.length);
      expect(utf8Length(corpus.text)).toBe(corpus.bytes);
    }
    expect(textCorpus('prose').ascii).toBe(true);
    expect(textCorpus('cjk').ascii).toBe(false);
  });

  it('utf8Length is Buffer.byteLength, lone surrogates (3 bytes, as U+FFFD) included', () => {
    for (const text of ['', 'abc', 'é', '的', '😀', 'a\uD800b', '\uDC00', 'x\uD83D', '😀é的a'])
      expect(utf8Length(text), JSON.stringify(text)).toBe(bytes(text));
  });

  // The ruler's honesty: a count handed over must be exactly the count a fresh tokenization gives.
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    it(`${encoding}: the handed count of every window, as text and as a tool's JSON response, equals a fresh count`, async () => {
      const counter = await loadBpeCounter(encoding);
      let handed = 0;
      let handedJson = 0;
      for (const kind of KINDS) {
        const sizes = rngFor(11, encoding, kind);
        for (let i = 0; i < 40; i += 1) {
          const size = i < 4 ? [300, 513, 1025, 2048][i]! : sizes.int(256, i % 5 === 0 ? 60_000 : 12_000);
          const text = corpusText(kind, size, rngFor(12, encoding, kind, i));
          const window = corpusWindowOf(text);
          // Texts shorter than MIN_REMEMBERED_CHARS are not remembered: the token model counts them itself.
          if (text.length < MIN_REMEMBERED_CHARS) continue;
          expect(window, `${kind} window ${i} remembered`).toBeDefined();
          const count = windowTokenCount(window!, counter);
          // Not vacuous: a window of four blocks' length always holds a whole block (the blocks are
          // 512 units and every kind has a letter followed by a non-letter far more often).
          if (text.length >= 4 * 512) expect(count, `${kind} window ${i} handed`).toBeDefined();
          if (count !== undefined) {
            handed += 1;
            expect(count, `${kind} window ${i} (${size} bytes)`).toBe(counter.count(text));
          }
          const json = JSON.stringify({ result: text });
          const jsonCount = jsonWindowTokenCount(window!, 'result', json, counter);
          if (json.length >= 4 * 512) expect(jsonCount, `${kind} window ${i} handed as JSON`).toBeDefined();
          if (jsonCount !== undefined) {
            handedJson += 1;
            expect(jsonCount, `${kind} window ${i} as JSON`).toBe(counter.count(json));
          }
          // Any other JSON (another key, another text) is never counted from the window.
          expect(jsonWindowTokenCount(window!, 'output', json, counter)).toBeUndefined();
          expect(
            jsonWindowTokenCount(window!, 'result', JSON.stringify({ result: `${text}!` }), counter),
          ).toBeUndefined();
        }
      }
      expect(handed).toBeGreaterThan(100);
      expect(handedJson).toBeGreaterThan(100);
    }, 120_000);
  }

  // A window longer than what is left of the corpus after its start goes on at the corpus start,
  // once or more: its count crosses the seam between the corpus end and start.
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    it(`${encoding}: windows that run past the corpus end, once or more, are counted exactly`, async () => {
      const counter = await loadBpeCounter(encoding);
      for (const kind of KINDS) {
        const wraps: number[] = [];
        for (let i = 0; i < 9; i += 1) {
          // Every third window is longer than two corpora; the others wrap when they start late enough.
          const size = i % 3 === 0 ? 2 * CORPUS_BYTES + 777 : 100_000 + i * 13_000;
          const text = corpusText(kind, size, rngFor(5, encoding, kind, i));
          const window = corpusWindowOf(text)!;
          if (window.wraps === 0) continue;
          wraps.push(window.wraps);
          expect(windowTokenCount(window, counter), `${kind} window ${i}`).toBe(counter.count(text));
          const json = JSON.stringify({ result: text });
          expect(jsonWindowTokenCount(window, 'result', json, counter), `${kind} window ${i} as JSON`).toBe(
            counter.count(json),
          );
          expect(
            jsonWindowTokenCount(window, 'result', JSON.stringify({ result: `${text.slice(0, -1)}!` }), counter),
          ).toBeUndefined();
        }
        // Not vacuous: each kind had windows past two corpora and some that wrapped once.
        expect(wraps.filter((count) => count >= 2).length, kind).toBeGreaterThanOrEqual(3);
        expect(wraps.filter((count) => count === 1).length, kind).toBeGreaterThanOrEqual(1);
      }
    }, 120_000);
  }

  // The JSON view maps each corpus character to where JSON.stringify writes it: every character it
  // escapes (quotes, backslashes, each control character, lone surrogates) and pairs it does not.
  it("a tool response's JSON is matched and counted over text holding every character JSON escapes", async () => {
    const counter = await loadBpeCounter('o200k_base');
    let unit = '';
    for (let code = 0; code < 0x80; code += 1) unit += `word${String.fromCharCode(code)}`;
    unit += 'quote"back\\\\lone\uD800high lone\uDC00low pair😀é的 ';
    const text = unit.repeat(Math.ceil(4096 / unit.length));
    const corpus = { kind: 'prose', text } as TextCorpus;
    const rng = rngFor(31, 'escapes');
    let counted = 0;
    for (let i = 0; i < 40; i += 1) {
      let from = rng.int(0, text.length - 2);
      let end = rng.int(from + 1, text.length);
      // Never inside a surrogate pair (a window starts and ends on whole characters).
      if (text.charCodeAt(from) >= 0xdc00 && text.charCodeAt(from) <= 0xdfff && from > 0) from -= 1;
      if (text.charCodeAt(end) >= 0xdc00 && text.charCodeAt(end) <= 0xdfff) end += 1;
      const json = JSON.stringify({ result: text.slice(from, end) });
      const count = jsonWindowTokenCount({ corpus, head: '', from, end, pad: 0, wraps: 0 }, 'result', json, counter);
      if (end - from >= 3 * 512) expect(count, `window ${from}-${end}`).toBeDefined();
      if (count === undefined) continue;
      counted += 1;
      expect(count, `window ${from}-${end}`).toBe(counter.count(json));
    }
    expect(counted).toBeGreaterThan(10);
  });

  it('the tiktoken token model counts corpus texts and tool responses exactly as a fresh tokenization', async () => {
    const counter = await loadBpeCounter('o200k_base');
    const model = tiktokenTokenModel('o200k_base', counter);
    for (const kind of KINDS) {
      for (let i = 0; i < 6; i += 1) {
        const text = corpusText(kind, 700 + i * 3_001, rngFor(21, kind, i));
        const request = {
          model: 'm',
          contents: [
            { role: 'user', parts: [{ text }] },
            { role: 'user', parts: [{ functionResponse: { name: 'read', response: { result: text } } }] },
          ],
          config: {},
        };
        expect(model.countText(text)).toBe(counter.count(text));
        const expected =
          REQUEST_OVERHEAD_TOKENS +
          2 * MESSAGE_OVERHEAD_TOKENS +
          counter.count(text) +
          counter.count('read') +
          counter.count(JSON.stringify({ result: text }));
        expect(model.countRequest(request as never, 0)).toBe(expected);
      }
    }
  });
});

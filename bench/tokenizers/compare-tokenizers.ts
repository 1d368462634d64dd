/**
 * The world's BPE counter (src/world/ruler/bpe-count.ts) against js-tiktoken's `encode` and
 * gpt-tokenizer on the world's texts: which counts differ, and how long each takes (cold: first
 * count of each text; warm: again). `npx tsx bench/tokenizers/compare-tokenizers.ts` after
 * `npm install --no-save gpt-tokenizer@4.0.0`. js-tiktoken is quadratic on long pieces, so it is
 * compared on the texts up to 8,192 characters (runs of `x` left out).
 */
import { performance } from 'node:perf_hooks';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { BpeCounter } from '../../src/world/ruler/bpe-count.ts';
import { generateText, CONTENT_KINDS } from '../../src/world/content/generate-text.ts';
import { rngFor } from '../../src/world/sim/prng.ts';

interface GptTokenizer {
  countTokens(text: string, options: unknown): number;
}
// gpt-tokenizer is not a dependency: install it beside (`npm install --no-save gpt-tokenizer@4.0.0`) to compare with it.
const gptModule = (name: string): Promise<GptTokenizer> => import(name) as Promise<GptTokenizer>;
const [gptO200k, gptCl100k] = await Promise.all([
  gptModule('gpt-tokenizer/encoding/o200k_base'),
  gptModule('gpt-tokenizer/encoding/cl100k_base'),
]);

const corpus: string[] = [];
for (const kind of CONTENT_KINDS)
  for (const size of [10, 100, 1000, 8000, 50000])
    for (let seed = 0; seed < 3; seed += 1)
      corpus.push(generateText({ kind, size, turn: 3 } as never, rngFor(seed, 'eval', kind, size)));
corpus.push(
  'x'.repeat(8192),
  '日本語のテキスト'.repeat(500),
  '😀👍🏽'.repeat(300),
  JSON.stringify({ a: [1, 2, { b: 'c' }] }).repeat(200),
  '<|endoftext|> hi',
  '   \n\n  \t  '.repeat(100),
  'a\u0301'.repeat(1000),
);
const opts = { allowedSpecial: new Set(), disallowedSpecial: new Set() } as never;
for (const [name, ranks, gpt] of [
  ['o200k_base', o200k, gptO200k],
  ['cl100k_base', cl100k, gptCl100k],
] as const) {
  const mine = new BpeCounter(ranks as never);
  const ref = new Tiktoken(ranks as never);
  let diffMine = 0,
    diffGptRef = 0,
    refChecked = 0,
    maxOff = 0;
  const time = { mine: 0, ref: 0, gpt: 0 };
  const examples: string[] = [];
  for (const text of corpus) {
    let t = performance.now();
    const a = mine.count(text);
    time.mine += performance.now() - t;
    t = performance.now();
    const c = gpt.countTokens(text, opts);
    time.gpt += performance.now() - t;
    if (text.length <= 8192 && !/^x+$/.test(text)) {
      t = performance.now();
      const b = ref.encode(text, [], []).length;
      time.ref += performance.now() - t;
      refChecked += 1;
      if (c !== b) diffGptRef += 1;
    }
    if (a !== c) {
      diffMine += 1;
      maxOff = Math.max(maxOff, Math.abs(a - c) / c);
      if (examples.length < 6)
        examples.push(`${JSON.stringify(text.slice(0, 24))}… ${text.length} chars: merger ${a}, exact ${c}`);
    }
  }
  const warm = { mine: 0, gpt: 0 };
  for (const text of corpus) {
    let t = performance.now();
    mine.count(text);
    warm.mine += performance.now() - t;
    t = performance.now();
    gpt.countTokens(text, opts);
    warm.gpt += performance.now() - t;
  }
  let t = performance.now();
  ref.encode('x'.repeat(4096), [], []);
  const refX = performance.now() - t;
  t = performance.now();
  const gx = gpt.countTokens('x'.repeat(50000), opts);
  const gptX = performance.now() - t;
  const bytes = corpus.reduce((s, x) => s + Buffer.byteLength(x), 0);
  console.log(
    `${name}: ${corpus.length} texts, ${bytes} bytes. gpt-tokenizer vs js-tiktoken encode: ${diffGptRef} differ of ${refChecked} checked; hand merger vs gpt-tokenizer: ${diffMine} differ (max ${(maxOff * 100).toFixed(2)} %)`,
  );
  console.log(
    `  cold ms: merger ${time.mine.toFixed(0)}, gpt-tokenizer ${time.gpt.toFixed(0)}, js-tiktoken (on the ${refChecked} texts <= 8192 chars) ${time.ref.toFixed(0)}; warm ms: merger ${warm.mine.toFixed(0)}, gpt-tokenizer ${warm.gpt.toFixed(0)}; js-tiktoken 'x'*4096 ${refX.toFixed(0)} ms; gpt-tokenizer 'x'*50000 ${gptX.toFixed(0)} ms (${gx} tokens)`,
  );
  for (const e of examples) console.log('   ', e);
}

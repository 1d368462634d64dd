/**
 * Should UTF-8 byte lengths of short strings skip `Buffer.byteLength` (issue 32, item 2)? This
 * times `Buffer.byteLength(s, 'utf8')` against an ASCII scan (`charCodeAt` until a code unit above
 * 0x7f, falling back to `Buffer.byteLength`) below each candidate cut-off, over the lengths the
 * ruler and the engine measure during a fuzz run: `fuzz --strategy threshold --runs 20 --seed 1`
 * logged 3.6 million calls (ruler and engine together), in the shares of `LENGTH_SHARES`; every
 * string under 256 characters was ASCII. The scan is timed twice: with the live method (what the
 * engine would call) and uncurried (what the ruler must call: `intrinsics.ts`).
 *
 * Result on Node 20.20 (2026-11-27, loaded 2-core machine, best of 3, ns a call over the short
 * strings): Buffer.byteLength 31.6; live scan below 8: 36.9, 16: 43.2, 32: 56.7, 64: 58.3;
 * uncurried below 8: 36.1, 16: 49.0, 32: 70.7 (this script's synthetic strings in the same shares:
 * 24.5; live 29.6, 37.7, 52.0; uncurried 29.8, 43.9, 66.8). Node's `byteLength` reaches a V8 fast
 * API call, so no cut-off wins and neither side has the fast path. Run:
 * `npx tsx bench/micro/utf8-short-strings.ts`.
 */
import { Buffer } from 'node:buffer';

/** [from, to) character lengths and their share of the calls under 256 characters. */
const LENGTH_SHARES: readonly (readonly [number, number, number])[] = [
  [0, 1, 0.006],
  [1, 8, 0.165],
  [8, 16, 0.44],
  [16, 32, 0.347],
  [32, 64, 0.003],
  [64, 128, 0.024],
  [128, 256, 0.015],
];
const CUT_OFFS = [8, 16, 24, 32, 64, 128];
const WORDS = 'the quick brown fox jumps over a lazy dog read_file {"path": "src/index.ts"} 42 tool-call'.split(' ');

function strings(count: number): string[] {
  const out: string[] = [];
  let seed = 1;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed % n;
  };
  for (const [from, to, share] of LENGTH_SHARES) {
    for (let k = 0; k < Math.round(count * share); k += 1) {
      const length = from + next(to - from);
      let s = '';
      while (s.length < length) s += `${WORDS[next(WORDS.length)]} `;
      // a flat copy, as the world's strings are
      out.push(Buffer.from(s.slice(0, length), 'utf8').toString('utf8'));
    }
  }
  return out;
}

const byteLength = Buffer.byteLength;
const charCodeAt = Function.prototype.call.bind(String.prototype.charCodeAt) as (s: string, i: number) => number;

function liveScan(cutOff: number): (s: string) => number {
  return (s) => {
    if (s.length < cutOff) {
      let i = 0;
      while (i < s.length && s.charCodeAt(i) <= 0x7f) i += 1;
      if (i === s.length) return i;
    }
    return byteLength(s, 'utf8');
  };
}

function uncurriedScan(cutOff: number): (s: string) => number {
  return (s) => {
    if (s.length < cutOff) {
      let i = 0;
      while (i < s.length && charCodeAt(s, i) <= 0x7f) i += 1;
      if (i === s.length) return i;
    }
    return byteLength(s, 'utf8');
  };
}

function nsPerCall(measure: (s: string) => number, texts: readonly string[]): number {
  let sink = 0;
  for (let r = 0; r < 20; r += 1) for (const s of texts) sink += measure(s);
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k += 1) {
    const start = process.cpuUsage();
    for (let r = 0; r < 200; r += 1) for (const s of texts) sink += measure(s);
    const used = process.cpuUsage(start);
    best = Math.min(best, ((used.user + used.system) * 1000) / 200 / texts.length);
  }
  if (sink < 0) throw new Error('unreachable');
  return best;
}

const texts = strings(30_000);
console.log(`Buffer.byteLength: ${nsPerCall((s) => byteLength(s, 'utf8'), texts).toFixed(1)} ns a call`);
for (const cutOff of CUT_OFFS) {
  const live = nsPerCall(liveScan(cutOff), texts).toFixed(1);
  const uncurried = nsPerCall(uncurriedScan(cutOff), texts).toFixed(1);
  console.log(`ASCII scan below ${cutOff}: live ${live} ns, uncurried ${uncurried} ns a call`);
}

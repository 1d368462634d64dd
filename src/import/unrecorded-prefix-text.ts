/**
 * The text that stands for what a log left out of every request (the system prompt, the tool
 * declarations, the provider's framing): a marked header saying so, then vocabulary words of the
 * scenario's own tokenizer drawn from a seeded stream (`loadTokenShape`, the vocabulary `--redact`
 * builds its filler from), so the text costs the tokens it stands for, as prose does, and no
 * more: a run of random letters would cost two or three times as many. Each ` word` piece is one
 * token for a BPE tokenizer; the length is then trimmed or extended against the tokenizer's own
 * count until it is exact.
 */
import { rngFor } from '../world/sim/prng.ts';
import type { TokenShape } from './redact-vocabulary.ts';

export function unrecordedPrefixHeader(tokens: number): string {
  return `[unrecorded prefix: ${tokens} tokens of filler, not recorded text. They stand for what the log left out of every request (system prompt, tool declarations, provider framing), estimated at import from its recorded usage.]`;
}

/** Filler of exactly `tokens` tokens under `shape` (or the header alone, when it already costs more). */
export function unrecordedPrefixText(tokens: number, shape: TokenShape): string {
  const header = unrecordedPrefixHeader(tokens);
  const byLength = shape.words.get(' ');
  // Words of 3 to 8 letters: common prose words, one token each after a space.
  const pool = [3, 4, 5, 6, 7, 8].flatMap((length) => byLength?.get(length) ?? []);
  if (pool.length === 0) return header;
  const rng = rngFor(1, 'unrecorded-prefix');
  const words: string[] = [];
  const text = (): string => header + words.map((word) => ` ${word}`).join('');
  let count = shape.count(text());
  // A few rounds: each adds or removes the difference (one token per word, give or take a merge).
  for (let round = 0; round < 16 && count !== tokens; round += 1) {
    if (count < tokens) for (let k = count; k < tokens; k += 1) words.push(rng.pick(pool));
    else words.splice(Math.max(0, words.length - (count - tokens)));
    count = shape.count(text());
    if (words.length === 0) break;
  }
  return text();
}

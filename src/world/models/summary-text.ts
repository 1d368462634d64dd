/**
 * The summarizer's reply text for `honour` / `exceed`: seeded prose whose REAL token count (the
 * phase's token model) is as close as possible to a target without exceeding it. The prose is
 * generated word by word, or, in a session whose texts come from the corpus
 * (`session.textSource: corpus`, what the fuzzer generates), a window over the prose corpus, which
 * the token model counts from cached block counts instead of tokenizing every size tried.
 */
import { corpusTextStream } from '../content/corpus-text.ts';
import { realisticTextStream } from '../content/realistic-text.ts';
import type { Rng } from '../sim/prng.ts';

const PREFIX = 'Summary: ';

export function summaryOfTokens(
  targetTokens: number,
  countText: (text: string) => number,
  makeRng: () => Rng,
  source: 'words' | 'corpus' = 'words',
): string {
  if (targetTokens <= 0) return '';
  // One stream for every size tried: each is a prefix of the same seeded prose (never below PREFIX).
  const textOf =
    source === 'corpus' ? corpusTextStream('prose', makeRng(), PREFIX).prefix : wordsAfterPrefix(makeRng());
  let size = Math.max(PREFIX.length, targetTokens * 4);
  let text = textOf(size);
  // Proportional correction: prose of one seed is a prefix of longer prose, so counts grow with size.
  for (let i = 0; i < 8; i += 1) {
    const count = countText(text);
    if (count === targetTokens) return text;
    const next = Math.max(PREFIX.length, Math.floor((size * targetTokens) / Math.max(1, count)));
    if (count < targetTokens && next <= size) break;
    size = next === size ? size + (count < targetTokens ? 1 : -1) : next;
    text = textOf(size);
  }
  while (size > PREFIX.length && countText(text) > targetTokens) {
    size = Math.max(PREFIX.length, Math.floor(size * 0.97));
    text = textOf(size);
  }
  return text;
}

/** `PREFIX` and then prose generated word by word, `size` bytes in all. */
function wordsAfterPrefix(rng: Rng): (size: number) => string {
  const prose = realisticTextStream('prose', rng);
  return (size) => PREFIX + prose.prefix(Math.max(0, size - PREFIX.length));
}

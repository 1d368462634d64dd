/**
 * What `--redact` needs to keep a text's token count as well as its shape: the tokenizer's own
 * count, and the lowercase words in its vocabulary by the character they start with and their
 * length (o200k_base holds about 54,000 ` word` tokens of 1 to 20 letters, and words after `/`,
 * `.`, `-`, a quote… and inside a word). A filler built from real vocabulary words tokenizes as a
 * real word does; a run of random letters costs two or three times the tokens of the word it
 * replaced, so a redacted session compacted where the original never did.
 */
import { type BpeEncoding, loadBpeCounter, loadRankTable, rankTableTokens } from '../world/ruler/bpe-count.ts';

export interface TokenShape {
  count(text: string): number;
  /**
   * Vocabulary words (lowercase ASCII letters) by the character the token starts with (a space,
   * a punctuation mark, or '' for a token that continues a word) and then by length, without that
   * character.
   */
  readonly words: ReadonlyMap<string, ReadonlyMap<number, readonly string[]>>;
}

const shapes = new Map<BpeEncoding, TokenShape>();

export async function loadTokenShape(encoding: BpeEncoding): Promise<TokenShape> {
  const known = shapes.get(encoding);
  if (known) return known;
  const counter = await loadBpeCounter(encoding);
  const words = new Map<string, Map<number, string[]>>();
  for (const [token] of rankTableTokens(await loadRankTable(encoding))) {
    const match = /^([^A-Za-z0-9\r\n]?)([a-z]+)$/.exec(token);
    if (match === null) continue;
    const [, start, word] = match as unknown as [string, string, string];
    let byLength = words.get(start);
    if (!byLength) words.set(start, (byLength = new Map()));
    let list = byLength.get(word.length);
    if (!list) byLength.set(word.length, (list = []));
    list.push(word);
  }
  const shape: TokenShape = { count: (text) => counter.count(text), words };
  shapes.set(encoding, shape);
  return shape;
}

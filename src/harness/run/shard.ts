/**
 * `--shard i/n`: a deterministic partition of the suite for CI matrices. Scenarios are sorted by
 * id and dealt round-robin, so shards are balanced, disjoint, and together cover the suite.
 */

export interface Shard {
  /** 1-based shard number. */
  readonly index: number;
  readonly count: number;
}

/** Parses `i/n` (1 ≤ i ≤ n); returns an error message for anything else. */
export function parseShard(text: string): Shard | string {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (match === null) return `--shard must look like i/n (e.g. 2/4), got "${text}"`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) {
    return `--shard ${text}: need 1 <= i <= n`;
  }
  return { index, count };
}

/** Sorts by id (code-unit order, locale-independent) and keeps this shard's items. */
export function selectShard<T extends { readonly id: string }>(items: readonly T[], shard: Shard | null): T[] {
  const sorted = sortById(items);
  if (shard === null) return sorted;
  return sorted.filter((_, position) => position % shard.count === shard.index - 1);
}

export function sortById<T extends { readonly id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

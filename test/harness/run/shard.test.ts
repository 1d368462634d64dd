import { describe, expect, it } from 'vitest';
import { parseShard, selectShard } from '../../../src/harness/run/shard.ts';

const items = ['d', 'a', 'e', 'c', 'b', 'g', 'f'].map((id) => ({ id }));

describe('parseShard', () => {
  it('accepts i/n with 1 <= i <= n', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
  });

  it.each(['0/3', '4/3', '1/0', 'a/b', '2', '1/2/3', '-1/2'])('rejects %s with a message', (text) => {
    expect(parseShard(text)).toMatch(/--shard/);
  });
});

describe('selectShard', () => {
  it('deals the id-sorted items round-robin: disjoint shards whose union is everything', () => {
    const shards = [1, 2, 3].map((index) => selectShard(items, { index, count: 3 }).map((item) => item.id));
    expect(shards).toEqual([
      ['a', 'd', 'g'],
      ['b', 'e'],
      ['c', 'f'],
    ]);
    expect(shards.flat().sort()).toEqual(items.map((item) => item.id).sort());
  });

  it('returns every item sorted when there is no shard', () => {
    expect(selectShard(items, null).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('does not depend on input order', () => {
    const reversed = [...items].reverse();
    expect(selectShard(reversed, { index: 2, count: 3 })).toEqual(selectShard(items, { index: 2, count: 3 }));
  });
});

/**
 * `fuzz --shard i/n`: which generated runs a shard plays. Runs are dealt round-robin by id (run r
 * goes to shard r mod n + 1), as `--shard` deals scenarios, so shards are disjoint, cover every
 * run, and share the expensive and the cheap runs alike. A run keeps its id in every shard, so
 * `--path <id>` replays it anywhere and the shards' tallies add up to one machine's.
 */
import type { Shard } from '../../harness/run/shard.ts';

export { parseShard, type Shard } from '../../harness/run/shard.ts';

/** The run ids of `runs` a shard plays (every id without a shard). */
export function shardRunIds(runs: number, shard: Shard | null): number[] {
  const ids: number[] = [];
  for (let run = 0; run < runs; run += 1) if (shard === null || inShard(run, shard)) ids.push(run);
  return ids;
}

export function inShard(run: number, shard: Shard | null): boolean {
  return shard === null || run % shard.count === shard.index - 1;
}

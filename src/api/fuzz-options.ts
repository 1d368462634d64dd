/**
 * The one validation of fuzz options, shared by `fuzz()`, `fuzzAgainst()`, `fuzzJob()` and so by
 * the command line (which passes its flag names, option-error.ts): each bad option is an
 * `OptionError` naming it, before anything runs; the defaults are filled in here. The checks run
 * in the order the command line has always reported them.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { PROPERTY_NAMES } from '../checker/properties/index.ts';
import { shardRunIds, type Shard } from '../fuzz/run/fuzz-shard.ts';
import {
  DEFAULT_FUZZ_MAX_MEMORY_MB,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  type FuzzOptions as RunOptions,
} from '../fuzz/run/run-fuzz.ts';
import { DEFAULT_MAX_SHRINK_CANDIDATES } from '../fuzz/run/shrink-failure.ts';
import { integerOption } from './check-options.ts';
import type { FuzzOptions } from './fuzz.ts';
import { OptionError, type OptionNames } from './option-error.ts';

export interface CheckFuzzOptions {
  /** How options are named in messages (the API's keys, or the command line's flags). */
  readonly names: OptionNames;
  /** Strategies each run is played by (2 when differential): the progress total counts plays. */
  readonly sides: 1 | 2;
  /** Checks of how a caller's options combine, run after the numbers and path, before the shard. */
  readonly combinations?: () => void;
}

/** Checks the options and fills in the defaults (the fuzzer's own options, baseline not yet read). */
export function checkFuzzOptions(
  options: FuzzOptions,
  { names: n, sides, combinations }: CheckFuzzOptions,
): RunOptions {
  const runs = integerOption(n('runs'), options.runs ?? DEFAULT_RUNS, 1);
  const seed = integerOption(n('seed'), options.seed ?? 1, Number.MIN_SAFE_INTEGER);
  const maxShrinkCandidates = integerOption(n('maxShrinks'), options.maxShrinks ?? DEFAULT_MAX_SHRINK_CANDIDATES, 1);
  const jobs = integerOption(n('jobs'), options.jobs ?? availableParallelism(), 1);
  const timeoutMs = integerOption(n('timeoutMs'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1);
  const maxMemoryMb = integerOption(n('maxMemoryMb'), options.maxMemoryMb ?? DEFAULT_FUZZ_MAX_MEMORY_MB, 1);
  const replaySample =
    options.replaySample === undefined ? undefined : integerOption(n('replaySample'), options.replaySample, 1);
  const properties = options.properties ?? PROPERTY_NAMES;
  for (const property of properties) {
    if (!PROPERTY_NAMES.includes(property))
      throw new OptionError(`unknown ${n('property')} "${property}" (one of ${PROPERTY_NAMES.join(', ')})`);
  }
  if (options.path !== undefined) {
    if (!/^\d+(:\d+)*$/.test(options.path))
      throw new OptionError(`${n('path')} must look like 12:0:3 (run, then shrink steps), got ${options.path}`);
    if (properties.length !== 1)
      throw new OptionError(`${n('path')} replays one failure: give exactly one ${n('property')}`);
  }
  combinations?.();
  const shard = checkShard(options, n);
  // What the progress counts: one replayed path, a shard's slice or every run, once per strategy.
  const total = sides * (options.path !== undefined ? 1 : shard === null ? runs : shardRunIds(runs, shard).length);
  return {
    strategy: { name: options.strategy ?? 'threshold', options: options.strategyOptions ?? {} },
    ...(options.varyOptions === undefined ? {} : { varyOptions: options.varyOptions === true }),
    ...(options.judgedAs === undefined ? {} : { judgedAs: options.judgedAs }),
    runs,
    seed,
    properties,
    ...(replaySample === undefined ? {} : { replaySample }),
    path: options.path ?? null,
    outDir: options.outDir ?? null,
    cwd: resolve(options.cwd ?? process.cwd()),
    maxShrinkCandidates,
    jobs,
    timeoutMs,
    maxMemoryMb,
    shard,
    ...(options.onProgress ? { onRun: (done: number) => options.onProgress?.(done, total) } : {}),
    ...(options.onShrink ? { onShrink: options.onShrink } : {}),
  };
}

function checkShard(options: FuzzOptions, n: OptionNames): Shard | null {
  if (options.shard === undefined) return null;
  const count = integerOption(`${n('shard')}.count`, options.shard.count, 1);
  const index = integerOption(`${n('shard')}.index`, options.shard.index, 1);
  if (index > count) throw new OptionError(`${n('shard')}.index must be <= ${n('shard')}.count, got ${index}/${count}`);
  if (options.path !== undefined)
    throw new OptionError(`${n('shard')} slices an exploration: drop ${n('path')} (a path replays one run anywhere)`);
  return { index, count };
}

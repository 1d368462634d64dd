/**
 * The heap limit of each `compare` worker, in MB, unless `--max-memory` / `maxMemoryMb` says
 * otherwise: the fuzzer's (1 GB), not `simulate`'s 4 GB. A comparison plays every contender on
 * every scenario (and on the fuzzed corpus) in long-lived workers; with 4 GB each, V8 let their
 * heaps grow with garbage long before collecting it, and a comparison of the built-ins peaked at
 * 3.3 GB resident. A strategy that really needs more fails its scenario as out-of-memory, as
 * under the fuzzer.
 */
export const DEFAULT_COMPARE_MAX_MEMORY_MB = 1024;

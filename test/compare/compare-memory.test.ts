import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPARE_MAX_MEMORY_MB } from '../../src/compare/compare-memory.ts';
import { runComparison } from '../../src/compare/run-comparison.ts';

describe('compare: bounded worker memory', () => {
  it('caps each worker heap like the fuzzer does (1 GB), not at 4 GB', () => {
    expect(DEFAULT_COMPARE_MAX_MEMORY_MB).toBe(1024);
  });

  it('plays every contender in workers under that cap unless maxMemoryMb says otherwise', async () => {
    const contenders = [{ name: './test/fixtures/strategies/heap-limit-probe.mjs' }];
    const options = {
      paths: ['scenarios/brutal/8k-empty-tool-responses.yaml'],
      contenders,
      fuzzRuns: 0,
      seed: 1,
      jobs: 1,
      timeoutMs: 60_000,
    };
    const capped = await runComparison(options);
    expect(capped.scenarios.map((scenario) => scenario.results[0]!.crash)).toEqual([null]);
    const roomy = await runComparison({ ...options, maxMemoryMb: 4096 });
    expect(roomy.scenarios[0]!.results[0]!.crash).toBe('strategy-threw');
  }, 120_000);
});

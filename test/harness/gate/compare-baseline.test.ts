import { describe, expect, it } from 'vitest';
import type { Baseline, BaselineEntry } from '../../../src/harness/gate/baseline.ts';
import { compareWithBaseline } from '../../../src/harness/gate/compare-baseline.ts';
import { DEFAULT_TOLERANCES } from '../../../src/harness/gate/tolerances.ts';

function entry(overrides: Partial<BaselineEntry> = {}): BaselineEntry {
  return {
    passed: true,
    failedExpectations: [],
    llmSteps: 20,
    summarizations: 2,
    summarizerCalls: 2,
    reinjections: 5,
    fallbacks: 0,
    compactedSteps: 2,
    peakRealTokens: 10_000,
    overflowSteps: 0,
    loops: 0,
    thrash: 0,
    ...overrides,
  };
}

function baseline(scenarios: Record<string, BaselineEntry>): Baseline {
  return { version: 1, scenarios };
}

const everything = (ids: string[]) => ({ suiteIds: ids, reportRemoved: true });

describe('compareWithBaseline', () => {
  it('finds nothing when results are identical', () => {
    const same = baseline({ a: entry(), b: entry({ llmSteps: 7 }) });
    expect(compareWithBaseline(same, same, DEFAULT_TOLERANCES, everything(['a', 'b']))).toEqual([]);
  });

  it('flags a new overflow as a regression', () => {
    const changes = compareWithBaseline(
      baseline({ a: entry() }),
      baseline({ a: entry({ overflowSteps: 3 }) }),
      DEFAULT_TOLERANCES,
      everything(['a']),
    );
    expect(changes).toEqual([
      { id: 'a', kind: 'regression', what: 'overflowSteps', baseline: '0', current: '3', tolerance: 'exact' },
    ]);
  });

  it('flags more loops or thrash as regressions even with a generous tolerance', () => {
    const loose = {
      ...DEFAULT_TOLERANCES,
      loops: { kind: 'absolute' as const, value: 10 },
      thrash: { kind: 'absolute' as const, value: 10 },
    };
    const changes = compareWithBaseline(
      baseline({ a: entry() }),
      baseline({ a: entry({ loops: 1, thrash: 2 }) }),
      loose,
      everything(['a']),
    );
    expect(changes.map((c) => [c.what, c.kind])).toEqual([
      ['loops', 'regression'],
      ['thrash', 'regression'],
    ]);
  });

  it('flags a scenario that stopped passing and its newly failing expectation', () => {
    const changes = compareWithBaseline(
      baseline({ a: entry() }),
      baseline({ a: entry({ passed: false, failedExpectations: ['noLoop'] }) }),
      DEFAULT_TOLERANCES,
      everything(['a']),
    );
    expect(changes.map((c) => [c.what, c.kind, c.current])).toEqual([
      ['passed', 'regression', 'failed (noLoop)'],
      ['expectation', 'regression', 'noLoop failed'],
    ]);
  });

  it('tolerates peak drift within 2 % but not beyond, and counts exactly', () => {
    const within = compareWithBaseline(
      baseline({ a: entry() }),
      baseline({ a: entry({ peakRealTokens: 10_150 }) }),
      DEFAULT_TOLERANCES,
      everything(['a']),
    );
    expect(within).toEqual([]);
    const beyond = compareWithBaseline(
      baseline({ a: entry() }),
      baseline({ a: entry({ peakRealTokens: 10_300, summarizations: 3 }) }),
      DEFAULT_TOLERANCES,
      everything(['a']),
    );
    expect(beyond.map((c) => [c.what, c.kind, c.tolerance])).toEqual([
      ['summarizations', 'drift', 'exact'],
      ['peakRealTokens', 'drift', '±2%'],
    ]);
  });

  it('reports fewer overflows as an improvement that still needs a baseline update', () => {
    const changes = compareWithBaseline(
      baseline({ a: entry({ overflowSteps: 4 }) }),
      baseline({ a: entry({ overflowSteps: 1 }) }),
      DEFAULT_TOLERANCES,
      everything(['a']),
    );
    expect(changes.map((c) => c.kind)).toEqual(['improvement']);
  });

  it('reports added and removed scenarios; removed ones only where asked (one shard)', () => {
    const before = baseline({ a: entry(), gone: entry() });
    const now = baseline({ a: entry(), fresh: entry() });
    const all = compareWithBaseline(before, now, DEFAULT_TOLERANCES, everything(['a', 'fresh']));
    expect(all.map((c) => [c.id, c.kind])).toEqual([
      ['fresh', 'added'],
      ['gone', 'removed'],
    ]);
    const otherShard = compareWithBaseline(before, now, DEFAULT_TOLERANCES, {
      suiteIds: ['a', 'fresh'],
      reportRemoved: false,
    });
    expect(otherShard.map((c) => [c.id, c.kind])).toEqual([['fresh', 'added']]);
  });

  it('does not call a scenario removed when it only ran in another shard', () => {
    const before = baseline({ a: entry(), b: entry() });
    const shardOne = baseline({ a: entry() });
    expect(compareWithBaseline(before, shardOne, DEFAULT_TOLERANCES, everything(['a', 'b']))).toEqual([]);
  });

  it('treats every scenario as added when there is no baseline yet', () => {
    const changes = compareWithBaseline(null, baseline({ a: entry() }), DEFAULT_TOLERANCES, everything(['a']));
    expect(changes).toEqual([
      { id: 'a', kind: 'added', what: 'scenario', baseline: '—', current: 'passed', tolerance: '' },
    ]);
  });

  it('flags a session that no longer completes (measurements gone) as a regression', () => {
    const changes = compareWithBaseline(
      baseline({ a: entry() }),
      baseline({ a: entry({ passed: false, failedExpectations: ['strategy-hung'], llmSteps: null }) }),
      DEFAULT_TOLERANCES,
      everything(['a']),
    );
    expect(changes.find((c) => c.what === 'llmSteps')).toMatchObject({ kind: 'regression', current: '—' });
  });
});

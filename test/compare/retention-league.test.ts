import { describe, expect, it } from 'vitest';
import { buildComparisonReport, type ContenderRun } from '../../src/compare/comparison-report.ts';
import type { ContenderResult } from '../../src/compare/contender-result.ts';
import { renderComparisonHtml } from '../../src/compare/report/comparison-html.ts';
import { renderComparisonMarkdown } from '../../src/compare/report/comparison-markdown.ts';
import { renderComparisonTable } from '../../src/compare/report/comparison-table.ts';
import type { ResolvedScenario } from '../../src/harness/scenario/index.ts';
import type { RetentionByKind } from '../../src/world/facts/retention.ts';

const scenarios = ['a', 'b'].map(
  (id) =>
    ({ id: `p/${id}.yaml#${id}`, file: `/repo/p/${id}.yaml`, name: id, reproduces: [] }) as unknown as ResolvedScenario,
);

function result(strategy: string, retention: RetentionByKind | undefined, billedTokens = 100): ContenderResult {
  return {
    strategy,
    passed: true,
    broken: [],
    crash: null,
    expectations: [],
    overflowSteps: 0,
    loops: 0,
    thrash: 0,
    summarizerCalls: 1,
    billedTokens,
    uncachedTokens: 50,
    costUsd: 0,
    inputTokens: 0,
    cacheReadTokens: 0,
    pricedAs: 'gemini-2.5-flash',
    peakPercent: 40,
    ...(retention ? { retention } : {}),
  };
}

const kind = (retained: number, facts: number) => ({
  retained,
  facts,
  ratio: Math.round((retained / facts) * 1000) / 1000,
});

describe('compare: retention by kind', () => {
  // The cheaper contender retains less: retention ranks before tokens billed.
  const runs: ContenderRun[] = [
    {
      contender: { name: 'cheap' },
      results: [
        result('cheap', { goal: kind(0, 1), artifact: kind(1, 4) }, 50),
        result('cheap', { goal: kind(1, 1) }, 50),
      ],
      fuzz: null,
    },
    {
      contender: { name: 'keeper' },
      results: [result('keeper', { goal: kind(1, 1), artifact: kind(4, 4) }), result('keeper', { goal: kind(1, 1) })],
      fuzz: null,
    },
  ];
  const report = buildComparisonReport({ paths: ['/repo/p'], scenarios, runs, fuzz: null, cwd: '/repo' });

  it('sums each kind over the scenarios and ranks on the share retained after correctness, before tokens', () => {
    expect(report.league.map((row) => [row.rank, row.strategy, row.retention])).toEqual([
      [1, 'keeper', { goal: kind(2, 2), artifact: kind(4, 4) }],
      [2, 'cheap', { goal: kind(1, 2), artifact: kind(1, 4) }],
    ]);
  });

  it('every rendering shows the retention league', () => {
    expect(renderComparisonTable(report, false)).toMatch(/│\s+2 │ cheap\s+│\s+33\.3% │\s+50\.0% │\s+— │\s+25\.0% │/);
    expect(renderComparisonMarkdown(report)).toContain('| 1 | `keeper` | 100.0% | 100.0% | — | 100.0% | — | — | — |');
    expect(renderComparisonHtml(report)).toContain('<h2 class="section">What survived: planted facts retained</h2>');
  });

  it('a comparison without facts has no retention at all, and ranks as before', () => {
    const plain = buildComparisonReport({
      paths: ['/repo/p'],
      scenarios,
      runs: runs.map((run) => ({ ...run, results: run.results.map(({ retention: _r, ...rest }) => rest) })),
      fuzz: null,
      cwd: '/repo',
    });
    expect(plain.league.map((row) => [row.strategy, 'retention' in row])).toEqual([
      ['cheap', false],
      ['keeper', false],
    ]);
    expect(renderComparisonTable(plain, false)).not.toContain('What survived');
    expect(renderComparisonMarkdown(plain)).not.toContain('What survived');
  });

  it('what forgetting cost: re-reads, their tokens and re-read loops summed per contender, shown only when one re-read', () => {
    const withCost = buildComparisonReport({
      paths: ['/repo/p'],
      scenarios,
      runs: [
        {
          ...runs[0]!,
          results: [
            { ...runs[0]!.results[0]!, recoveries: { calls: 3, tokens: 12_000, rereadLoops: 1 } },
            { ...runs[0]!.results[1]!, recoveries: { calls: 1, tokens: 4_500, rereadLoops: 0 } },
          ],
        },
        runs[1]!,
      ],
      fuzz: null,
      cwd: '/repo',
    });
    expect(withCost.league.map((row) => [row.strategy, row.recoveries])).toEqual([
      ['keeper', undefined],
      ['cheap', { calls: 4, tokens: 16_500, rereadLoops: 1 }],
    ]);
    expect(renderComparisonMarkdown(withCost)).toContain(
      '| 2 | `cheap` | 33.3% | 50.0% | — | 25.0% | — | — | — | 4 | 16,500 | 1 |',
    );
    expect(renderComparisonMarkdown(withCost)).toContain(
      '| 1 | `keeper` | 100.0% | 100.0% | — | 100.0% | — | — | — | 0 | 0 | 0 |',
    );
    expect(renderComparisonTable(withCost, false)).toContain('re-read loops');
    expect(renderComparisonHtml(withCost)).toContain('<th>re-reads</th>');
    // Without a re-read, no such columns.
    expect(renderComparisonMarkdown(report)).not.toContain('re-reads');
  });
});

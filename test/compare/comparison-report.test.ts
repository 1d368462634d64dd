import { describe, expect, it } from 'vitest';
import { buildComparisonReport, type ContenderRun } from '../../src/compare/comparison-report.ts';
import type { ContenderResult } from '../../src/compare/contender-result.ts';
import { renderComparisonHtml } from '../../src/compare/report/comparison-html.ts';
import { renderComparisonMarkdown } from '../../src/compare/report/comparison-markdown.ts';
import { renderComparisonTable } from '../../src/compare/report/comparison-table.ts';
import type { ResolvedScenario } from '../../src/harness/scenario/index.ts';

const scenario = (id: string, bugs: ResolvedScenario['reproduces'] = []) =>
  ({ id: `s/${id}.yaml#${id}`, file: `/repo/s/${id}.yaml`, name: id, reproduces: bugs }) as unknown as ResolvedScenario;

function result(strategy: string, parts: Partial<ContenderResult> = {}): ContenderResult {
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
    billedTokens: 100,
    uncachedTokens: 50,
    costUsd: 0,
    inputTokens: 0,
    cacheReadTokens: 0,
    pricedAs: 'gemini-2.5-flash',
    peakPercent: 40,
    ...parts,
  };
}

const scenarios = [
  scenario('seed'),
  scenario('museum', [{ strategy: 'crush', property: 'no-overflow', issue: 'charmbracelet/crush#3620' }]),
];
const runs: ContenderRun[] = [
  {
    contender: { name: 'crush' },
    results: [
      result('crush', { summarizerCalls: 2, billedTokens: 300, peakPercent: 50 }),
      result('crush', {
        passed: false,
        broken: [{ property: 'no-overflow', how: 'reproduced', issue: 'charmbracelet/crush#3620' }],
        overflowSteps: 3,
        peakPercent: 126.1,
      }),
    ],
    fuzz: [{ property: 'no-overflow', passed: 1, infeasible: 0, failed: 1, notChecked: 0, firstFailedRun: 1 }],
  },
  {
    contender: { name: 'threshold', options: { maxTokens: 1000 } },
    results: [
      result('threshold {"maxTokens":1000}'),
      result('threshold {"maxTokens":1000}', {
        passed: false,
        crash: 'strategy-threw',
        peakPercent: null,
        billedTokens: null,
      }),
    ],
    fuzz: [{ property: 'no-overflow', passed: 2, infeasible: 0, failed: 0, notChecked: 0, firstFailedRun: null }],
  },
  {
    contender: { name: 'codex' },
    results: [result('codex'), result('codex')],
    fuzz: [{ property: 'no-overflow', passed: 2, infeasible: 0, failed: 0, notChecked: 0, firstFailedRun: null }],
  },
];
const report = buildComparisonReport({ paths: ['/repo/s'], scenarios, runs, fuzz: { runs: 2, seed: 7 }, cwd: '/repo' });

describe('the comparison report', () => {
  it('ranks by scenarios passed, then breakages, then fuzz failures, then tokens billed', () => {
    expect(report.league.map((row) => [row.rank, row.strategy, row.passed])).toEqual([
      [1, 'codex', 2],
      [2, 'threshold {"maxTokens":1000}', 1],
      [3, 'crush', 1],
    ]);
  });

  it('sums the measurements over the scenarios and keeps the highest peak', () => {
    const crush = report.league.find((row) => row.name === 'crush')!;
    expect(crush).toMatchObject({
      scenarios: 2,
      passed: 1,
      crashed: 0,
      bugsReproduced: 1,
      overflowSteps: 3,
      summarizerCalls: 3,
      billedTokens: 400,
      uncachedTokens: 100,
      peakPercent: 126.1,
      options: null,
    });
    expect(crush.violations).toEqual({
      'no-overflow': 1,
      'no-loop': 0,
      'no-thrash': 0,
      'no-orphans': 0,
      'user-request-preserved': 0,
      'summarizer-input-fits': 0,
      'summarizer-input-budget': 0,
      'no-summary-growth': 0,
      'model-answers': 0,
      'goal-preserved': 0,
    });
    const threshold = report.league.find((row) => row.name === 'threshold')!;
    expect([threshold.crashed, threshold.billedTokens, threshold.peakPercent, threshold.options]).toEqual([
      1,
      100,
      40,
      { maxTokens: 1000 },
    ]);
  });

  it("the museum holds the scenarios that reproduce a bug, with every contender's result in entry order; paths are portable", () => {
    expect(report.museum.map((row) => row.id)).toEqual(['s/museum.yaml#museum']);
    expect(report.museum[0]!.results.map((r) => r.strategy)).toEqual([
      'crush',
      'threshold {"maxTokens":1000}',
      'codex',
    ]);
    expect([report.paths, report.scenarios[0]!.file]).toEqual([['s'], 's/seed.yaml']);
  });

  it('every rendering says what broke where; the same report renders byte-identically', () => {
    const table = renderComparisonTable(report, false);
    expect(table).toContain('3 strategies, 2 scenarios (s), 2 fuzz runs from seed 7');
    expect(table).toMatch(
      /museum \(reproduces crush: charmbracelet\/crush#3620\)\n {2}overflow\*: crush\n {2}crash: strategy-threw: threshold \{"maxTokens":1000\}\n {2}ok: codex/,
    );
    const markdown = renderComparisonMarkdown(report);
    expect(markdown).toContain(
      '| 1 | `codex` | 2/2 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 2 | 200 | 100 | $0.0000 | — | 40.0% |',
    );
    expect(markdown).toContain('| museum | crush: charmbracelet/crush#3620 | overflow* | crash: strategy-threw | ok |');
    expect(markdown).toContain('| `crush` | 1/0/1 |');
    const html = renderComparisonHtml(report);
    expect(html).toContain('<span class="pill bug" title="no-overflow: charmbracelet/crush#3620">overflow*</span>');
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(renderComparisonHtml(report)).toBe(html);
    expect(
      JSON.stringify(
        buildComparisonReport({ paths: ['/repo/s'], scenarios, runs, fuzz: { runs: 2, seed: 7 }, cwd: '/repo' }),
      ),
    ).toBe(JSON.stringify(report));
  });
});

/**
 * compare.html in a real browser (skipped locally without Chromium, a failure in CI): the page
 * renders, and the league, fuzz and museum tables are in its DOM.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildComparisonReport } from '../../src/compare/comparison-report.ts';
import { renderComparisonHtml } from '../../src/compare/report/comparison-html.ts';
import type { ResolvedScenario } from '../../src/harness/scenario/index.ts';
import { CHROMIUM_MISSING, findChromium, measurePage, pngSize, runChromium } from '../harness/report/chromium.ts';

const chromium = findChromium();
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '';
if (chromium === null && !inCi) console.warn(CHROMIUM_MISSING);

const scenario = {
  id: 'm.yaml#m',
  file: 'm.yaml',
  name: 'museum_M',
  reproduces: [{ strategy: 'crush', property: 'no-overflow', issue: 'charmbracelet/crush#3620' }],
} as unknown as ResolvedScenario;
const result = (strategy: string, passed: boolean) => ({
  strategy,
  passed,
  crash: null,
  expectations: [],
  overflowSteps: passed ? 0 : 3,
  loops: 0,
  thrash: 0,
  summarizerCalls: 1,
  billedTokens: 1_000,
  uncachedTokens: 400,
  costUsd: 0,
  inputTokens: 0,
  cacheReadTokens: 0,
  pricedAs: 'gemini-2.5-flash',
  peakPercent: passed ? 80 : 126.1,
  broken: passed
    ? []
    : [{ property: 'no-overflow' as const, how: 'reproduced' as const, issue: 'charmbracelet/crush#3620' }],
});
const report = buildComparisonReport({
  paths: ['scenarios/museum'],
  scenarios: [scenario],
  runs: [
    {
      contender: { name: 'crush' },
      results: [result('crush', false)],
      fuzz: [{ property: 'no-overflow', passed: 1, infeasible: 0, failed: 1, notChecked: 0, firstFailedRun: 1 }],
    },
    {
      contender: { name: 'threshold' },
      results: [result('threshold', true)],
      fuzz: [{ property: 'no-overflow', passed: 2, infeasible: 0, failed: 0, notChecked: 0, firstFailedRun: null }],
    },
  ],
  fuzz: { runs: 2, seed: 1 },
  cwd: process.cwd(),
});

describe.skipIf(chromium === null && !inCi)('compare.html in a real browser', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compare-html-'));
  const file = join(dir, 'compare.html');
  writeFileSync(file, renderComparisonHtml(report));
  const url = pathToFileURL(file).href;

  it('renders a non-trivial screenshot with the league, fuzz and museum tables in its DOM', () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const png = join(dir, 'compare.png');
    runChromium(chromium, url, ['--window-size=1280,900', `--screenshot=${png}`]);
    expect(existsSync(png)).toBe(true);
    expect(pngSize(readFileSync(png))).toEqual({ width: 1280, height: 900 });
    const dom = runChromium(chromium, url, ['--dump-dom']);
    expect(dom.match(/<table/g)).toHaveLength(3);
    expect(dom).toContain('<table class="matrix">');
    expect(dom).toContain('class="pill bug"');
    expect(dom).toContain('<h1>Strategy comparison</h1>');
  });

  it('aligns the league and fuzz tables as they read: strategy names left, numbers right, each header like its cells', () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const tables = measurePage<{ heads: string[]; cells: string[]; names: string[] }[]>(
      chromium,
      renderComparisonHtml(report),
      `
  const align = (el) => getComputedStyle(el).textAlign;
  return [...document.querySelectorAll('table:not(.matrix)')].map((table) => ({
    heads: [...table.querySelectorAll('thead th')].map(align),
    cells: [...table.querySelectorAll('tbody tr:first-child td')].map(align),
    names: [...table.querySelectorAll('thead th')].map((th) => th.textContent),
  }));`,
      1280,
      900,
    );
    expect(tables).toHaveLength(2);
    for (const { heads, cells, names } of tables) {
      expect(heads).toEqual(cells);
      names.forEach((name, column) =>
        expect(heads[column], name).toBe(name === 'strategy' ? 'left' : name === '#' ? heads[column] : 'right'),
      );
    }
  });

  it("sets each museum matrix header over its own column: its text starts where the cells' content does", () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const { heads, cells } = measurePage<{ heads: { text: string; left: number }[]; cells: number[] }>(
      chromium,
      renderComparisonHtml(report),
      `
  const table = document.querySelector('table.matrix');
  const textLeft = (el) => { const range = document.createRange(); range.selectNodeContents(el); return range.getClientRects()[0].left; };
  const heads = [...table.querySelectorAll('thead th')].map((th) => ({ text: th.textContent, left: textLeft(th) }));
  const cells = [...table.querySelectorAll('tbody tr:first-child td')].map(textLeft);
  return { heads, cells };`,
      1280,
      900,
    );
    expect(heads.map((head) => head.text)).toEqual(['scenario', 'reproduces', 'crush', 'threshold']);
    expect(cells).toHaveLength(heads.length);
    heads.forEach((head, column) => expect(Math.abs(head.left - cells[column]!), head.text).toBeLessThanOrEqual(2));
  });
});

/**
 * report.html at 1280 px in headless Chromium (issue 26): the verdict, the peak, the overflow steps
 * and loops/thrash of every row are in view without scrolling, even with 40-character scenario
 * names; a summarization is drawn apart from an overflow (the part of its arrow above the window
 * is the request that was never sent: dashed, while the solid part stays at or under the window).
 * The measurements are taken by a script added to a copy of the page (the report itself has none).
 */
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
import { buildSuiteReport } from '../../../src/harness/report/suite-report.ts';
import type { ScenarioOutcome } from '../../../src/harness/run/run-suite.ts';
import { CHROMIUM_MISSING, findChromium, measurePage } from './chromium.ts';
import { sampleResult, sampleScenario, sampleSteps } from './sample-report.ts';

const chromium = findChromium();
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '';
if (chromium === null && !inCi) console.warn(CHROMIUM_MISSING);

/** 21 scenarios with 40-character names, each passing under an acceptance; the last overflows once. */
function wideSuite(): ScenarioOutcome[] {
  return Array.from({ length: 21 }, (_, index) => {
    const name = `200k_SequentialToolChain_Large_${String(index).padStart(2, '0')}xxxxxxx`;
    // Each request grows 9000 tokens past a 1200 floor: the summarized request (10,200) was
    // larger than the 8000 window, and was never sent.
    const steps = sampleSteps(30, 8000, {
      growth: 9000,
      trigger: 6400,
      floor: 1200,
      ...(index === 20 ? { overflowAt: 7 } : {}),
    });
    return {
      scenario: sampleScenario(name, 'threshold', 8000),
      result: sampleResult(name, steps, 8000),
      failures:
        index === 20 ? [{ expectation: 'noOverflow', message: 'noOverflow: step 7 sent more than the window' }] : [],
      accepted:
        index === 20
          ? []
          : [
              {
                property: 'user-request-preserved',
                strategy: 'threshold',
                reason: 'go-compat hides the user content',
                message: 'm',
              },
            ],
      infeasible: [],
      reproduced: [],
    };
  });
}

/** Run on load in the page (chromium.ts `measurePage`). */
const MEASURE = `
  const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
  const rows = [...document.querySelectorAll('table.overview tbody tr')].map((tr) => ({
    verdict: box(tr.querySelector('td.verdict .pill')), peak: box(tr.querySelector('td.peak-col')),
    overflow: box(tr.querySelector('td.overflow-col')), loops: box(tr.querySelector('td.loops-col')),
  }));
  const heads = [...document.querySelectorAll('table.overview thead th')].map((th) => ({ text: th.textContent, ...box(th) }));
  const chart = document.querySelector('svg.step-chart');
  const windowLine = box(chart.querySelector('.window-line'));
  const drops = [...chart.querySelectorAll('.summarization-drop')].map(box);
  const unsent = [...chart.querySelectorAll('.summarization-unsent')].map((el) => ({ ...box(el), dash: getComputedStyle(el).strokeDasharray }));
  const solidDash = [...chart.querySelectorAll('.summarization-drop')].map((el) => getComputedStyle(el).strokeDasharray);
  const verdict = box(document.querySelector('.big-verdict'));
  return { viewport: innerWidth, scrollWidth: document.documentElement.scrollWidth, rows, heads, windowLine, drops, unsent, solidDash, verdict };`;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}
interface Layout {
  viewport: number;
  scrollWidth: number;
  rows: { verdict: Box; peak: Box; overflow: Box; loops: Box }[];
  heads: (Box & { text: string })[];
  windowLine: Box;
  drops: Box[];
  unsent: (Box & { dash: string })[];
  solidDash: string[];
  verdict: Box;
}

function measure(html: string, width: number): Layout {
  return measurePage<Layout>(chromium!, html, MEASURE, width, 900);
}

describe.skipIf(chromium === null && !inCi)('report.html at 1280 px', () => {
  const html = REPORTERS.html.render(buildSuiteReport(wideSuite(), '/somewhere'), { color: false });

  it("shows every row's verdict, peak, overflow steps and loops/thrash within the viewport", () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const layout = measure(html, 1280);
    expect(layout.viewport).toBe(1280);
    expect(layout.scrollWidth).toBeLessThanOrEqual(1280);
    expect(layout.rows).toHaveLength(21);
    for (const row of layout.rows) {
      for (const cell of [row.verdict, row.peak, row.overflow, row.loops]) {
        expect(cell.width).toBeGreaterThan(0);
        expect(cell.left).toBeGreaterThanOrEqual(0);
        expect(cell.right).toBeLessThanOrEqual(1280);
      }
    }
    // The columns a reader looks for come right after the name, in this order.
    expect(layout.heads.slice(0, 5).map((head) => head.text)).toEqual([
      'scenario',
      'verdict',
      'peak real tokens',
      'overflow steps',
      'loops/thrash',
    ]);
    expect(layout.verdict.right).toBeLessThanOrEqual(1280);
  });

  it('draws a summarization apart from an overflow: dashed above the window, solid only at or under it', () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const layout = measure(html, 1280);
    expect(layout.unsent.length).toBeGreaterThan(0);
    for (const part of layout.unsent) {
      expect(part.dash).not.toBe('none');
      expect(part.bottom).toBeLessThanOrEqual(layout.windowLine.top + layout.windowLine.height / 2 + 1);
    }
    expect(layout.drops.length).toBeGreaterThan(0);
    for (const drop of layout.drops) expect(drop.top).toBeGreaterThanOrEqual(layout.windowLine.top - 1);
    expect(layout.solidDash.every((dash) => dash === 'none')).toBe(true);
  });
});

describe.skipIf(chromium === null && !inCi)("a scenario's description in report.html", () => {
  it('keeps the lines its file wrote (a fuzz counterexample: property, step, seed), within the card', () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const steps = sampleSteps(12, 8000, { growth: 900, trigger: 6400, floor: 1200 });
    const description = [
      'Fuzz counterexample: no-overflow failed for strategy ./mine.mjs.',
      'step 1 (turn 0, tool-results) sent 8032 real tokens to a 8000-token window',
      'fast-check seed 1, path 0:0:1 (shrunk 34 times).',
    ].join('\n');
    const outcome: ScenarioOutcome = {
      scenario: { ...sampleScenario('counterexample', 'threshold', 8000), description },
      result: sampleResult('counterexample', steps, 8000),
      failures: [],
      accepted: [],
      infeasible: [],
      reproduced: [],
    };
    const html = REPORTERS.html.render(buildSuiteReport([outcome], '/somewhere'), { color: false });
    const measured = measurePage<{ height: number; lineHeight: number; right: number; card: number }>(
      chromium,
      html,
      `const p = document.querySelector('p.description'); const r = p.getBoundingClientRect();
       return { height: r.height, lineHeight: parseFloat(getComputedStyle(p).lineHeight), right: r.right,
                card: p.closest('section').getBoundingClientRect().right };`,
      1280,
      900,
    );
    // Three lines, as written (HTML would otherwise run them into one or two at this width).
    expect(Math.round(measured.height / measured.lineHeight)).toBe(3);
    expect(measured.right).toBeLessThanOrEqual(measured.card);
  });
});

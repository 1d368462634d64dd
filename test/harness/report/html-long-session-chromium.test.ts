/**
 * report.html of a long session (3,000 steps, as an imported log gives), in headless Chromium at
 * 1280 px. Two things went wrong there: the fact timeline drew 2 px per step (6,170 px wide), ran
 * out of its card and pushed the page into a horizontal scroll, its later steps out of view; and
 * the ~900 re-injection markers after the compaction, each wider than its step, were drawn over the
 * line with white outlines and hid what was sent. Measured in the page (chromium.ts `measurePage`):
 * what is at the line's own points is the line.
 */
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
import { buildSuiteReport } from '../../../src/harness/report/suite-report.ts';
import type { WorldFact } from '../../../src/world/facts/fact-types.ts';
import { sessionRetention } from '../../../src/world/facts/retention.ts';
import { CHROMIUM_MISSING, findChromium, measurePage } from './chromium.ts';
import { sampleResult, sampleScenario, sampleSteps, totalsOf } from './sample-report.ts';

const chromium = findChromium();
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '';
if (chromium === null && !inCi) console.warn(CHROMIUM_MISSING);

const STEPS = 3000;
const GOAL: WorldFact = {
  id: 'goal',
  kind: 'goal',
  values: [{ site: { turn: 0, in: 'user' }, text: 'Goal: ship v2', marker: 'FACT-AAAAAAAA' }],
};

/**
 * One summarization (near step 2,000: the request grows 50 tokens a step until then); every later
 * step re-injects the summary, and the goal is in it; the last 200 steps overflow.
 */
function longSessionHtml(): string {
  const drawn = sampleSteps(STEPS, 128_000, { growth: 50, trigger: 100_000, floor: 1000 });
  const at = drawn.findIndex((step) => step.summarizerCalls.length > 0);
  const steps = drawn.map((step, index) => ({
    ...step,
    // The last 200 steps overflow: a run of overflow bands and points as long as the re-injections'.
    ...(index >= 2800 ? { realAfter: 128_500 + (index - 2800) * 10, overflow: true } : {}),
    reinjection: index > at,
    facts: { goal: index < at ? ('kept' as const) : index === 2500 ? ('lost' as const) : ('summary' as const) },
  }));
  const result = { ...sampleResult('long', steps, 128_000), totals: totalsOf(steps, 128_000) };
  const retention = sessionRetention(
    [GOAL],
    steps.map((step) => ({ step: step.step, compaction: step.summarizerCalls.length > 0, facts: step.facts })),
  )!;
  const report = buildSuiteReport(
    [
      {
        scenario: sampleScenario('long', 'threshold', 128_000),
        result: { ...result, retention },
        failures: [],
        accepted: [],
        infeasible: [],
        reproduced: [],
      },
    ],
    '/somewhere',
  );
  return REPORTERS.html.render(report, { color: false });
}

/** Run on load in the page: every 25th point of the line after the compaction (the chart is in view at this height), what is drawn on top there? */
const MEASURE = `
  const line = document.querySelector('svg.step-chart .sent-line');
  const matrix = line.getScreenCTM();
  const points = [...line.points];
  const probes = [];
  for (let i = 2010; i < points.length; i += 25) {
    const p = points[i];
    const hit = document.elementFromPoint(matrix.a * p.x + matrix.c * p.y + matrix.e, matrix.b * p.x + matrix.d * p.y + matrix.f);
    probes.push(hit === null ? 'nothing' : hit.getAttribute('class'));
  }
  // Where the summarization is drawn in the chart, and where the fact's first 'summary' run starts below it.
  const guide = document.querySelector('svg.step-chart .summarization-guide').getBoundingClientRect();
  const summaryRun = [...document.querySelectorAll('svg.fact-timeline rect')]
    .find((rect) => rect.querySelector('title').textContent.includes(': summary, steps'))
    .getBoundingClientRect();
  const timeline = document.querySelector('svg.fact-timeline').getBoundingClientRect();
  const card = document.querySelector('section.scenario').getBoundingClientRect();
  return { viewport: innerWidth, scrollWidth: document.documentElement.scrollWidth, probes,
    guideX: (guide.left + guide.right) / 2, summaryLeft: summaryRun.left, slot: (timeline.width * 784 / 960) / 3000,
    timeline: { left: timeline.left, right: timeline.right }, card: { left: card.left, right: card.right } };`;

interface Layout {
  viewport: number;
  scrollWidth: number;
  probes: string[];
  guideX: number;
  summaryLeft: number;
  slot: number;
  timeline: { left: number; right: number };
  card: { left: number; right: number };
}

describe.skipIf(chromium === null && !inCi)('report.html of a 3,000-step session at 1280 px', () => {
  it('fits the page, its fact timeline inside its card and under the chart step for step, and keeps the line sent after the compaction on top of the markers', () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const layout = measurePage<Layout>(chromium, longSessionHtml(), MEASURE, 1280, 1400);
    expect(layout.viewport).toBe(1280);
    expect(layout.scrollWidth).toBeLessThanOrEqual(1280);
    expect(layout.timeline.right).toBeLessThanOrEqual(layout.card.right);
    expect(layout.probes.length).toBeGreaterThan(30);
    // Every probe, the overflowing steps' too (their red points went over the line, white outlines and all).
    expect(layout.probes.filter((hit) => hit !== 'sent-line')).toEqual([]);
    // The timeline is drawn on the chart's frame: the step the chart summarized at is the step the fact went into a summary, in the same place.
    expect(Math.abs(layout.guideX - (layout.summaryLeft + layout.slot / 2))).toBeLessThanOrEqual(1);
  });
});

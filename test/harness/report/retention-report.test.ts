import { describe, expect, it } from 'vitest';
import type { CompactionStrategy } from '../../../src/engine/types.ts';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
import { factTimelineHtml } from '../../../src/harness/report/retention-report.ts';
import { buildSuiteReport } from '../../../src/harness/report/suite-report.ts';
import type { WorldFact } from '../../../src/world/facts/fact-types.ts';
import { runSession } from '../../../src/world/run-session.ts';
import { scenario } from '../../world/helpers/world-fixtures.ts';
import { sampleReport, sampleScenario } from './sample-report.ts';

const GOAL: WorldFact = {
  id: 'goal',
  kind: 'goal',
  values: [{ site: { turn: 0, in: 'user' }, text: 'Goal: ship v2', marker: 'FACT-AAAAAAAA' }],
};
const FILE: WorldFact = {
  id: 'a-file',
  kind: 'artifact',
  values: [{ site: { turn: 1, in: 'user' }, text: 'a.ts: v1', marker: 'FACT-BBBBBBBB' }],
};

/** Drops the first content from turn 2 on: the goal goes, the file stays. */
const dropFirst: CompactionStrategy = {
  name: 'drop-first',
  compact(_ctx, request) {
    if (request.contents.length > 4) request.contents = request.contents.slice(1);
  },
};

async function reportWithFacts() {
  const world = scenario({
    name: 'facts',
    facts: [GOAL, FILE],
    turnInputs: [{ user: 'a' }, { user: 'b' }, { user: 'c' }, { user: 'd' }],
  });
  const result = await runSession(world, { strategy: dropFirst });
  const resolved = { ...sampleScenario('facts', 'drop-first', 100_000), world };
  return buildSuiteReport(
    [{ scenario: resolved, result, failures: [], accepted: [], infeasible: [], reproduced: [] }],
    '/',
  );
}

describe('retention in every report', () => {
  it("report.json carries the retention by kind, at each compaction and per fact, and each step's fact states", async () => {
    const report = await reportWithFacts();
    const record = JSON.parse(REPORTERS.json.render(report, { color: false })).scenarios[0];
    expect(record.retention.byKind).toEqual({
      goal: { facts: 1, retained: 0, ratio: 0 },
      artifact: { facts: 1, retained: 1, ratio: 1 },
    });
    expect(record.retention.facts).toEqual([
      { id: 'goal', kind: 'goal', fromStep: 0, final: 'lost', lostAtStep: 2 },
      { id: 'a-file', kind: 'artifact', fromStep: 1, final: 'kept', lostAtStep: null },
    ]);
    expect(record.retention.atCompactions.map((item: { step: number }) => item.step)).toEqual([2, 3]);
    expect(record.steps.map((step: { facts?: unknown }) => step.facts)).toEqual([
      { goal: 'kept' },
      { goal: 'kept', 'a-file': 'kept' },
      { goal: 'lost', 'a-file': 'kept' },
      { goal: 'lost', 'a-file': 'kept' },
    ]);
  });

  it('the table gets a retained column, the Markdown a section and the HTML a fact timeline', async () => {
    const report = await reportWithFacts();
    const table = REPORTERS.table.render(report, { color: false });
    expect(table).toContain('retained');
    expect(table).toMatch(/facts\s+verdict\n.*retained\n/);
    expect(table).toMatch(/\s1\/2 {2}PASS\n/);
    const markdown = REPORTERS.markdown.render(report, { color: false });
    expect(markdown).toContain('| `facts` | 0/1 | — | 1/1 | — | — | — | goal lost since step 2 |');
    const html = REPORTERS.html.render(report, { color: false });
    expect(html).toContain('<svg class="fact-timeline"');
    expect(html).toContain('<title>goal (goal): kept, steps 0–1</title>');
    expect(html).toContain('<title>goal (goal): lost, steps 2–3</title>');
    expect(html).toContain('<title>a-file (artifact): not planted yet, steps 0–0</title>');
  });

  it('the HTML fact timeline of a 3,000-step session is drawn on the step chart frame, and one lost step in it still shows', async () => {
    const report = await reportWithFacts();
    const record = report.scenarios[0]!;
    // One step of 3,000 lost (step 1,500), the rest kept: runs of 1,500, 1 and 1,499 steps.
    const steps = Array.from({ length: 3000 }, (_, i) => ({
      ...record.steps[0]!,
      step: i,
      facts: { goal: i === 1500 ? ('lost' as const) : ('kept' as const) },
    }));
    const html = factTimelineHtml({ ...record, steps });
    // The chart's viewBox (960 wide, steps from 64 to 848), drawn at the page's width as the chart is.
    expect(html).toMatch(/<svg class="fact-timeline" [^>]*viewBox="0 0 960 \d+"/);
    expect(html).not.toMatch(/<svg class="fact-timeline" [^>]* width="/);
    const lost = /<rect x="([\d.]+)" y="0" width="([\d.]+)"[^>]*><title>goal \(goal\): lost, steps 1500–1500</.exec(
      html,
    )!;
    expect(Number(lost[2])).toBeGreaterThanOrEqual(2);
    expect(Number(lost[1])).toBeCloseTo(64 + (1500 * 784) / 3000, 1);
    // Painted after (over) both kept runs, so the runs beside it cannot cover it.
    expect(html.lastIndexOf('kept, steps')).toBeLessThan(html.indexOf('lost, steps 1500'));
    expect(html).toContain('<title>goal (goal): kept, steps 1501–2999</title>');
  });

  it('a report without facts renders none of it', () => {
    const report = sampleReport();
    expect(REPORTERS.table.render(report, { color: false })).not.toContain('retained');
    expect(REPORTERS.markdown.render(report, { color: false })).not.toContain('What survived');
    expect(REPORTERS.html.render(report, { color: false })).not.toContain('<svg class="fact-timeline"');
    expect(REPORTERS.json.render(report, { color: false })).not.toContain('"retention"');
  });

  it('what forgetting cost: re-reads with their tokens and re-read loops, in the table, the Markdown, the HTML and report.json', async () => {
    // The goal is needed on turn 3, re-read with `recall` while the strategy drops it: a re-read loop of 2.
    const needed: WorldFact = {
      ...GOAL,
      need: { turn: 3, tool: 'recall', args: {}, responseKey: 'result', attempts: 2 },
    };
    const world = scenario({
      name: 'facts',
      facts: [needed, FILE],
      turnInputs: [{ user: 'a' }, { user: 'b' }, { user: 'c' }, { user: 'd' }],
    });
    const dropGoal: CompactionStrategy = {
      name: 'drop-goal',
      compact(_ctx, request) {
        request.contents = request.contents.filter((content) => !JSON.stringify(content).includes('FACT-AAAAAAAA'));
      },
    };
    const result = await runSession(world, { strategy: dropGoal });
    const resolved = { ...sampleScenario('facts', 'drop-goal', 100_000), world };
    const report = buildSuiteReport(
      [{ scenario: resolved, result, failures: [], accepted: [], infeasible: [], reproduced: [] }],
      '/',
    );
    const steps = result.steps.filter((step) => step.recovery !== undefined);
    expect(steps.map((step) => step.recovery)).toEqual([
      { fact: 'goal', attempt: 1 },
      { fact: 'goal', attempt: 2 },
    ]);
    const tokens = steps.reduce((sum, step) => sum + step.realAfter, 0);
    const line = `2 re-reads (${tokens.toLocaleString('en-US')} tokens), 1 re-read loop, 1 not recovered (goal)`;
    expect(REPORTERS.table.render(report, { color: false })).toContain(`  facts: ${line}`);
    expect(REPORTERS.markdown.render(report, { color: false })).toContain(`- \`facts\`: ${line}`);
    expect(REPORTERS.html.render(report, { color: false })).toContain(
      `What forgetting cost: ${line}, at steps ${steps.map((step) => `${step.step} (goal)`).join(', ')}.`,
    );
    const record = JSON.parse(REPORTERS.json.render(report, { color: false })).scenarios[0];
    expect(record.retention.recoveries).toMatchObject({ calls: 2, tokens, rereadLoops: 1 });
  });
});

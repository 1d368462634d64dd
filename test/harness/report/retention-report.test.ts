import { describe, expect, it } from 'vitest';
import type { CompactionStrategy } from '../../../src/engine/types.ts';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
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

  it('a report without facts renders none of it', () => {
    const report = sampleReport();
    expect(REPORTERS.table.render(report, { color: false })).not.toContain('retained');
    expect(REPORTERS.markdown.render(report, { color: false })).not.toContain('What survived');
    expect(REPORTERS.html.render(report, { color: false })).not.toContain('fact-timeline');
    expect(REPORTERS.json.render(report, { color: false })).not.toContain('"retention"');
  });
});

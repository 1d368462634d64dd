/**
 * Acceptances must fire: one that matches no violation of the strategy it names is stale, fails
 * the scenario, and is reported in every format (a stale tolerance is a hidden regression).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/api/simulate.ts';
import { REPORTERS, REPORTER_NAMES } from '../../../src/harness/report/reporters.ts';

const SCENARIO = `
name: stale
session: { contextWindow: 200000 }
turns:
  - repeat: 3
    user: "hello"
accept:
  - strategy: threshold
    property: no-overflow
    reason: "it used to overflow here"
    steps: "1"
`;

describe('a stale acceptance', () => {
  it('fails the scenario and is named in every format', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stale-acceptance-'));
    writeFileSync(join(dir, 'stale.yaml'), SCENARIO);
    const { report } = await simulate({ paths: [join(dir, 'stale.yaml')], jobs: 1 });
    const [record] = report.scenarios;
    expect(record!.passed).toBe(false);
    expect(record!.stale).toEqual([
      expect.objectContaining({ property: 'no-overflow', strategy: 'threshold', reason: 'it used to overflow here' }),
    ]);
    expect(record!.failures.map((failure) => failure.expectation)).toEqual(['stale-acceptance']);
    // The report also says what kind of evidence the verdicts are: behaviour properties, judged on what happened.
    expect(report.properties?.map((property) => [property.name, property.kind])).toEqual([
      ['no-overflow', 'behaviour'],
      ['no-loop', 'behaviour'],
      ['no-thrash', 'behaviour'],
      ['no-orphans', 'behaviour'],
      ['user-request-preserved', 'behaviour'],
      ['summarizer-input-fits', 'behaviour'],
      ['summarizer-input-budget', 'behaviour'],
      ['no-summary-growth', 'behaviour'],
      ['model-answers', 'behaviour'],
      ['goal-preserved', 'behaviour'],
    ]);
    // Every format groups them: the behaviour properties judged, then the contract checks fuzz runs.
    expect(REPORTERS.markdown.render(report, { color: false })).toContain(
      '- Behaviour properties (judged on what happened in each session): `no-overflow`',
    );
    expect(REPORTERS.table.render(report, { color: false })).toContain(
      'Judged: 10 behaviour properties (what happened); 3 contract checks (what a strategy declares) run in fuzz.',
    );
    for (const name of ['markdown', 'html'] as const) {
      const text = REPORTERS[name].render(report, { color: false });
      expect(text, name).toMatch(
        /Behaviour properties \(judged on what happened in each session\)(<\/b>)?: .*no-summary-growth/s,
      );
      expect(text, name).toMatch(
        /Contract checks \(what a strategy declares about itself; run by fuzz, not judged here\)(<\/b>)?: .*declared-trigger.*estimate-precision.*declared-summarizer-cut/s,
      );
    }
    for (const name of REPORTER_NAMES) {
      const text = REPORTERS[name].render(report, { color: false });
      expect(text, name).toMatch(/stale-acceptance/);
      expect(text, name).toMatch(/no-overflow is accepted for threshold but this run has no no-overflow violation/);
    }
  });
});

describe('the gate and a stale acceptance', () => {
  it('fails when an acceptance goes stale, and keeps failing after --update-baseline recorded it', {
    timeout: 120_000,
  }, async () => {
    const { gate } = await import('../../../src/api/gate.ts');
    const dir = mkdtempSync(join(tmpdir(), 'stale-gate-'));
    const file = join(dir, 'stale.yaml');
    const baseline = join(dir, 'baseline.json');
    writeFileSync(file, SCENARIO.replace(/accept:[\s\S]*$/, ''));
    expect((await gate({ paths: [file], baseline, jobs: 1, updateBaseline: true })).passed).toBe(true);
    expect((await gate({ paths: [file], baseline, jobs: 1 })).passed).toBe(true);
    writeFileSync(file, SCENARIO);
    const stale = await gate({ paths: [file], baseline, jobs: 1 });
    expect(stale.passed).toBe(false);
    expect(stale.changes).toEqual(
      [
        expect.objectContaining({ kind: 'regression', current: 'stale-acceptance failed' }),
        expect.objectContaining({ what: 'passed' }),
      ].reverse(),
    );
    await gate({ paths: [file], baseline, jobs: 1, updateBaseline: true });
    const recorded = await gate({ paths: [file], baseline, jobs: 1 });
    expect(recorded.passed).toBe(false);
    expect(recorded.changes).toEqual([
      expect.objectContaining({ kind: 'stale-acceptance', current: 'stale-acceptance failed' }),
    ]);
  });
});

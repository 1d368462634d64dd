/**
 * The terminal table as a newcomer's first screen (issue 26): a suite whose every scenario passes
 * under the same acceptance prints that reason once, with a count; the table fits 120 columns for
 * names up to 40 characters; notes wrap. Shape assertions, not a snapshot.
 */
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
import { buildSuiteReport } from '../../../src/harness/report/suite-report.ts';
import type { ScenarioOutcome } from '../../../src/harness/run/run-suite.ts';
import { reportsWrittenLine } from '../../../src/harness/report/reports-written.ts';
import { NAME_WIDTH, wrapName } from '../../../src/harness/report/table-reporter.ts';
import { sampleResult, sampleScenario, sampleSteps } from './sample-report.ts';

const SHARED = `go-compat hides the invocation's user content from callbacks ${'and a long explanation '.repeat(12)}(faithful to upstream).`;
const RARE = 'summarizes on every turn when the system prompt alone is over the threshold';

/** `count` passing scenarios under one shared acceptance, the first two also under a second one. */
function suite(count: number): ScenarioOutcome[] {
  return Array.from({ length: count }, (_, index) => {
    // 40-character names: the longest the table promises to fit in 120 columns.
    const name = `200k_Scenario_${String(index).padStart(2, '0')}_${'x'.repeat(40 - 17)}`;
    const steps = sampleSteps(30, 200_000, { growth: 9000, trigger: 160_000, floor: 12_000 });
    return {
      scenario: sampleScenario(name, 'threshold', 200_000),
      result: sampleResult(name, steps, 200_000),
      failures: [],
      accepted: [
        { property: 'user-request-preserved' as const, strategy: 'threshold', reason: SHARED, message: 'm' },
        ...(index < 2 ? [{ property: 'no-thrash' as const, strategy: 'threshold', reason: RARE, message: 'm' }] : []),
      ],
      infeasible: [],
      reproduced: [],
    };
  });
}

const render = (outcomes: ScenarioOutcome[]): string =>
  REPORTERS.table.render(buildSuiteReport(outcomes, '/somewhere'), { color: false });

describe('the table as a first screen', () => {
  const text = render(suite(21));
  const lines = text.trimEnd().split('\n');

  it('fits 120 columns, every line of it', () => {
    const widest = Math.max(...lines.map((line) => line.length));
    expect(widest).toBeLessThanOrEqual(120);
    expect(widest).toBeGreaterThan(100); // the table is there, not an empty render
  });

  it('marks each pass under an acceptance PASS*, and prints each reason once with where it applied', () => {
    const rows = lines.filter((line) => line.startsWith('200k_Scenario_'));
    expect(rows).toHaveLength(21);
    for (const row of rows) expect(row.endsWith('PASS*')).toBe(true);
    expect(text.split("go-compat hides the invocation's user content").length - 1).toBe(1);
    expect(text.split(RARE).length - 1).toBe(1);
    expect(text).toContain('* Accepted limitations (tolerated, not passed) in 21 of 21 scenarios, by reason:');
    expect(text).toContain('  - user-request-preserved (threshold) in all 21 scenarios:');
    expect(text).toMatch(/ {2}- no-thrash \(threshold\) in 200k_Scenario_00_x+,\n {6}200k_Scenario_01_x+:\n/);
  });

  it('gives a count instead of names when a reason covers many but not all scenarios', () => {
    const outcomes = suite(12).map((outcome, index) => (index === 11 ? { ...outcome, accepted: [] } : outcome));
    const partial = render(outcomes);
    expect(partial).toContain('  - user-request-preserved (threshold) in 11 scenarios (report.md names them):');
    expect(partial).toContain('* Accepted limitations (tolerated, not passed) in 11 of 12 scenarios, by reason:');
    expect(partial).toMatch(/200k_Scenario_11_x+ .* PASS\n/);
  });

  it('stays short: the notes are a few lines per reason, the closing line last', () => {
    expect(lines.at(-1)).toBe('21 passed, 0 failed');
    // 3 header lines + 21 rows + blank + heading + 2 groups of (1 line + wrapped reason) + blank + closing line.
    expect(lines.length).toBeLessThan(3 + 21 + 2 + 12 + 2);
    expect(text.length).toBeLessThan(5000);
  });
});

describe('where the reports went', () => {
  it('names the folder relative to the working directory, the HTML report first', () => {
    const paths = ['report.json', 'report.md', 'junit.xml', 'report.html', 'run-meta.json'].map(
      (name) => `/project/reports/out/${name}`,
    );
    expect(reportsWrittenLine(paths, '/project')).toBe(
      'Reports in reports/out/: open reports/out/report.html; also report.json, report.md, junit.xml, run-meta.json.',
    );
    expect(reportsWrittenLine(paths, '/elsewhere')).toBe(
      'Reports in /project/reports/out/: open /project/reports/out/report.html; also report.json, report.md, junit.xml, run-meta.json.',
    );
  });
});

describe('a scenario name longer than the table allows', () => {
  it('wraps onto a second line of its row, cut after a separator, and the table still fits 120 columns', () => {
    const name = 'sliding-window-retry-halves-the-tail-and-carries-the-summary';
    expect(wrapName(name, NAME_WIDTH)).toBe('sliding-window-retry-halves-the-tail-\nand-carries-the-summary');
    expect(
      wrapName('x'.repeat(90), NAME_WIDTH)
        .split('\n')
        .map((line) => line.length),
    ).toEqual([40, 40, 10]);
    const [outcome] = suite(1);
    const text = render([{ ...outcome!, scenario: { ...outcome!.scenario, name } }]);
    expect(text).toMatch(/^sliding-window-retry-halves-the-tail- .* PASS\*\nand-carries-the-summary\n/m);
    expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(120);
  });
});

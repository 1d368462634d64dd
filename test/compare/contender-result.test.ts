import { describe, expect, it } from 'vitest';
import { contenderResult } from '../../src/compare/contender-result.ts';
import type { ScenarioOutcome } from '../../src/harness/run/run-suite.ts';
import type { ResolvedScenario } from '../../src/harness/scenario/index.ts';
import { session, step, world } from '../checker/helpers/session-fixtures.ts';

function outcome(parts: Partial<ScenarioOutcome>): ScenarioOutcome {
  const scenario = { id: 'a.yaml#a', file: 'a.yaml', name: 'a', world: world() } as unknown as ResolvedScenario;
  return {
    scenario,
    result: session([step(0, { realAfter: 9_000, uncachedTokens: 9_000 })]),
    failures: [],
    accepted: [],
    infeasible: [],
    reproduced: [],
    ...parts,
  };
}

describe("a contender's result on one scenario", () => {
  it('a property breaks by failing (under its name or its strict expectation), as the reported bug, or as an accepted limitation', () => {
    const result = contenderResult(
      'crush',
      outcome({
        failures: [
          { expectation: 'noLoop', message: '' },
          { expectation: 'no-thrash', message: '' },
          { expectation: 'compactedSteps', message: '' },
        ],
        reproduced: [{ property: 'no-overflow', strategy: 'crush', issue: 'charmbracelet/crush#3620', message: '' }],
        accepted: [{ property: 'summarizer-input-fits', strategy: 'crush', reason: 'r', message: '' }],
        infeasible: [
          { property: 'user-request-preserved', reason: 'user-message-over-window', detail: '', message: '' },
        ],
      }),
    );
    expect(result.broken).toEqual([
      { property: 'no-overflow', how: 'reproduced', issue: 'charmbracelet/crush#3620' },
      { property: 'no-loop', how: 'failed' },
      { property: 'no-thrash', how: 'failed' },
      { property: 'summarizer-input-fits', how: 'accepted' },
    ]);
    expect(result.expectations).toEqual(['compactedSteps']);
    expect(result.crash).toBeNull();
    expect(result.passed).toBe(false);
    expect(result.billedTokens).toBe(9_000);
  });

  it('a reproduced bug is not a pass, an accepted limitation alone is; a crash is named; no result, no measurements', () => {
    expect(
      contenderResult('x', outcome({ reproduced: [{ property: 'no-loop', strategy: 'x', issue: 'i', message: '' }] }))
        .passed,
    ).toBe(false);
    expect(
      contenderResult('x', outcome({ accepted: [{ property: 'no-loop', strategy: 'x', reason: 'r', message: '' }] }))
        .passed,
    ).toBe(true);
    const hung = contenderResult(
      'x',
      outcome({ result: null, failures: [{ expectation: 'strategy-hung', message: '' }] }),
    );
    expect([hung.crash, hung.expectations, hung.billedTokens, hung.peakPercent]).toEqual([
      'strategy-hung',
      [],
      null,
      null,
    ]);
    expect(contenderResult('x', outcome({ failures: [{ expectation: 'invalid-request', message: '' }] })).crash).toBe(
      'invalid-request',
    );
  });
});

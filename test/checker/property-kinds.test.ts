/**
 * Behaviour properties (judged on what happened in the session) vs contract checks (what a
 * strategy declares about itself): every property says which it is, and the reports show it.
 */
import { describe, expect, it } from 'vitest';
import { PROPERTIES, propertyKind } from '../../src/checker/properties/index.ts';
import { formatFuzzReport } from '../../src/fuzz/run/format-fuzz-report.ts';

describe('property kinds', () => {
  it("the contract checks are exactly the properties judged on a strategy's declarations", () => {
    const contract = PROPERTIES.filter((property) => propertyKind(property) === 'contract')
      .map((property) => property.name)
      .sort();
    expect(contract).toEqual(['declared-summarizer-cut', 'declared-trigger', 'estimate-precision']);
    // A contract check judges only a strategy that declares something; a behaviour property judges every strategy.
    for (const property of PROPERTIES) {
      if (propertyKind(property) === 'contract') expect(property.appliesTo, property.name).toBeDefined();
    }
    expect(
      PROPERTIES.filter((property) => propertyKind(property) === 'behaviour').map((property) => property.name),
    ).toEqual(
      expect.arrayContaining([
        'no-overflow',
        'no-loop',
        'no-thrash',
        'no-orphans',
        'user-request-preserved',
        'summarizer-input-fits',
        'summarizer-input-budget',
        'no-summary-growth',
      ]),
    );
  });

  it('the fuzz table shows the kind of each row', () => {
    const row = (property: string, kind?: 'contract') => ({
      property,
      ...(kind === undefined ? {} : { kind }),
      checked: 1,
      passed: 1,
      infeasible: 0,
      failed: 0,
      notChecked: 0,
      infeasibleReasons: {},
      counterexample: null,
      unreproduced: false,
      failedRuns: [],
    });
    const report = {
      strategy: 'threshold',
      runs: 1,
      seed: 1,
      path: null,
      shard: null,
      optionSpace: null,
      baseline: null,
      failed: false,
      properties: [row('no-overflow'), row('declared-trigger', 'contract')],
    };
    const text = formatFuzzReport(
      report as unknown as Parameters<typeof formatFuzzReport>[0],
      { color: false } as Parameters<typeof formatFuzzReport>[1],
    );
    expect(text).toMatch(/│ no-overflow\s+│ behaviour\s+│/);
    expect(text).toMatch(/│ declared-trigger\s+│ contract\s+│/);
  });
});

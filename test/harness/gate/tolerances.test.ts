import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOLERANCES,
  describeTolerance,
  parseTolerances,
  withinTolerance,
} from '../../../src/harness/gate/tolerances.ts';

describe('tolerances', () => {
  it('defaults to exact counts and ±2 % peak tokens', () => {
    expect(DEFAULT_TOLERANCES.summarizations).toEqual({ kind: 'absolute', value: 0 });
    expect(DEFAULT_TOLERANCES.llmSteps).toEqual({ kind: 'absolute', value: 0 });
    expect(DEFAULT_TOLERANCES.peakRealTokens).toEqual({ kind: 'percent', value: 2 });
  });

  it('applies absolute and percent tolerances', () => {
    expect(withinTolerance(10_000, 10_200, DEFAULT_TOLERANCES.peakRealTokens)).toBe(true);
    expect(withinTolerance(10_000, 10_201, DEFAULT_TOLERANCES.peakRealTokens)).toBe(false);
    expect(withinTolerance(10_000, 9_799, DEFAULT_TOLERANCES.peakRealTokens)).toBe(false);
    expect(withinTolerance(5, 5, DEFAULT_TOLERANCES.llmSteps)).toBe(true);
    expect(withinTolerance(5, 6, DEFAULT_TOLERANCES.llmSteps)).toBe(false);
    expect(withinTolerance(5, 7, { kind: 'absolute', value: 2 })).toBe(true);
  });

  it('parses overrides and rejects unknown metrics and bad syntax', () => {
    const parsed = parseTolerances(['llmSteps=3', 'peakRealTokens=5%']);
    expect(typeof parsed).toBe('object');
    if (typeof parsed === 'string') return;
    expect(parsed.llmSteps).toEqual({ kind: 'absolute', value: 3 });
    expect(parsed.peakRealTokens).toEqual({ kind: 'percent', value: 5 });
    expect(parsed.summarizations).toEqual({ kind: 'absolute', value: 0 });
    expect(parseTolerances(['peakTokens=2'])).toMatch(/unknown metric "peakTokens"/);
    expect(parseTolerances(['llmSteps:2'])).toMatch(/metric=2/);
  });

  it('describes tolerances for the change table', () => {
    expect(describeTolerance({ kind: 'absolute', value: 0 })).toBe('exact');
    expect(describeTolerance({ kind: 'percent', value: 2 })).toBe('±2%');
    expect(describeTolerance({ kind: 'absolute', value: 3 })).toBe('±3');
  });
});

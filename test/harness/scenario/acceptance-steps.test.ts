import { describe, expect, it } from 'vitest';
import { formatSteps, parseSteps, unpinnedSteps } from '../../../src/harness/scenario/acceptance-steps.ts';
import { recordAcceptances } from '../../../src/harness/scenario/record-acceptances.ts';
import { ACCEPTANCE_RULES } from '../../../src/harness/scenario/acceptance-rules.ts';

describe('pinned steps', () => {
  it('parse ranges, single steps and end, and print them back the same way', () => {
    expect(parseSteps('3-5, 9, end')).toEqual({ ok: true, steps: [3, 4, 5, 9, 'end'] });
    expect(formatSteps([9, 3, 5, 4, 'end'])).toBe('3-5, 9, end');
    expect(parseSteps('7')).toEqual({ ok: true, steps: [7] });
  });

  it('refuse what is not a step list, with what was expected', () => {
    expect(parseSteps('3..5')).toEqual({
      ok: false,
      message: expect.stringMatching(/^'3\.\.5': expected step numbers and ranges, e\.g\. "3-5, 9"/),
    });
    expect(parseSteps('5-3')).toEqual({ ok: false, message: "'5-3': a range must not run backwards" });
  });

  it('a violation is outside the pin unless every step of it is pinned; null pins any step', () => {
    expect(unpinnedSteps([3, 4], [3, 4, 5])).toEqual([]);
    expect(unpinnedSteps([2, 3, 'end'], [3])).toEqual([2, 'end']);
    expect(unpinnedSteps([2, 3], null)).toEqual([]);
  });
});

describe('recordAcceptances', () => {
  const rule = ACCEPTANCE_RULES['go-compat-continuation-without-user-content']!;
  const file = [
    'description: >-',
    '  folded text that a YAML printer would',
    '  re-flow',
    'expect:',
    '  appliesTo: [threshold]',
    'accept:',
    '  - strategy: threshold',
    '    property: no-loop',
    '    reason: "why"   # a comment',
    '    steps: "1"',
    '  - strategy: threshold',
    `    property: ${rule.property}`,
    `    reason: ${JSON.stringify(rule.reason)}`,
    '  - strategy: threshold',
    '    property: no-overflow',
    '    reason: "gone"',
    '',
  ].join('\n');

  it("writes the measured steps, turns a rule's verbatim reason into the rule, reports stale entries and leaves the rest byte for byte", () => {
    const recorded = recordAcceptances(file, [
      { index: 0, steps: [2, 3] },
      { index: 1, steps: [4, 'end'] },
      { index: 2, steps: [] },
    ]);
    expect(recorded.stale).toEqual([2]);
    expect(recorded.text).toBe(
      [
        'description: >-',
        '  folded text that a YAML printer would',
        '  re-flow',
        'expect:',
        '  appliesTo: [threshold]',
        'accept:',
        '  - strategy: threshold',
        '    property: no-loop',
        '    reason: "why"',
        '    steps: "2-3"',
        '  - rule: go-compat-continuation-without-user-content',
        '    steps: "4, end"',
        '  - strategy: threshold',
        '    property: no-overflow',
        '    reason: "gone"',
        '',
      ].join('\n'),
    );
  });
});

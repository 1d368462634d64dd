import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BaselineError } from '../../../src/harness/gate/baseline-error.ts';
import { readBaseline, serializeBaseline, writeBaseline, type Baseline } from '../../../src/harness/gate/baseline.ts';

const sample: Baseline = {
  version: 1,
  scenarios: {
    'z.yaml#z': {
      thrash: 0,
      passed: true,
      failedExpectations: [],
      llmSteps: 3,
      summarizations: 0,
      summarizerCalls: 0,
      reinjections: 0,
      fallbacks: 0,
      compactedSteps: 0,
      peakRealTokens: 900,
      overflowSteps: 0,
      loops: 0,
    },
    'a.yaml#a': {
      passed: false,
      failedExpectations: ['noOverflow'],
      llmSteps: 9,
      summarizations: 1,
      summarizerCalls: 1,
      reinjections: 2,
      fallbacks: 0,
      compactedSteps: 1,
      peakRealTokens: 8100,
      overflowSteps: 1,
      loops: 0,
      thrash: 0,
    },
  },
};

describe('baseline files', () => {
  it('serializes with sorted keys at every level and a trailing newline', () => {
    const text = serializeBaseline(sample);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.indexOf('"a.yaml#a"')).toBeLessThan(text.indexOf('"z.yaml#z"'));
    const keys = Object.keys(JSON.parse(text).scenarios['z.yaml#z']);
    expect(keys).toEqual([...keys].sort());
    expect(keys[0]).toBe('compactedSteps');
  });

  it('round-trips through write and read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'baseline-'));
    const path = join(dir, 'nested', 'baseline.json');
    await writeBaseline(path, sample);
    expect(await readBaseline(path)).toEqual(sample);
    expect(await readFile(path, 'utf8')).toBe(serializeBaseline(sample));
  });

  it('reads a missing file as no baseline, and a malformed one as bad input', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'baseline-'));
    expect(await readBaseline(join(dir, 'absent.json'))).toBeNull();
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{ not json');
    await expect(readBaseline(broken)).rejects.toBeInstanceOf(BaselineError);
    const wrong = join(dir, 'wrong.json');
    await writeFile(wrong, JSON.stringify({ version: 1, scenarios: { x: { passed: 'yes' } } }));
    await expect(readBaseline(wrong)).rejects.toThrow(/malformed at scenarios\.x/);
  });
});

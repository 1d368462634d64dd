/**
 * The example strategies hold the properties their comments claim (under the fuzzer, here on a
 * budget that fits the test suite; see the README for the 1000-run figures), and the README's
 * inline strategy is exactly examples/strategies/keep-tail.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { ROOT } from '../cli/run-cli.ts';

const CLAIMS: readonly (readonly [string, readonly ('no-orphans' | 'events-immutable' | 'session-completes')[]])[] = [
  ['./examples/strategies/keep-tail.ts', ['no-orphans', 'events-immutable', 'session-completes']],
  ['./examples/strategies/keep-last-n.ts', ['no-orphans', 'events-immutable', 'session-completes']],
];

/** A regression check on every run of the suite; the README gives their 1000-run figures. */
const RUNS = 24;

/** Per `keep`: the old example failed no-orphans in about two runs of three at keep 1 and 2. */
const KEEP_RUNS = 30;

describe('example strategies', () => {
  it('the README shows keep-tail.ts verbatim', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const file = readFileSync(join(ROOT, 'examples/strategies/keep-tail.ts'), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${file}\`\`\``);
  });

  it.each(CLAIMS)('%s holds %j under the fuzzer', async (strategy, properties) => {
    const report = await runFuzz({
      strategy: { name: strategy, options: {} },
      runs: RUNS,
      seed: 3,
      properties,
      outDir: null,
      cwd: ROOT,
      maxShrinkCandidates: 50,
    });
    const failed = report.properties.filter((property) => property.failed > 0);
    expect(
      failed.map((property) => `${property.property}: ${property.counterexample?.failure.violation.message}`),
    ).toEqual([]);
    expect(report.properties.every((property) => property.checked === RUNS)).toBe(true);
  });

  // Issue 26: with keep ≤ 2, safeSplitIndex's clamp left the last response without its call in
  // most runs (137 of 200 at keep 1-2); the example now steps back over the pair.
  it.each([1, 2, 3, 4])('keep-tail holds no-orphans with keep %i', async (keep) => {
    const report = await runFuzz({
      strategy: { name: './examples/strategies/keep-tail.ts', options: { keep } },
      runs: KEEP_RUNS,
      seed: 1,
      properties: ['no-orphans'],
      outDir: null,
      cwd: ROOT,
      maxShrinkCandidates: 20,
    });
    const [orphans] = report.properties;
    expect(orphans?.property).toBe('no-orphans');
    expect(orphans?.checked).toBe(KEEP_RUNS);
    expect(orphans?.failed, orphans?.counterexample?.failure.violation.message).toBe(0);
  });
});

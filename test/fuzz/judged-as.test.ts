/**
 * `fuzz --judged-as <built-in>` (run/judged-as.ts): a fork of threshold whose trigger moved from
 * 80 % to 95 % of the window declares nothing, so its own fuzz run cannot judge its trigger
 * (`declared-trigger` not checked on any run); judged as threshold it fails `declared-trigger` on
 * threshold's promise, on every seed tried. The unchanged threshold, given as a module judged as
 * itself, holds it on the same runs (the lending itself invents no failure).
 */
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { StrategyLoadError } from '../../src/harness/strategy/strategy-load-error.ts';
import { budget } from '../budget.ts';

const SEEDS = Array.from({ length: budget(2, 8) }, (_, i) => i + 1);
const FORK = './test/fuzz/fixtures/threshold-fork-late-trigger.ts';

function trigger(name: string, seed: number, judgedAs?: string) {
  return runFuzz({
    strategy: { name, options: {} },
    runs: 30,
    seed,
    properties: ['declared-trigger'],
    outDir: null,
    cwd: process.cwd(),
    maxShrinkCandidates: 30,
    ...(judgedAs === undefined ? {} : { judgedAs }),
  });
}

describe('fuzz --judged-as', () => {
  it.each(SEEDS)(
    'catches a fork that moved its trigger, only when judged as the built-in (seed %i)',
    async (seed) => {
      const own = (await trigger(FORK, seed)).properties[0]!;
      expect(own.checked).toBe(0);
      expect(own.failed).toBe(0);
      const judged = await trigger(FORK, seed, 'threshold');
      expect(judged.judgedAs).toBe('threshold');
      expect(judged.properties[0]!.failed).toBeGreaterThan(0);
      expect(judged.properties[0]!.counterexample?.failure.violation.message).toMatch(/trigger|compact/);
    },
    1_200_000,
  );

  it('lends the built-in its own declarations without inventing a failure', async () => {
    const report = await trigger('./test/fuzz/fixtures/threshold-module.ts', 1, 'threshold');
    expect(report.properties[0]!.checked).toBeGreaterThan(0);
    expect(report.properties[0]!.failed).toBe(0);
  }, 1_200_000);

  it('refuses a judged-as that is not a built-in, or a built-in judged as one', async () => {
    await expect(trigger(FORK, 1, 'no-such')).rejects.toThrow(StrategyLoadError);
    await expect(trigger('threshold', 1, 'threshold')).rejects.toThrow(/only a module strategy/);
  });
});

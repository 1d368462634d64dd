/**
 * A bug that only shows for non-default options is found once the fuzzer draws them: the sliding
 * window whose safeSplitIndex lets a split at 0 through (planted-bugs/sliding-window-split-at-zero.ts)
 * plays exactly like the sliding window at its default 20 contents, and summarizes a request it
 * should leave alone at 2. Differential fuzzing against the sliding window, both sides drawing the
 * same options, finds it; without drawing it cannot. The counterexample carries the options it
 * needs (shrunk towards the defaults) and replays with them through `simulate`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SLIDING_WINDOW_OPTION_SPACE } from '../../src/engine/strategies/option-spaces.ts';
import { runDifferentialFuzz, type DifferentialOptions } from '../../src/fuzz/differential/run-differential.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { runOneScenario } from '../../src/harness/run/run-one-scenario.ts';
import { loadScenario } from '../../src/harness/scenario/index.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-option-bugs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const BUG = './src/fuzz/planted-bugs/sliding-window-split-at-zero.ts';

// Thirty runs from seed 8: runs that draw a small maxTurns differ on no-loop. Not one hand-picked
// run: the corpus changes whenever the generator draws something new (facts, since issue 29).
const options: DifferentialOptions = {
  strategy: { name: BUG, options: {} },
  against: { name: 'sliding_window', options: {} },
  runs: 30,
  seed: 8,
  properties: ['no-loop'],
  outDir: out,
  cwd: process.cwd(),
  maxShrinkCandidates: 4,
};

describe('a bug only non-default options show', () => {
  it('is invisible while every run plays the defaults', async () => {
    const report = await runDifferentialFuzz({ ...options, varyOptions: false, outDir: null });
    expect(report.optionSpace).toBeNull();
    expect(report.properties[0]).toMatchObject({ compared: 30, onlyMine: [], onlyReference: [] });
  });

  it('is found with drawn options, both sides playing the same ones, and replays with them', {
    timeout: 300_000,
  }, async () => {
    const report = await runDifferentialFuzz(options);
    expect(report.optionSpace).toEqual(SLIDING_WINDOW_OPTION_SPACE);
    expect(report.optionsNote).toBeNull();
    const [property] = report.properties;
    expect(property!.onlyMine.length).toBeGreaterThan(0);
    expect(property!.onlyReference).toEqual([]);
    expect(report.failed).toBe(true);

    // The window the bug needs (fast-check shrinks the scenario before the options, and 4
    // candidates may leave the attempts as drawn: test/fuzz/option-variation.test.ts shows the options shrinking).
    const found = property!.counterexample!;
    const played = found.failure.spec.strategy!.options!;
    // Below the default of 20: the bug needs a drawn window.
    expect(played.maxTurns).toBeLessThan(20);
    const drawn = `--strategy-options '${JSON.stringify(played)}'`;
    expect(found.file.simulateCommand).toContain(`--strategy ${BUG} ${drawn}`);
    expect(found.file.referenceCommand).toContain(`--strategy sliding_window ${drawn}`);
    expect(found.file.fuzzCommand).not.toContain('--strategy-options'); // the path draws them again
    const text = readFileSync(found.file.file, 'utf8');
    expect(text).toContain(
      `Strategy options drawn for this run (shrunk towards the defaults): maxCompactionAttempts ${String(played.maxCompactionAttempts)}, maxTurns ${String(played.maxTurns)}.`,
    );

    // simulate: with the file's options the variant breaks no-loop at a step where the sliding
    // window with the same options still holds it (here it breaks it one summarization later:
    // `found.reference`); without them, the variant plays exactly as the sliding window does.
    const scenario = await loadScenario(found.file.file);
    expect(scenario.strategy.options).toEqual(played);
    const failures = async (strategy: typeof scenario.strategy) =>
      (await runOneScenario({ ...scenario, strategy })).failures;
    const noLoopStep = async (strategy: typeof scenario.strategy) => {
      const failure = (await failures(strategy)).find((candidate) => candidate.expectation === 'no-loop');
      return failure === undefined ? Number.POSITIVE_INFINITY : Number(/step (\d+)/.exec(failure.message)![1]);
    };
    const mine = await noLoopStep(scenario.strategy);
    expect(mine).toBe(found.failure.violation.step);
    expect(await noLoopStep({ ...scenario.strategy, name: 'sliding_window' })).toBeGreaterThan(mine);
    const defaults = { ...scenario.strategy, options: {} };
    expect(await failures(defaults)).toEqual(await failures({ ...defaults, name: 'sliding_window' }));

    // The printed path replays the difference, drawing the same options.
    const again = await runDifferentialFuzz({
      ...options,
      path: found.failure.path,
      outDir: null,
      maxShrinkCandidates: 1,
    });
    expect(again.properties[0]!.onlyMine).toEqual([0]);
    expect(again.properties[0]!.counterexample!.failure.spec).toEqual(found.failure.spec);
  });

  it('a plain counterexample carries its drawn options, and simulate fails on it with them', {
    timeout: 60_000,
  }, async () => {
    // The sliding window itself breaks no-loop on seed 8's run 0 (drawn maxTurns 2, above).
    const report = await runFuzz({ ...options, strategy: options.against, maxShrinkCandidates: 4 });
    const found = report.properties[0]!.counterexample!;
    const played = found.failure.spec.strategy!.options!;
    expect(report.optionSpace).toEqual(SLIDING_WINDOW_OPTION_SPACE);
    expect(found.file.spec.strategy).toEqual({ name: 'sliding_window', options: played });
    expect(found.file.simulateCommand).toContain(
      `--strategy sliding_window --strategy-options '${JSON.stringify(played)}'`,
    );
    const scenario = await loadScenario(found.file.file);
    expect(found.file.spec.expect).toEqual({ noLoop: true });
    expect((await runOneScenario(scenario)).failures.map((failure) => failure.expectation)).toContain('noLoop');
  });
});

/**
 * Strategy options drawn per run (arbitraries/strategy-options.ts): from the space a strategy
 * declares, the same per run id however the runs are played, shrinking towards the defaults; the
 * scenarios themselves unchanged; a strategy that declares nothing fuzzed exactly as before; the
 * declarations a property reads taken from the instance built with the run's options.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredTrigger } from '../../src/checker/properties/declared-trigger.ts';
import { SLIDING_WINDOW_OPTION_SPACE, THRESHOLD_OPTION_SPACE } from '../../src/engine/strategies/option-spaces.ts';
import { slidingWindowStrategy } from '../../src/engine/strategies/sliding-window.ts';
import type { CompactionStrategy, OptionSpace } from '../../src/engine/types.ts';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { strategyOptionsArbitrary, withDrawnOptions } from '../../src/fuzz/arbitraries/strategy-options.ts';
import { sharedOptionSpace } from '../../src/fuzz/differential/run-differential.ts';
import { corpusFingerprint } from '../../src/fuzz/run/corpus-fingerprint.ts';
import { explore } from '../../src/fuzz/run/explore.ts';
import { createCasePlayer, type CasePlayer } from '../../src/fuzz/run/play-case.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { assertSpaceAccepted, readOptionSpace, variedSpace } from '../../src/harness/strategy/option-space.ts';
import { resolveScenario, type ScenarioSpec } from '../../src/harness/scenario/index.ts';
import { runSession } from '../../src/world/index.ts';
import { optionsLine } from '../../src/fuzz/run/format-fuzz-report.ts';
import { runCli } from '../cli/run-cli.ts';

const SPACE = SLIDING_WINDOW_OPTION_SPACE;

describe('drawing strategy options', () => {
  it('draws every declared option within its range, the same for the same seed', () => {
    const first = fc.sample(strategyOptionsArbitrary(SPACE), { seed: 3, numRuns: 300 });
    expect(fc.sample(strategyOptionsArbitrary(SPACE), { seed: 3, numRuns: 300 })).toEqual(first);
    for (const options of first) {
      expect(Object.keys(options).sort()).toEqual(['maxCompactionAttempts', 'maxTurns']);
      expect(options.maxTurns).toBeGreaterThanOrEqual(2);
      expect(options.maxTurns).toBeLessThanOrEqual(40);
      expect(options.maxCompactionAttempts).toBeGreaterThanOrEqual(1);
      expect(options.maxCompactionAttempts).toBeLessThanOrEqual(4);
    }
    // Both ends of each range and the defaults come up (fast-check's bias favours them).
    const turns = new Set(first.map((options) => options.maxTurns));
    for (const value of [2, 20, 33, 40]) expect(turns.has(value)).toBe(true);
  });

  it('shrinks towards the defaults, keeping only the departure a failure needs', () => {
    const shrunk = (fails: (options: Record<string, number>) => boolean) => {
      const details = fc.check(
        fc.property(strategyOptionsArbitrary(SPACE), (options) => !fails(options)),
        { seed: 1, numRuns: 500 },
      );
      return details.counterexample?.[0];
    };
    expect(shrunk(() => true)).toEqual({ maxTurns: 20, maxCompactionAttempts: 3 });
    expect(shrunk((options) => options.maxTurns! >= 33)).toEqual({ maxTurns: 33, maxCompactionAttempts: 3 });
    expect(shrunk((options) => options.maxTurns! <= 2)).toEqual({ maxTurns: 2, maxCompactionAttempts: 3 });
    expect(shrunk((options) => options.maxCompactionAttempts === 1)).toEqual({
      maxTurns: 20,
      maxCompactionAttempts: 1,
    });
  });

  it("leaves each run's scenario as it was, and gives a run the same options however it is played", async () => {
    const base = scenarioSpecArbitrary();
    const varied = withDrawnOptions(base, SPACE);
    const plain = fc.sample(base, { seed: 5, numRuns: 12 });
    const sampled = fc.sample(varied, { seed: 5, numRuns: 12 });
    expect(sampled.map(({ strategy: _drawn, ...spec }) => spec)).toEqual(plain);
    expect(new Set(sampled.map((spec) => JSON.stringify(spec.strategy?.options))).size).toBeGreaterThan(1);

    // fc.check (explore in this thread, a shard of it) draws what fc.sample (workers) draws.
    const seen = new Map<number, unknown>();
    let run = 0;
    const recorder: CasePlayer = {
      play: async (spec) => {
        seen.set(run, spec.strategy?.options);
        run += 1;
        return new Map();
      },
    };
    await explore(varied, recorder, { seed: 5, runs: 12, properties: [], replaySample: 10 });
    expect([...seen.values()]).toEqual(sampled.map((spec) => spec.strategy?.options));
  });

  it('fuzzes a strategy that declares nothing on exactly the corpus it always had', async () => {
    const report = await runFuzz({
      strategy: { name: './src/fuzz/planted-bugs/never-compact.ts', options: {} },
      runs: 2,
      seed: 9,
      properties: ['events-immutable'],
      outDir: null,
      cwd: process.cwd(),
    });
    expect(report.optionSpace).toBeNull();
    expect(report.corpus).toBe(corpusFingerprint(scenarioSpecArbitrary(), 9, 2));
  });
});

describe('declared option spaces', () => {
  it('are read as plain data and checked: integers with min <= default <= max', () => {
    const strategy = (optionSpace: unknown) =>
      ({ name: 'mine', compact: () => undefined, declarations: { optionSpace } }) as unknown as CompactionStrategy;
    expect(readOptionSpace(slidingWindowStrategy())).toEqual(SPACE);
    expect(readOptionSpace({ name: 'mine', compact: () => undefined })).toBeNull();
    expect(readOptionSpace(strategy({}))).toBeNull();
    expect(() => readOptionSpace(strategy({ depth: { min: 3, max: 2, default: 2 } }))).toThrow(
      'declarations.optionSpace.depth must be integers with min <= default <= max',
    );
    expect(() => readOptionSpace(strategy({ depth: { min: 0, max: 2.5, default: 1 } }))).toThrow('optionSpace.depth');
    expect(() => readOptionSpace(strategy([1]))).toThrow('must be an object');
  });

  it('must be accepted by the factory at both ends of each range', () => {
    const picky = (options?: Record<string, unknown>) => {
      if (options?.depth === 9) throw new RangeError('depth 9 is too deep');
      return { name: 'picky', compact: () => undefined };
    };
    expect(() => assertSpaceAccepted(picky, { depth: { min: 1, max: 8, default: 2 } }, {}, 'picky')).not.toThrow();
    expect(() => assertSpaceAccepted(picky, { depth: { min: 1, max: 9, default: 2 } }, {}, 'picky')).toThrow(
      'declares depth in [1, 9] but rejects 9',
    );
  });

  it('lose the options the user fixed; both sides of a differential run draw only from one shared space', () => {
    expect(variedSpace(SPACE, { maxTurns: 7 })).toEqual({ maxCompactionAttempts: SPACE.maxCompactionAttempts });
    expect(variedSpace(SPACE, { maxTurns: 7, maxCompactionAttempts: 2 })).toBeNull();
    const sides = { strategy: { name: 'mine', options: {} }, against: { name: 'sliding_window', options: {} } };
    expect(sharedOptionSpace(sides, SPACE, { ...SPACE })).toEqual({ space: SPACE, note: null });
    expect(
      sharedOptionSpace({ ...sides, against: { name: 'sliding_window', options: { maxTurns: 9 } } }, SPACE, SPACE)
        .space,
    ).toEqual({ maxCompactionAttempts: SPACE.maxCompactionAttempts });
    expect(sharedOptionSpace({ ...sides, varyOptions: false }, SPACE, SPACE)).toEqual({ space: null, note: null });
    expect(sharedOptionSpace(sides, null, null)).toEqual({ space: null, note: null });
    const other: OptionSpace = { maxTurns: { min: 2, max: 30, default: 20 } };
    for (const [mine, reference] of [
      [SPACE, other],
      [SPACE, null],
      [null, THRESHOLD_OPTION_SPACE],
    ] as const) {
      const shared = sharedOptionSpace(sides, mine, reference);
      expect(shared.space).toBeNull();
      expect(shared.note).toMatch(
        /^strategy options not drawn: the declared option spaces differ \(mine: .*; sliding_window: .*\), so each side plays its given options on every run$/,
      );
    }
  });
});

describe('a run played with its drawn options', () => {
  // One turn of eight sequential tool calls: 17 contents, never more than the default window of 20.
  const spec: ScenarioSpec = {
    name: 'chain',
    session: { contextWindow: 100_000 },
    turns: [
      {
        user: 'investigate the outage',
        sequential: true,
        tools: 'abcdefgh'.split('').map((name) => ({ name, size: 200 })),
      },
    ],
    strategy: { name: 'sliding_window', options: { maxTurns: 5 } },
  };

  it("is judged on the instance built with them: declared-trigger reads that instance's trigger", async () => {
    const player = createCasePlayer(
      { name: 'sliding_window', options: {}, baseDir: process.cwd() },
      [declaredTrigger],
      {},
      true,
    );
    expect((await player.play(spec)).get('declared-trigger')).toEqual({ status: 'passed' });

    // The check is not vacuous: that run compacts at 6 contents, which the default instance's
    // trigger (21) calls compacting below the trigger.
    const world = resolveScenario(spec, { file: 'chain.yaml', baseDir: process.cwd() }).world;
    const played = slidingWindowStrategy({ maxTurns: 5 });
    const result = await runSession(world, { strategy: played });
    expect(declaredTrigger.check(world, result, undefined, played)).toBeNull();
    expect(declaredTrigger.check(world, result, undefined, slidingWindowStrategy())?.message).toMatch(/compact/);
  });
});

describe('the report and the command line', () => {
  it('say which options were drawn, and --no-vary-options turns drawing off (and is kept in the rerun line)', {
    timeout: 30_000,
  }, async () => {
    expect(optionsLine(SPACE)).toBe(
      '\nstrategy options drawn per run: maxCompactionAttempts 1..4 (default 3), maxTurns 2..40 (default 20); shrunk towards the defaults (--no-vary-options: the given options on every run)',
    );
    expect(optionsLine(null)).toBe('');
    const off = await runCli([
      'fuzz',
      '--strategy',
      'sliding_window',
      '--runs',
      '1',
      '--seed',
      '7',
      '--property',
      'events-immutable',
      '--quiet',
      '--no-vary-options',
    ]);
    expect(off.code).toBe(0);
    expect(off.stdout).not.toContain('strategy options drawn per run');
    expect(off.stdout).toContain(
      'rerun: npx compaction-sim fuzz --strategy sliding_window --no-vary-options --runs 1 --seed 7',
    );
  });
});

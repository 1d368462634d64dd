/**
 * The fast contents builder (src/world/fast/) against the reference one (adk-js's `getContents`
 * as written, agents/reference-request-contents.ts): every session must play identically, to the
 * trace digest (every request the model received, every event, the state after each step), the
 * step records, the failure and the totals.
 *
 * What is played: all of the seed suites (stress, brutal), of the ADK quirks and of the museum
 * (peer strategies, compaction records and their projection), a fixed sample of every other suite (every k-th file, in name order: not
 * chosen by outcome), and 20 scenarios drawn by the fuzzer's own generator with the built-in
 * strategies. The reference rebuilds every request from the whole history, so the sample keeps
 * the file's CPU modest.
 */
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { loadScenarios, resolveScenario, type ResolvedScenario } from '../../src/harness/scenario/index.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { runSession } from '../../src/world/index.ts';
import { ROOT } from '../cli/run-cli.ts';

const WHOLE = ['scenarios/stress', 'scenarios/brutal', 'scenarios/adk-quirks', 'scenarios/museum'];
const SAMPLED: readonly (readonly [string, number])[] = [
  ['scenarios/regressions', 3],
  ['scenarios/examples', 2],
  ['scenarios/probes', 6],
];

function sampledFiles(dir: string, every: number): string[] {
  const files = readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  return files.filter((_, i) => i % every === 0).map((name) => join(ROOT, dir, name));
}

async function playBoth(scenario: ResolvedScenario): Promise<void> {
  const play = async (contentsBuilder: 'fast' | 'reference') => {
    const strategy = await createStrategy(scenario.strategy, { fresh: true });
    const result = await runSession(scenario.world, { strategy, traceDigest: true, contentsBuilder });
    return {
      digest: result.traceDigest,
      // Every step record, the compaction coverage included (summarizer-input-budget,
      // no-summary-growth): it knows history contents by session event, not by builder source.
      steps: result.steps,
      failure: result.failure,
      totals: result.totals,
      turnAnswers: result.turnAnswers,
      retention: result.retention,
    };
  };
  const fast = await play('fast');
  const reference = await play('reference');
  expect(fast.digest).toMatch(/\S/);
  expect(fast.steps.length).toBeGreaterThan(0);
  expect(fast).toEqual(reference);
}

describe('fast vs reference request contents: identical sessions', () => {
  const files = [
    ...WHOLE.map((dir) => join(ROOT, dir)),
    ...SAMPLED.flatMap(([dir, every]) => sampledFiles(dir, every)),
  ];

  it('the suites (all of stress, brutal, adk-quirks and museum, a fixed sample of the others)', async () => {
    const scenarios = await loadScenarios(files);
    expect(scenarios.length).toBeGreaterThan(70);
    for (const scenario of scenarios) {
      await expect(
        playBoth(scenario).then(() => scenario.world.name),
        scenario.world.name,
      ).resolves.toBe(scenario.world.name);
    }
  }, 600_000);

  it("20 scenarios from the fuzzer's generator", async () => {
    const specs = fc.sample(scenarioSpecArbitrary(), { numRuns: 20, seed: 20_261_126 });
    for (const spec of specs) {
      const scenario = resolveScenario(spec, { file: 'fuzz-case.yaml', baseDir: ROOT });
      await expect(playBoth(scenario).then(() => scenario.world.name)).resolves.toBe(scenario.world.name);
    }
  }, 600_000);
});

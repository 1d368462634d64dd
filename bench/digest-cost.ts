/**
 * What the trace digest costs: the seed suites (scenarios/stress + scenarios/brutal) and a
 * 1,000-turn session, played with and without `traceDigest`, alternating, CPU time in this process.
 *
 *   npx tsx bench/digest-cost.ts [--rounds N]
 */
import { BUILTIN_STRATEGIES } from '../src/engine/index.ts';
import { loadScenarios } from '../src/harness/scenario/index.ts';
import { createStrategy } from '../src/harness/strategy/load-strategy.ts';
import { goScenario, turnsOf } from '../src/world/go-compat/go-scenario.ts';
import { runSession } from '../src/world/index.ts';
import type { WorldScenario } from '../src/world/world-scenario.ts';
import type { CompactionStrategy } from '../src/engine/types.ts';
import { cpuMs, intOption, median } from './bench-timing.ts';

interface Entry {
  readonly world: WorldScenario;
  readonly strategy: () => CompactionStrategy | Promise<CompactionStrategy>;
}

async function pass(entries: readonly Entry[], traceDigest: boolean): Promise<number> {
  let ms = 0;
  for (const entry of entries) {
    const strategy = await entry.strategy();
    const start = cpuMs();
    await runSession(entry.world, { strategy, traceDigest });
    ms += cpuMs() - start;
  }
  return ms;
}

const rounds = intOption(process.argv.slice(2), 'rounds', 7);
const suite: Entry[] = (await loadScenarios(['scenarios/stress', 'scenarios/brutal'])).map((s) => ({
  world: s.world,
  strategy: () => createStrategy(s.strategy),
}));
const long: Entry[] = [
  {
    world: goScenario(
      {
        name: 'digest-1000',
        contextWindow: 8000,
        systemPromptSize: 500,
        modelName: 'small-model',
        hasUsageMetadata: true,
        tokenRatio: 1.8,
      },
      turnsOf(1000, (i) => ({
        user: { longMessage: 500 },
        toolCalls: i % 3 === 0 ? [{ name: 'web_search', size: 1000 }] : [],
      })),
    ),
    strategy: () => BUILTIN_STRATEGIES.threshold!({}),
  },
];
for (const [name, entries] of [
  ['seed suites', suite],
  ['1,000 turns', long],
] as const) {
  const off: number[] = [];
  const on: number[] = [];
  for (let round = 0; round < rounds + 1; round += 1) {
    const order = round % 2 === 0 ? [false, true] : [true, false];
    for (const digest of order) {
      const ms = await pass(entries, digest);
      if (round > 0) (digest ? on : off).push(ms);
    }
  }
  const [a, b] = [median(off), median(on)];
  console.log(
    `${name}: without digest ${a.toFixed(1)} ms, with ${b.toFixed(1)} ms (+${((100 * (b - a)) / a).toFixed(0)} %)`,
  );
}

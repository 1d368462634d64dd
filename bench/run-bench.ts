/**
 * `npm run bench`: how fast the world is.
 *  1. Scaling: a 1,000-turn session against a 100-turn session of the same shape (target: the
 *     long one costs at most 12× the short one, i.e. a step costs little more than its new
 *     content).
 *  2. The 47 seed scenarios in-process (scenarios/stress + scenarios/brutal through the harness
 *     loader when present, else the §11a table built here), cold and warm (target: < 1 s).
 * Timing uses `performance.now()`; nothing here feeds back into results.
 */
import { existsSync } from 'node:fs';
import Table from 'cli-table3';
import { BUILTIN_STRATEGIES } from '../src/engine/index.ts';
import type { CompactionStrategy } from '../src/engine/types.ts';
import { goScenario, turnsOf } from '../src/world/go-compat/go-scenario.ts';
import { runSession } from '../src/world/index.ts';
import type { WorldScenario } from '../src/world/world-scenario.ts';
import { goSeedCases } from './go-seed-table.ts';

interface SuiteEntry {
  readonly name: string;
  readonly world: WorldScenario;
  readonly strategy: () => CompactionStrategy | Promise<CompactionStrategy>;
}

const threshold = (): CompactionStrategy => BUILTIN_STRATEGIES.threshold!({});

function sessionOf(turns: number): WorldScenario {
  return goScenario(
    { name: `scaling-${turns}`, contextWindow: 8000, systemPromptSize: 500, modelName: 'small-model', hasUsageMetadata: true, tokenRatio: 1.8 },
    turnsOf(turns, (i) => ({ user: { longMessage: 500 }, toolCalls: i % 3 === 0 ? [{ name: 'web_search', size: 1000 }] : [] })),
  );
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now(); // clock-ok
  const value = await fn();
  return { ms: performance.now() - start, value }; // clock-ok
}

async function loadSuite(): Promise<{ source: string; entries: SuiteEntry[] }> {
  if (existsSync('scenarios/stress') && existsSync('scenarios/brutal')) {
    try {
      const harness = (await import('../src/harness/scenario/index.ts')) as { loadScenarios?: (paths: readonly string[]) => Promise<{ name: string; world: WorldScenario; strategy: { name: string; options: Record<string, unknown>; baseDir: string } }[]> };
      const strategies = (await import('../src/harness/strategy/load-strategy.ts')) as { createStrategy?: (spec: { name: string; options: Record<string, unknown>; baseDir: string }) => Promise<CompactionStrategy> };
      if (harness.loadScenarios && strategies.createStrategy) {
        const create = strategies.createStrategy;
        const loaded = await harness.loadScenarios(['scenarios/stress', 'scenarios/brutal']);
        return { source: 'scenarios/stress + scenarios/brutal', entries: loaded.map((s) => ({ name: s.name, world: s.world, strategy: () => create(s.strategy) })) };
      }
    } catch (error) {
      console.warn(`bench: could not load the scenario files (${error instanceof Error ? error.message : String(error)}); using the §11a table`);
    }
  }
  return { source: 'the §11a table (bench/go-seed-table.ts)', entries: goSeedCases().map((c) => ({ name: c.test, world: c.scenario, strategy: threshold })) };
}

async function runSuiteOnce(entries: readonly SuiteEntry[]): Promise<{ total: number; each: { name: string; ms: number; steps: number }[] }> {
  const each: { name: string; ms: number; steps: number }[] = [];
  const { ms } = await timed(async () => {
    for (const entry of entries) {
      const strategy = await entry.strategy();
      const run = await timed(() => runSession(entry.world, { strategy }));
      each.push({ name: entry.name, ms: run.ms, steps: run.value.totals.llmSteps });
    }
  });
  return { total: ms, each };
}

async function main(): Promise<void> {
  // 1. Scaling.
  await runSession(sessionOf(100), { strategy: threshold() }); // warm-up
  const short = await timed(() => runSession(sessionOf(100), { strategy: threshold() }));
  const long = await timed(() => runSession(sessionOf(1000), { strategy: threshold() }));
  const ratio = long.ms / short.ms;
  const scaling = new Table({ head: ['session', 'turns', 'LLM steps', 'ms', 'ms / step'] });
  for (const [name, run] of [['short', short], ['long', long]] as const) {
    scaling.push([name, run.value.totals.turns, run.value.totals.llmSteps, run.ms.toFixed(1), (run.ms / run.value.totals.llmSteps).toFixed(3)]);
  }
  console.log('Scaling (8k window, longMessage(500), web_search every 3rd turn, threshold strategy)');
  console.log(scaling.toString());
  console.log(`1,000 turns cost ${ratio.toFixed(1)}× 100 turns (target ≤ 12×): ${ratio <= 12 ? 'met' : 'NOT met'}\n`);

  // 2. Seed suite.
  const { source, entries } = await loadSuite();
  const cold = await runSuiteOnce(entries);
  const warm = await runSuiteOnce(entries);
  const slowest = [...warm.each].sort((a, b) => b.ms - a.ms).slice(0, 10);
  const table = new Table({ head: ['slowest scenarios (warm)', 'LLM steps', 'ms'] });
  for (const row of slowest) table.push([row.name, row.steps, row.ms.toFixed(1)]);
  console.log(`Seed suite: ${entries.length} scenarios from ${source}, in-process, one thread`);
  console.log(table.toString());
  const totals = new Table({ head: ['run', 'scenarios', 'LLM steps', 'total ms'] });
  for (const [name, run] of [['cold (first run, JIT warming)', cold], ['warm', warm]] as const) {
    totals.push([name, run.each.length, run.each.reduce((n, r) => n + r.steps, 0), run.total.toFixed(1)]);
  }
  console.log(totals.toString());
  console.log(`warm suite: ${warm.total.toFixed(0)} ms (target < 1000 ms): ${warm.total < 1000 ? 'met' : 'NOT met'}`);
}

await main();

/**
 * Speed side by side: the same scenarios played in the world and in the real @google/adk 2.0.0
 * runner (same scripted model, tools, summarizer and ContextGuard strategy), and the ratio.
 * Target: the world is at least 20× faster while sending identical requests; "identical" is
 * checked first with the differential verifier (untimed), then each side is timed on its own
 * (no traces; the world measures every step as it always does, the adk-js run measures nothing but
 * the prompt-token count its scripted model reports), after a warm-up that also pays adk-js's
 * import.
 *
 *   npx tsx bench/adk-vs-world.ts [paths..]      (default scenarios/stress scenarios/brutal)
 *
 * `benchAdkVsWorld` / `renderAdkVsWorld` are exported for the main bench. Timing uses
 * `performance.now()`; nothing here feeds back into results.
 */
import { pathToFileURL } from 'node:url';
import Table from 'cli-table3';
import { colorAllowed } from '../src/harness/report/ansi.ts';
import { runInRealAdk, verifyScenario } from '../src/adk/differential/verify-scenario.ts';
import { loadScenarios } from '../src/harness/scenario/index.ts';
import type { ResolvedScenario } from '../src/harness/scenario/index.ts';
import { createStrategy } from '../src/harness/strategy/load-strategy.ts';
import { runSession } from '../src/world/index.ts';

export const TARGET_SPEEDUP = 20;
const DEFAULT_PATHS = ['scenarios/stress', 'scenarios/brutal'];

export interface AdkVsWorldRow {
  readonly name: string;
  readonly steps: number;
  readonly worldMs: number;
  readonly adkMs: number;
  /** Every step's requests, events and state were identical in both runs. */
  readonly identical: boolean;
}

export interface AdkVsWorldResult {
  readonly rows: readonly AdkVsWorldRow[];
  readonly worldMs: number;
  readonly adkMs: number;
  /** adkMs / worldMs over all scenarios. */
  readonly speedup: number;
  readonly identical: number;
}

export async function benchAdkVsWorld(paths: readonly string[] = DEFAULT_PATHS): Promise<AdkVsWorldResult> {
  const scenarios = (await loadScenarios([...paths])).filter((s) => s.world.flavour === 'adk-js');
  if (scenarios.length === 0) throw new Error(`bench: no adk-js scenarios under ${paths.join(' ')}`);
  // Warm-up (JIT, adk-js import, tokenizer tables), untimed.
  await timeWorld(scenarios[0]!);
  await timeAdk(scenarios[0]!);
  const rows: AdkVsWorldRow[] = [];
  for (const scenario of scenarios) {
    const identical = (await verifyScenario(scenario)).verdict === 'pass';
    const world = await timeWorld(scenario);
    const adk = await timeAdk(scenario);
    rows.push({ name: scenario.name, steps: world.steps, worldMs: world.ms, adkMs: adk.ms, identical });
  }
  const worldMs = rows.reduce((sum, row) => sum + row.worldMs, 0);
  const adkMs = rows.reduce((sum, row) => sum + row.adkMs, 0);
  return { rows, worldMs, adkMs, speedup: adkMs / worldMs, identical: rows.filter((row) => row.identical).length };
}

async function timeWorld(scenario: ResolvedScenario): Promise<{ ms: number; steps: number }> {
  const strategy = await createStrategy(scenario.strategy);
  const start = performance.now(); // clock-ok
  const result = await runSession(scenario.world, { strategy });
  return { ms: performance.now() - start, steps: result.totals.llmSteps }; // clock-ok
}

async function timeAdk(scenario: ResolvedScenario): Promise<{ ms: number }> {
  const strategy = await createStrategy(scenario.strategy);
  const start = performance.now(); // clock-ok
  await runInRealAdk(scenario.world, { compactor: { kind: 'context-guard', strategy }, measure: false });
  return { ms: performance.now() - start }; // clock-ok
}

export function renderAdkVsWorld(result: AdkVsWorldResult): string {
  const color = colorAllowed(process.stdout);
  const table = new Table({
    head: ['scenario', 'LLM steps', 'world ms', 'adk-js ms', 'adk / world', 'identical'],
    style: { head: color ? ['red'] : [], border: color ? ['grey'] : [] },
  });
  for (const row of result.rows) {
    table.push([row.name, row.steps, row.worldMs.toFixed(1), row.adkMs.toFixed(1), `${(row.adkMs / row.worldMs).toFixed(1)}×`, row.identical ? 'yes' : 'NO']);
  }
  const verdict = result.speedup >= TARGET_SPEEDUP ? 'meets' : 'misses';
  return [
    'World vs real @google/adk 2.0.0 runner (same scenarios, same strategy, no traces)',
    table.toString(),
    `total: world ${result.worldMs.toFixed(0)} ms, adk-js ${result.adkMs.toFixed(0)} ms: the world is ${result.speedup.toFixed(1)}× faster (${verdict} the ${TARGET_SPEEDUP}× target)`,
    `identical requests, events and state: ${result.identical}/${result.rows.length} scenarios`,
  ].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const paths = process.argv.slice(2);
  const result = await benchAdkVsWorld(paths.length > 0 ? paths : DEFAULT_PATHS);
  console.log(renderAdkVsWorld(result));
}

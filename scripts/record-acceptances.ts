/**
 * `npm run accept:record -- [paths..] [--strategy <built-in>]`: plays the scenarios (each with its
 * own strategy, or the given built-in) and writes into each file the steps at which its
 * acceptances for that strategy are violated (src/harness/scenario/record-acceptances.ts). Review
 * the diff and commit it with the reason the pins moved. Exit 1 when an acceptance matched no
 * violation (stale: remove it by hand, or fix the scenario), 0 otherwise.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { prepareRequestFloor } from '../src/checker/infeasibility/measure-floor.ts';
import { runSuite } from '../src/harness/run/run-suite.ts';
import { namesStrategy } from '../src/harness/scenario/acceptance.ts';
import type { PinnedStep } from '../src/harness/scenario/acceptance-steps.ts';
import { recordAcceptances } from '../src/harness/scenario/record-acceptances.ts';
import { violatingSteps } from '../src/harness/scenario/violating-steps.ts';
import { builtinStrategyNames } from '../src/harness/strategy/load-strategy.ts';
import { isModulePath } from '../src/harness/strategy/module-path.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--strategy');
const strategy = at >= 0 ? args[at + 1] : undefined;
const paths = args.filter((_, index) => at < 0 || (index !== at && index !== at + 1));
const builtins = builtinStrategyNames();
if (strategy !== undefined && !builtins.has(strategy)) {
  process.stderr.write(
    `accept:record: --strategy must be a built-in (${[...builtins].join(', ')}); a module strategy's acceptances belong in its own --accept file\n`,
  );
  process.exit(2);
}

const run = await runSuite({
  paths: paths.length > 0 ? paths : ['scenarios'],
  strategy,
  jobs: availableParallelism(),
  timeoutMs: 120_000,
});
/** file → accept index → the steps violated, united over the file's sessions. */
const measured = new Map<string, Map<number, Set<PinnedStep>>>();
for (const { scenario, result } of run.outcomes) {
  if (result === null) {
    process.stderr.write(`accept:record: ${scenario.id} did not finish; its acceptances are left as they are\n`);
    continue;
  }
  const identity = { name: strategy ?? scenario.strategy.name, builtin: !isModulePath(scenario.strategy.name) };
  await prepareRequestFloor(scenario.world);
  const byIndex = measured.get(scenario.file) ?? new Map<number, Set<PinnedStep>>();
  measured.set(scenario.file, byIndex);
  scenario.accept.forEach((entry, index) => {
    if (entry.fromFile === true || !namesStrategy(entry, identity, builtins)) return;
    const steps = byIndex.get(index) ?? new Set<PinnedStep>();
    for (const step of violatingSteps(entry.property, scenario.world, result)) steps.add(step);
    byIndex.set(index, steps);
  });
}

let staleCount = 0;
for (const [file, byIndex] of measured) {
  if (byIndex.size === 0) continue;
  const path = resolve(file);
  const text = await readFile(path, 'utf8');
  const recorded = recordAcceptances(
    text,
    [...byIndex].map(([index, steps]) => ({ index, steps: [...steps] })),
  );
  if (recorded.changed) {
    await writeFile(path, recorded.text);
    process.stdout.write(`recorded ${file}\n`);
  }
  for (const index of recorded.stale) {
    staleCount += 1;
    process.stdout.write(`stale: ${file} accept[${index}] matched no violation: remove it, or fix the scenario\n`);
  }
}
process.exit(staleCount > 0 ? 1 : 0);

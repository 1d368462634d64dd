/**
 * `checkScenario()`: plays one scenario through a strategy in this thread and judges it with the
 * fuzzer's properties, exactly as `fuzz` judges each generated case (a replay when
 * `deterministic-replay` is asked for; infeasible violations kept apart). It is what a property
 * test in a user's own suite calls for each scenario fast-check generates:
 *
 *   test.prop([scenarioSpecArbitrary()])('never overflows', async (scenario) => {
 *     const { failures } = await checkScenario(scenario, { strategy: myStrategy });
 *     expect(failures).toEqual([]);
 *   });
 *
 * No worker and no watchdog: a strategy stuck in a loop hangs the test (the test runner's own
 * timeout stops it); `fuzz()` runs cases under a watchdog.
 */
import { resolve } from 'node:path';
import { PROPERTY_NAMES, propertyByName } from '../checker/properties/index.ts';
import type { PropertyName, PropertyViolation } from '../checker/properties/property.ts';
import type { CompactionStrategy, StrategyFactory } from '../engine/types.ts';
import { createPlayer } from '../fuzz/run/play-case.ts';
import type { Verdict } from '../checker/verdict.ts';
import type { ScenarioSpec } from '../harness/scenario/scenario-schema.ts';
import { createStrategy, factoryFromExport, strategyFromFactory } from '../harness/strategy/load-strategy.ts';

export interface CheckScenarioOptions {
  /**
   * The strategy under test: a `StrategyFactory` (called for a fresh strategy per session, with
   * `strategyOptions`), a `CompactionStrategy` object (reused as it is), or a built-in name /
   * module path as `simulate` takes them (relative to `cwd`).
   */
  readonly strategy: StrategyFactory | CompactionStrategy | string;
  readonly strategyOptions?: Readonly<Record<string, unknown>>;
  /** The properties to judge (default: all eleven, `PROPERTY_NAMES`). */
  readonly properties?: readonly PropertyName[];
  /** Where a module path starts (default: `process.cwd()`). */
  readonly cwd?: string;
}

export interface ScenarioCheck {
  /** Every judged property's verdict: passed, failed, infeasible, or not-checked (the world failed). */
  readonly verdicts: Readonly<Partial<Record<PropertyName, Verdict>>>;
  /** The real failures, in property order ([] when every property held or was infeasible). */
  readonly failures: readonly PropertyViolation[];
  /** Violations the scenario made unavoidable (no strategy could pass): never failures. */
  readonly infeasible: readonly PropertyViolation[];
}

export async function checkScenario(scenario: ScenarioSpec, options: CheckScenarioOptions): Promise<ScenarioCheck> {
  const names = options.properties ?? PROPERTY_NAMES;
  const cwd = resolve(options.cwd ?? process.cwd());
  const player = createPlayer(strategySource(options, cwd), cwd, names.map(propertyByName));
  const verdicts = await player.play(scenario);
  const judged = names.map((name) => verdicts.get(name)!);
  return {
    verdicts: Object.fromEntries(names.map((name, index) => [name, judged[index]])),
    failures: judged.flatMap((verdict) => (verdict.status === 'failed' ? [verdict.violation] : [])),
    infeasible: judged.flatMap((verdict) => (verdict.status === 'infeasible' ? [verdict.violation] : [])),
  };
}

function strategySource(options: CheckScenarioOptions, cwd: string): () => Promise<CompactionStrategy> {
  const strategyOptions = options.strategyOptions ?? {};
  if (typeof options.strategy === 'string') {
    const spec = { name: options.strategy, options: strategyOptions, baseDir: cwd };
    return () => createStrategy(spec);
  }
  const factory = factoryFromExport(options.strategy, 'given to checkScenario');
  return () => Promise.resolve(strategyFromFactory(factory, strategyOptions, 'given to checkScenario'));
}

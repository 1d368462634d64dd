/**
 * One generated scenario as a task for the worker pool (`--jobs`, and the hung-strategy
 * watchdog): plain data in, plain data out. A task never rejects: a crash comes back as `error`.
 */
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { StrategySpec } from '../../harness/strategy/load-strategy.ts';
import { propertyByName } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { createCasePlayer } from './play-case.ts';
import type { Verdict } from './verdict.ts';

export interface CaseTask {
  readonly spec: ScenarioSpec;
  readonly strategy: StrategySpec;
  readonly properties: readonly PropertyName[];
}

export type CaseTaskOutput =
  | { readonly verdicts: readonly (readonly [PropertyName, Verdict])[] }
  | { readonly error: string };

export async function playCaseTask(task: CaseTask): Promise<CaseTaskOutput> {
  try {
    const player = createCasePlayer(task.strategy, task.properties.map(propertyByName));
    return { verdicts: [...(await player.play(task.spec)).entries()] };
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/**
 * Runs one resolved scenario in the current thread: build a fresh strategy, play the world, check
 * the expectations. Never rejects: every failure becomes data in the output.
 */
import { checkExpectations, type ResolvedScenario } from '../scenario/index.ts';
import { runSession } from '../../world/index.ts';
import { createStrategy } from '../strategy/load-strategy.ts';
import { failedRun, type RunOutput } from './scenario-outcome.ts';

export async function runOneScenario(scenario: ResolvedScenario): Promise<RunOutput> {
  let strategy;
  try {
    strategy = await createStrategy(scenario.strategy);
  } catch (error) {
    return failedRun('strategy-load', messageOf(error));
  }
  try {
    const result = await runSession(scenario.world, { strategy });
    return { result, failures: checkExpectations(scenario, result) };
  } catch (error) {
    return failedRun('world-error', `world-error: ${messageOf(error)}`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

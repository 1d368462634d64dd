/**
 * Runs one resolved scenario in the current thread: build a fresh strategy (and the real
 * summarizer, when the run has one), play the world, check the expectations. Never rejects: every
 * failure becomes data in the output.
 */
import { checkExpectations, type ResolvedScenario } from '../scenario/index.ts';
import { runSession } from '../../world/index.ts';
import type { SummarizerModel } from '../../engine/types.ts';
import { createStrategy } from '../strategy/load-strategy.ts';
import { createRealSummarizer, type RealSummarizerConfig } from './real-summarizer.ts';
import { failedRun, type RunOutput } from './scenario-outcome.ts';

export interface RunOneOptions {
  /** Summarize with this real model instead of the simulated one (null: the simulated one). */
  readonly realSummarizer?: RealSummarizerConfig | null | undefined;
}

export async function runOneScenario(scenario: ResolvedScenario, options: RunOneOptions = {}): Promise<RunOutput> {
  let strategy;
  try {
    strategy = await createStrategy(scenario.strategy);
  } catch (error) {
    return failedRun('strategy-load', messageOf(error));
  }
  let summarizer: SummarizerModel | undefined;
  if (options.realSummarizer) {
    try {
      summarizer = await createRealSummarizer(options.realSummarizer);
    } catch (error) {
      return failedRun('real-summarizer', `real-summarizer: ${messageOf(error)}`);
    }
  }
  try {
    const result = await runSession(scenario.world, { strategy, summarizer });
    return { result, failures: checkExpectations(scenario, result) };
  } catch (error) {
    return failedRun('world-error', `world-error: ${messageOf(error)}`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

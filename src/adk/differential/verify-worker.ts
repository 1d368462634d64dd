/**
 * Worker-thread entry for `verify-adk`: plays one scenario in the world and in the real adk-js
 * runtime (verify-scenario.ts) with the strategy under test, in the sandbox every strategy runs in
 * (a strategy never runs in the CLI's own thread). Each worker thread has its own globals, so the
 * deterministic environment a real run installs (clock, `Math.random`, UUIDs) stays its own.
 */
import { parentPort } from 'node:worker_threads';
import { createRealSummarizer, type RealSummarizerConfig } from '../../harness/run/real-summarizer.ts';
import { serveTasks } from '../../harness/run/worker-protocol.ts';
import type { ResolvedScenario } from '../../harness/scenario/resolved-scenario.ts';
import type { AdkCompactor } from './adk-compactor.ts';
import { verifyScenario, type ScenarioVerification } from './verify-scenario.ts';

export interface VerifyTask {
  /** The scenario, its strategy already the one to verify (--strategy applied). */
  readonly scenario: ResolvedScenario;
  readonly tokenBased: Extract<AdkCompactor, { kind: 'adk-token-based' }> | null;
  /** Summarize with this real model (built in the worker), or null. */
  readonly realSummarizer: RealSummarizerConfig | null;
}

serveTasks(parentPort, async (task: VerifyTask): Promise<ScenarioVerification> => {
  try {
    const summarizer = task.realSummarizer === null ? undefined : await createRealSummarizer(task.realSummarizer);
    return await verifyScenario(task.scenario, {
      ...(task.tokenBased === null ? {} : { tokenBased: task.tokenBased }),
      ...(summarizer === undefined ? {} : { realSummarizer: summarizer }),
    });
  } catch (error) {
    return {
      id: task.scenario.id,
      name: task.scenario.name,
      verdict: 'fail',
      reason: `could not be verified: ${error instanceof Error ? error.message : String(error)}`,
      stepsCompared: 0,
      difference: null,
      world: null,
      adk: null,
      adkTokenBased: null,
    };
  }
});

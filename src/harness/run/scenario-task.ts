/** What the pool hands a scenario worker: plain data (structured-cloned into the worker). */
import type { ResolvedScenario } from '../scenario/index.ts';
import type { RealSummarizerConfig } from './real-summarizer.ts';

export interface ScenarioTask {
  readonly scenario: ResolvedScenario;
  /** The run's real summarizer (built inside the worker), or null for the simulated one. */
  readonly realSummarizer: RealSummarizerConfig | null;
}

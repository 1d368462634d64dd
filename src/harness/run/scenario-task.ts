/** What the pool hands a scenario worker: plain data (structured-cloned into the worker). */
import type { ResolvedScenario } from '../scenario/index.ts';
import type { StrategySpec } from '../strategy/load-strategy.ts';
import type { RealSummarizerConfig } from './real-summarizer.ts';

export type ScenarioTask =
  | {
      readonly kind: 'scenario';
      readonly scenario: ResolvedScenario;
      /** The run's real summarizer (built inside the worker), or null for the simulated one. */
      readonly realSummarizer: RealSummarizerConfig | null;
      /** Hash the session's trace (`traceDigest` in report.json); false where nobody reads it (compare). */
      readonly traceDigest: boolean;
    }
  /** Load a strategy and build it with its options, to report bad input before anything runs. */
  | { readonly kind: 'probe'; readonly strategy: StrategySpec };

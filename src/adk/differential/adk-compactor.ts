/**
 * What compacts the context in a real adk-js run: our engine as a plugin (`context-guard`, any
 * strategy), or adk-js 2.0.0's own `TokenBasedContextCompactor` + `LlmSummarizer`
 * (`adk-token-based`), so users can compare the two on the same scenarios.
 */
import { computeThreshold } from '../../engine/tokens/compute-buffer.ts';
import type { CompactionStrategy } from '../../engine/types.ts';

export type AdkCompactor =
  | { readonly kind: 'context-guard'; readonly strategy: CompactionStrategy }
  | {
      readonly kind: 'adk-token-based';
      /** Compact when the latest prompt token count exceeds this; null = ContextGuard's threshold for the phase window. */
      readonly tokenThreshold: number | null;
      /** Raw events kept after the summary (adk-js moves the split so a response keeps its call). */
      readonly eventRetentionSize: number;
    };

export const COMPACTOR_NAMES = ['context-guard', 'adk-token-based'] as const;
type CompactorName = (typeof COMPACTOR_NAMES)[number];

/** Default retention for the adk-js compactor: the current exchange plus the previous one. */
export const DEFAULT_EVENT_RETENTION_SIZE = 4;

/** The adk-js compactor's threshold in a phase: explicit, or where ContextGuard would compact (window − buffer). */
export function tokenBasedThreshold(
  compactor: Extract<AdkCompactor, { kind: 'adk-token-based' }>,
  contextWindow: number,
): number {
  return compactor.tokenThreshold ?? computeThreshold(contextWindow);
}

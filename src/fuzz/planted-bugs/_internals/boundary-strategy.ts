/**
 * A strategy that declares its trigger in its own count (`declarations.ownTrigger`) and reports that count on
 * every call (`CompactionOutcome.triggerCount`); at the trigger it replaces the history with a
 * summary and the latest content. Its planted variants (../trigger-above.ts,
 * ../window-off-by-one.ts) compare one off at the boundary, which only a count exactly on the
 * trigger shows (`declared-trigger`); with `>=` it is their correct twin
 * (test/fuzz/fixtures/boundary-strategy.ts).
 */
import { DEFAULT_HEURISTIC_CORRECTION_FACTOR } from '../../../engine/constants.ts';
import { computeThreshold } from '../../../engine/tokens/compute-buffer.ts';
import { estimateTokens } from '../../../engine/tokens/estimate-tokens.ts';
import type { CompactionStrategy, LlmRequest } from '../../../engine/types.ts';
import { summarizeContents, summaryContent } from './planted-helpers.ts';

export interface BoundaryOptions {
  readonly name: string;
  /** What it counts: ContextGuard's cold count (estimate × 2.5) against its threshold, or the contents against a window of 20. */
  readonly counting: 'cold-tokens' | 'contents';
  /** Whether a count compacts against the trigger (correct: `count >= trigger`). */
  readonly compactsAt: (count: number, trigger: number) => boolean;
}

/** The sliding window's default: more than 20 contents compact. */
const MAX_CONTENTS = 20;

export function boundaryStrategy(options: BoundaryOptions): CompactionStrategy {
  const count = (request: LlmRequest): number =>
    options.counting === 'contents'
      ? request.contents.length
      : Math.trunc(estimateTokens(request) * DEFAULT_HEURISTIC_CORRECTION_FACTOR);
  const trigger = (contextWindow: number): number =>
    options.counting === 'contents' ? MAX_CONTENTS + 1 : computeThreshold(contextWindow);
  return {
    name: options.name,
    declarations: {
      ownTrigger:
        options.counting === 'contents'
          ? { at: trigger, counts: 'contents', countedAs: 'contents' }
          : { at: trigger, counts: 'tokens (estimate x 2.5)', countedAs: 'contextguard-cold' },
    },
    async compact(ctx, request) {
      const triggerCount = count(request);
      if (!options.compactsAt(triggerCount, trigger(ctx.contextWindow))) return { triggerCount };
      const latest = request.contents.at(-1);
      const summary = summaryContent(await summarizeContents(ctx, request.contents.slice(0, -1)));
      request.contents = latest === undefined ? [summary] : [summary, latest];
      return { triggerCount };
    },
  };
}

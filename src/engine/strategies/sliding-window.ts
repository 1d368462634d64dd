/**
 * The sliding-window strategy (adk-utils-go `compaction_strategy_sliding_window.go`, docs/contextguard.md §8). When
 * more than `maxTurns` contents arrived since the watermark, it summarizes all but a recent tail
 * (`max(3, maxTurns*30/100)` contents, moved to a tool-pair boundary) and rewrites the request to
 * `[summary, ...recent, continuation]`; while the raw estimate is still at or above the threshold it
 * retries on that result with a halved tail. Upstream quirks kept on purpose:
 * - the window is always the model's (`WithMaxTokens` is ignored by this strategy);
 * - no fallback summary when the summarizer call fails: the pass is abandoned (upstream returns an
 *   error that the plugin logs before passing the request through). Here the failure is reported
 *   through `ctx.warn` and the strategy returns normally, since a throw means a crash to the host;
 * - each retry keeps the previous continuation inside the recent tail, so continuations accumulate;
 * - calibration is not reset.
 */
import {
  DEFAULT_MAX_COMPACTION_ATTEMPTS,
  DEFAULT_MAX_TURNS,
  MIN_RECENT_KEEP,
  RECENT_KEEP_PERCENT,
  STRATEGY_SLIDING_WINDOW,
} from '../constants.ts';
import type { Content } from '@google/genai';
import { split } from './split-contents.ts';
import { loadTodos } from '../state/load-todos.ts';
import {
  loadContentsAtCompaction,
  loadSummary,
  persistContentsAtCompaction,
  persistSummary,
} from '../state/state-helpers.ts';
import { SummarizationError, summarize } from '../summary/summarize.ts';
import { injectContinuation, injectSummary, replaceSummary } from '../summary/summary-content.ts';
import { computeBuffer } from '../tokens/compute-buffer.ts';
import { estimateContentTokens, estimateTokens } from '../tokens/estimate-tokens.ts';
import type { CompactionContext, CompactionOutcome, CompactionStrategy, LlmRequest, OwnTrigger } from '../types.ts';
import { SLIDING_WINDOW_OPTION_SPACE } from './option-spaces.ts';
import { createSerializer } from './serialize.ts';
import { readIntegerOptions } from './strategy-options.ts';

export interface SlidingWindowStrategyOptions {
  /** Contents allowed since the last compaction before summarizing (Go `WithSlidingWindow`); 0 = 20. */
  readonly maxTurns?: number;
  /** Summarisation passes per compaction (Go `WithMaxCompactionAttempts`); 0 = 3. */
  readonly maxCompactionAttempts?: number;
}

/**
 * A change to how the old/recent split is computed: none in the strategy itself; a planted bug
 * (src/fuzz/planted-bugs/sliding-window-split-at-zero.ts) swaps the split point, so the fuzzer's
 * reach into it is proven on this very strategy rather than on a copy of it that could drift.
 */
export interface SlidingWindowVariation {
  /** The split point for a candidate index (upstream: `safeSplitIndex`). */
  readonly splitIndex?: (contents: readonly Content[], idx: number) => number;
}

export function slidingWindowStrategy(options?: SlidingWindowStrategyOptions): CompactionStrategy;
export function slidingWindowStrategy(options?: Record<string, unknown>): CompactionStrategy;
export function slidingWindowStrategy(
  options?: SlidingWindowStrategyOptions | Readonly<Record<string, unknown>>,
): CompactionStrategy {
  return slidingWindowWith({}, options);
}

/** The sliding window with `variation` (none: `slidingWindowStrategy`). */
export function slidingWindowWith(
  variation: SlidingWindowVariation,
  options?: SlidingWindowStrategyOptions | Readonly<Record<string, unknown>>,
): CompactionStrategy {
  const read = readIntegerOptions(STRATEGY_SLIDING_WINDOW, options, {
    maxTurns: { min: 0, meaning: `contents since the last compaction, 0 = ${DEFAULT_MAX_TURNS}` },
    maxCompactionAttempts: { min: 0, meaning: `summarisation passes, 0 = ${DEFAULT_MAX_COMPACTION_ATTEMPTS}` },
  });
  const maxTurns = read.maxTurns || DEFAULT_MAX_TURNS;
  const attempts = read.maxCompactionAttempts || DEFAULT_MAX_COMPACTION_ATTEMPTS;
  const serialize = createSerializer();

  async function compact(ctx: CompactionContext, request: LlmRequest): Promise<CompactionOutcome | undefined> {
    let existingSummary = loadSummary(ctx);
    const watermark = loadContentsAtCompaction(ctx);
    const total = request.contents.length;
    // The count it compares with its trigger, reported on every call (declarations.ownTrigger: the fuzzer checks the boundary).
    const triggerCount = total - watermark;
    if (triggerCount <= maxTurns) {
      if (existingSummary !== '') injectSummary(request, existingSummary, watermark);
      return { triggerCount };
    }

    return serialize(async () => {
      // The estimate of the request as the last attempt left it (none before the first rewrite).
      let requestTokens: number | undefined;
      const contextWindow = ctx.contextWindow;
      const buffer = computeBuffer(contextWindow);
      const threshold = contextWindow - buffer;
      const userContent = ctx.userContent;
      const todos = loadTodos(ctx);
      let recentKeep = Math.max(MIN_RECENT_KEEP, Math.trunc((maxTurns * RECENT_KEEP_PERCENT) / 100));

      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const { old, recent } = split(request.contents, recentKeep, variation.splitIndex);
        if (old.length === 0) {
          ctx.warn?.('ContextGuard [sliding_window]: nothing to compact (split at 0), aborting', {
            agent: ctx.agentName,
            attempt: attempt + 1,
          });
          break;
        }
        let summary: string;
        try {
          summary = await summarize(ctx, old, existingSummary, buffer, todos);
        } catch (error) {
          if (!(error instanceof SummarizationError)) throw error;
          ctx.warn?.('ContextGuard: compaction failed, passing through', {
            agent: ctx.agentName,
            strategy: STRATEGY_SLIDING_WINDOW,
            error: `summarization failed: ${error.message}`,
          });
          return { requestTokens, triggerCount };
        }
        existingSummary = summary;
        persistSummary(ctx, summary, estimateContentTokens(old));
        persistContentsAtCompaction(ctx, total);
        replaceSummary(request, summary, recent);
        injectContinuation(request, userContent);
        const newTokens = estimateTokens(request); // raw heuristic; calibration is not reset here
        requestTokens = newTokens;
        if (newTokens < threshold) break;
        if (attempt < attempts - 1) recentKeep = Math.max(MIN_RECENT_KEEP, Math.trunc(recentKeep / 2));
      }
      return { requestTokens, triggerCount };
    });
  }

  // Where it compacts, for the fuzzer's declared-trigger (read by the harness only). It declares no
  // estimator: it compares the raw estimate, never calibrated, only to decide whether to retry.
  const ownTrigger: OwnTrigger = {
    at: () => maxTurns + 1,
    counts: 'contents since the last compaction',
    countedAs: 'contents-since-compaction',
  };
  return {
    name: STRATEGY_SLIDING_WINDOW,
    compact,
    declarations: { ownTrigger, optionSpace: SLIDING_WINDOW_OPTION_SPACE },
  };
}

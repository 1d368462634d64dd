/**
 * The threshold strategy, ContextGuard's default (adk-utils-go `compaction_strategy_threshold.go`,
 * docs/contextguard.md §7). When the calibrated token count reaches `window − buffer` it summarizes the WHOLE
 * request and rewrites it to exactly `[summary, continuation]`, retrying while the raw estimate of
 * that result is still at or above the threshold; after the last attempt it keeps the last result
 * (best effort). Between compactions it re-injects the stored summary in place of the contents the
 * watermark says it already covers.
 */
import type { Content } from '@google/genai';
import { DEFAULT_MAX_COMPACTION_ATTEMPTS, STRATEGY_THRESHOLD, SUMMARIZER_INPUT_WINDOW_RATIO } from '../constants.ts';
import { loadTodos } from '../state/load-todos.ts';
import {
  loadContentsAtCompaction,
  loadSummary,
  persistContentsAtCompaction,
  persistSummary,
  resetCalibration,
} from '../state/state-helpers.ts';
import { buildFallbackSummary } from '../summary/build-fallback-summary.ts';
import { SummarizationError, summarize, summaryMaxWords } from '../summary/summarize.ts';
import { injectContinuation, injectSummary, replaceSummary } from '../summary/summary-content.ts';
import { truncateForSummarizer } from '../summary/truncate-for-summarizer.ts';
import { computeBuffer, computeThreshold } from '../tokens/compute-buffer.ts';
import { CONTEXTGUARD_DECLARED_ESTIMATE } from '../tokens/declared-estimate.ts';
import { estimateContentTokens, estimateTokens } from '../tokens/estimate-tokens.ts';
import { calibratedTokenCount } from '../tokens/token-count.ts';
import type {
  CompactionContext,
  CompactionOutcome,
  CompactionStrategy,
  DeclaredSummarizerInput,
  LlmRequest,
  OwnTrigger,
} from '../types.ts';
import { THRESHOLD_OPTION_SPACE } from './option-spaces.ts';
import { createSerializer } from './serialize.ts';
import { readIntegerOptions } from './strategy-options.ts';

export interface ThresholdStrategyOptions {
  /** Context window to plan for instead of the model's (Go `WithMaxTokens`); 0 = the model's. */
  readonly maxTokens?: number;
  /** Summarisation passes per compaction (Go `WithMaxCompactionAttempts`); 0 = 3. */
  readonly maxCompactionAttempts?: number;
}

/**
 * A change to how the summarizer's input is cut: none in the strategy itself; a planted bug
 * (src/fuzz/planted-bugs/summarizer-budget-in-bytes.ts) swaps it, so the fuzzer's reach into it
 * is proven on this very strategy rather than on a copy of it that could drift.
 */
export interface ThresholdVariation {
  /** What the summarizer is sent of the request's contents (upstream: `truncateForSummarizer`). */
  readonly truncateForSummarizer?: (contents: readonly Content[], contextWindow: number) => Content[];
}

export function thresholdStrategy(options?: ThresholdStrategyOptions): CompactionStrategy;
export function thresholdStrategy(options?: Record<string, unknown>): CompactionStrategy;
export function thresholdStrategy(
  options?: ThresholdStrategyOptions | Readonly<Record<string, unknown>>,
): CompactionStrategy {
  return thresholdWith({}, options);
}

/** The threshold strategy with `variation` (none: `thresholdStrategy`). */
export function thresholdWith(
  variation: ThresholdVariation,
  options?: ThresholdStrategyOptions | Readonly<Record<string, unknown>>,
): CompactionStrategy {
  const truncate = variation.truncateForSummarizer ?? truncateForSummarizer;
  const read = readIntegerOptions(STRATEGY_THRESHOLD, options, {
    maxTokens: { min: 0, meaning: 'context window override in tokens, 0 = the model window' },
    maxCompactionAttempts: { min: 0, meaning: `summarisation passes, 0 = ${DEFAULT_MAX_COMPACTION_ATTEMPTS}` },
  });
  const maxTokens = read.maxTokens ?? 0;
  const attempts = read.maxCompactionAttempts || DEFAULT_MAX_COMPACTION_ATTEMPTS;
  const serialize = createSerializer();

  async function compact(ctx: CompactionContext, request: LlmRequest): Promise<CompactionOutcome> {
    const contextWindow = maxTokens > 0 ? maxTokens : ctx.contextWindow;
    const buffer = computeBuffer(contextWindow);
    const threshold = contextWindow - buffer;

    let existingSummary = loadSummary(ctx);
    const watermark = loadContentsAtCompaction(ctx);
    // The watermark written below is the length of the request as the host built it, before the
    // summary re-injection shortens it: the next call's request starts with those same contents.
    const totalSessionContents = request.contents.length;
    if (existingSummary !== '') injectSummary(request, existingSummary, watermark);

    const heuristic = estimateTokens(request);
    const totalTokens = calibratedTokenCount(ctx, heuristic);
    // Either way the request's final estimate is known: ContextGuard need not estimate it again.
    // The count it compared with its trigger is reported too (declarations.ownTrigger: the fuzzer checks the boundary).
    if (totalTokens < threshold) return { requestTokens: heuristic, triggerCount: totalTokens };

    return serialize(async () => {
      let requestTokens: number | undefined;
      const userContent = ctx.userContent;
      const todos = loadTodos(ctx);
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const contentsForSummary = truncate(request.contents, contextWindow);
        let summary: string;
        try {
          summary = await summarize(ctx, contentsForSummary, existingSummary, buffer, todos);
        } catch (error) {
          if (!(error instanceof SummarizationError)) throw error;
          ctx.warn?.('ContextGuard [threshold]: summarization failed, using fallback', {
            agent: ctx.agentName,
            attempt: attempt + 1,
            error: error.message,
          });
          summary = buildFallbackSummary(contentsForSummary, existingSummary);
        }
        existingSummary = summary;
        persistSummary(ctx, summary, totalTokens);
        persistContentsAtCompaction(ctx, totalSessionContents);
        replaceSummary(request, summary, []);
        injectContinuation(request, userContent);
        // The stale correction factor was measured on the big pre-compaction request.
        resetCalibration(ctx);
        const newTokens = estimateTokens(request); // raw heuristic, no factor, as upstream
        requestTokens = newTokens;
        if (newTokens < threshold) break;
        if (attempt < attempts - 1) {
          ctx.warn?.('ContextGuard [threshold]: still above threshold after compaction, retrying', {
            agent: ctx.agentName,
            attempt: attempt + 1,
            tokens: newTokens,
            threshold,
            maxSummaryWords: summaryMaxWords(buffer),
          });
        }
      }
      return { requestTokens, triggerCount: totalTokens };
    });
  }

  // What it counts by and where it compacts, for the fuzzer's estimate-precision and
  // declared-trigger (read by the harness only; the host never uses them).
  const ownTrigger: OwnTrigger = {
    at: (modelWindow) => computeThreshold(maxTokens > 0 ? maxTokens : modelWindow),
    counts: 'calibrated tokens',
    countedAs: 'contextguard-calibrated',
  };
  // How it cuts the summarizer's input, for the fuzzer's summarizer-input-budget (harness only).
  const summarizerInput: DeclaredSummarizerInput = {
    share: SUMMARIZER_INPUT_WINDOW_RATIO,
    tokens: estimateContentTokens,
    trim: truncate,
  };
  return {
    name: STRATEGY_THRESHOLD,
    compact,
    declarations: {
      estimate: CONTEXTGUARD_DECLARED_ESTIMATE,
      ownTrigger,
      summarizerInput,
      optionSpace: THRESHOLD_OPTION_SPACE,
    },
  };
}

/**
 * Example of a user-defined compaction strategy: "keep the last N contents verbatim, fold everything
 * older into a running summary" once the request's calibrated size reaches the ContextGuard
 * threshold (window − buffer).
 *
 * Load it with:   compaction-sim simulate --strategy ./examples/strategies/keep-last-n.ts
 * Options (scenario `strategy.options` or code):   { keep: 6 }   (contents kept verbatim, >= 1)
 *
 * A strategy module default-exports a StrategyFactory: a function from a plain options object to
 * `{ name, compact(ctx, request) }`. `compact` may rewrite `request.contents` (replace the array;
 * never edit the Content objects, which belong to the session) and use `ctx.state` for memory
 * across calls. The helpers below are the engine's own ContextGuard building blocks.
 *
 * What it holds, measured (`fuzz --strategy ./examples/strategies/keep-last-n.ts --runs 200 --seed 1`):
 * it never sends a function call without its response or a response without its call
 * (no-orphans held in every run; a test checks it), never throws and never touches session
 * events. It does NOT hold the other properties, like the ContextGuard design it reuses:
 * no-overflow failed in 161 runs, no-thrash in 155, summarizer-input-fits in 109 (the summarizer
 * gets the old contents whole), no-loop in 22 and user-request-preserved in 12 (the request is
 * not quoted after a compaction). A starting point, not a strategy to ship.
 */
import {
  buildFallbackSummary,
  computeBuffer,
  computeThreshold,
  estimateContentTokens,
  injectSummary,
  loadContentsAtCompaction,
  loadSummary,
  loadTodos,
  persistContentsAtCompaction,
  persistSummary,
  replaceSummary,
  resetCalibration,
  safeSplitIndex,
  StrategyOptionsError,
  summarize,
  SummarizationError,
  tokenCount,
} from 'compaction-sim';
import type { CompactionContext, CompactionStrategy, LlmRequest, StrategyFactory } from 'compaction-sim';

const DEFAULT_KEEP = 6;

function readKeep(options: Readonly<Record<string, unknown>> | undefined): number {
  const { keep = DEFAULT_KEEP, ...rest } = options ?? {};
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new StrategyOptionsError(`keep_last_n: unknown option "${unknown[0]}"; expected one of: keep`);
  }
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1) {
    throw new StrategyOptionsError(
      `keep_last_n: option "keep" (contents kept verbatim) must be an integer >= 1, got ${String(keep)}`,
    );
  }
  return keep;
}

const keepLastN: StrategyFactory = (options) => {
  const keep = readKeep(options);

  async function compact(ctx: CompactionContext, request: LlmRequest): Promise<void> {
    const previous = loadSummary(ctx);
    const originalLength = request.contents.length;
    // Replace what the stored summary already covers (the watermark) with the summary itself.
    if (previous !== '') injectSummary(request, previous, loadContentsAtCompaction(ctx));
    if (tokenCount(ctx, request) < computeThreshold(ctx.contextWindow)) return;

    // Never split a function call from its response.
    const split = safeSplitIndex(request.contents, request.contents.length - keep);
    if (split <= 0 || split >= request.contents.length) return; // nothing old enough to fold
    const old = request.contents.slice(0, split);
    const recent = request.contents.slice(split);

    let summary: string;
    try {
      summary = await summarize(ctx, old, previous, computeBuffer(ctx.contextWindow), loadTodos(ctx));
    } catch (error) {
      if (!(error instanceof SummarizationError)) throw error;
      ctx.warn?.('keep_last_n: summarizer failed, using the mechanical fallback', { error: error.message });
      summary = buildFallbackSummary(old, previous);
    }

    persistSummary(ctx, summary, estimateContentTokens(old));
    // The kept tail is the last `recent.length` contents of the request the host built, so the
    // summary covers everything before them: the next call re-injects it in their place.
    persistContentsAtCompaction(ctx, originalLength - recent.length);
    resetCalibration(ctx); // the old real/heuristic ratio described the request we just replaced
    replaceSummary(request, summary, recent); // [summary, ...recent]
  }

  const strategy: CompactionStrategy = { name: 'keep_last_n', compact };
  return strategy;
};

export default keepLastN;

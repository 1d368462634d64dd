/** A hand-built step record for the checker's compaction properties (summary-growth, summarizer-input-budget). */
import type { StepCompaction, StepRecord, SummarizerCallRecord } from '../../src/world/session-result.ts';

export function compactionStep(
  step: number,
  compaction: StepCompaction | undefined,
  options: { readonly contextWindow?: number; readonly calls?: readonly Partial<SummarizerCallRecord>[] } = {},
): StepRecord {
  const calls = (options.calls ?? (compaction === undefined ? [] : [{}])).map(
    (call): SummarizerCallRecord => ({
      inputTokens: 100,
      inputRealTokens: 100,
      contextWindow: null,
      maxOutputTokens: null,
      outputTokens: 10,
      outcome: 'ok',
      ...call,
    }),
  );
  return {
    step,
    turn: step,
    label: 'user',
    clock: 0,
    contextWindow: options.contextWindow ?? 8000,
    contentsBefore: 4,
    contentsAfter: 2,
    heuristicBefore: 0,
    heuristicAfter: 0,
    realBefore: 0,
    realAfter: 0,
    overflow: false,
    shortCircuited: false,
    summarizerCalls: calls,
    reinjection: false,
    trimmed: false,
    compacted: compaction !== undefined,
    cacheChurn: 0,
    uncachedTokens: 0,
    orphanCalls: 0,
    orphanResponses: 0,
    userRequestPresent: true,
    ...(compaction === undefined ? {} : { compaction }),
  };
}

export function compaction(values: Partial<StepCompaction>): StepCompaction {
  return {
    summaryTokens: 100,
    replyTokens: 60,
    replyCarriedTokens: 0,
    newlyCovered: 4,
    newlyCoveredTokens: 2000,
    quotedTokens: 0,
    leftOutOfSummarizer: 0,
    newestLeftOutTokens: 0,
    ...values,
  };
}

/**
 * The one definition of an overflow, used by the world's measurements (step records, session
 * totals), the checker (`no-overflow`, `summarizer-input-fits`), scenario expectations, `compare`
 * and the HTML charts: a request is an overflow when the provider's count of what was sent is
 * strictly greater than the window (the Go simulator's `>`). A step the strategy short-circuited
 * sent nothing and cannot overflow. Pure functions over the world's plain records; nothing here
 * imports the code it judges.
 */
import type { StepRecord, SummarizerCallRecord } from '../../session-result.ts';

/** Whether `sentTokens` (the provider's count) overflows `window`. */
export function exceedsWindow(sentTokens: number, window: number): boolean {
  return sentTokens > window;
}

/** Whether the request of `step` overflowed the model's window. */
export function isOverflowStep(step: Pick<StepRecord, 'shortCircuited' | 'realAfter' | 'contextWindow'>): boolean {
  return !step.shortCircuited && exceedsWindow(step.realAfter, step.contextWindow);
}

/** The steps whose request overflowed, in order. */
export function overflowSteps<T extends StepRecord>(steps: readonly T[]): T[] {
  return steps.filter((step) => isOverflowStep(step));
}

/**
 * Whether a summarizer call overflowed the summarizer's window: its input counted above the
 * window, or the summarizer refused it as too long (outcome `overflow`). A summarizer without a
 * window of its own (null) only overflows by refusing.
 */
export function isSummarizerOverflow(
  call: Pick<SummarizerCallRecord, 'contextWindow' | 'inputRealTokens' | 'outcome'>,
): boolean {
  return (
    (call.contextWindow !== null && exceedsWindow(call.inputRealTokens, call.contextWindow)) ||
    call.outcome === 'overflow'
  );
}

/**
 * `no-summary-growth` (behaviour): a summary or continuation does not grow from compaction to
 * compaction when what it stands for does not. Judged on what the world measured of each step
 * that called the summarizer (docs/properties.md): the summary material sent (everything in the
 * request that is not an untouched copy of a history content), the summarizer's replies, and the
 * history the step newly covered, all in the reference ruler's real tokens.
 *
 * Between two consecutive summarizing steps, both with a summarizer reply and the same window, the
 * summary material may grow by no more than the replies grew, plus the newly covered history the
 * strategy carried over verbatim (a continuation quoting the new request, a shortened tool output),
 * plus a slack of 16 tokens. What it catches: a strategy that re-summarizes its previous summary
 * and appends the answer to it: each compaction adds a reply's worth while the summarizer writes
 * no more than before, until the summary alone fills the window. A compaction whose summarizer
 * failed (a fallback summary) is not compared, nor across a change of window (a larger window
 * legitimately asks for a larger summary), nor from a step that sent no summary at all (the
 * summarizer was asked about a turn the strategy then sent whole).
 */
import type { StepCompaction, StepRecord } from '../../world/session-result.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

/**
 * Tokens a summary may grow by with nothing to explain it: the framing lines that carry counts or
 * ids, the per-message overhead of a tokenizer (4 tokens a message) and the tokens a BPE merges
 * differently where texts join (docs/properties.md).
 */
export const SUMMARY_GROWTH_SLACK_TOKENS = 16;

export const noSummaryGrowth: FuzzProperty = {
  name: 'no-summary-growth',
  description:
    "from one summarizing step to the next, the summary sent grows no more than the summarizer's reply and the history it newly quotes (reference count, 16 tokens of slack)",
  expectKey: null,
  needsRerun: false,
  check(_scenario, result) {
    const [first] = growingSummaries(result.steps);
    if (first === undefined) return null;
    return violation('no-summary-growth', first.step, `${describeStep(first.step)} ${first.message}`);
  },
};

/** Every summarizing step whose summary grew beyond what explains it, with why. */
export function growingSummaries(
  steps: readonly StepRecord[],
): { readonly step: StepRecord; readonly message: string }[] {
  const found: { step: StepRecord; message: string }[] = [];
  let previous: StepRecord | undefined;
  for (const step of steps) {
    const now = step.compaction;
    if (now === undefined) continue;
    const replied = now.replyTokens > 0;
    const before = previous?.compaction;
    if (replied && before !== undefined && previous!.contextWindow === step.contextWindow) {
      const message = unexplainedGrowth(now, before, previous!.step);
      if (message !== undefined) found.push({ step, message });
    }
    // A step that sent nothing in place of history (it asked the summarizer about a turn it then
    // sent whole) has no summary to grow from: the next summary is a first one, not a growth.
    previous = replied && now.summaryTokens > 0 ? step : undefined;
  }
  return found;
}

/** Why the summary of `now` grew beyond what explains it since `before` (at step `beforeStep`); undefined when it did not. */
function unexplainedGrowth(now: StepCompaction, before: StepCompaction, beforeStep: number): string | undefined {
  const growth = now.summaryTokens - before.summaryTokens;
  const replyGrowth = Math.max(0, now.replyTokens - before.replyTokens);
  // Within what the replies alone explain, nothing more is read: the quote measures below only add
  // to what is allowed, and the world works them out only when they are read (compaction-coverage.ts).
  if (growth <= replyGrowth + SUMMARY_GROWTH_SLACK_TOKENS) return undefined;
  // A strategy may send the reply whole or the part its budget allows, more one time than the
  // next: sending more of this step's own reply is not a growing summary. A rolling summary
  // that appends carries the earlier replies besides this one, which this does not explain.
  const carriedGrowth = Math.max(0, now.replyCarriedTokens - before.replyCarriedTokens);
  const allowed = Math.max(replyGrowth, carriedGrowth) + now.quotedTokens + SUMMARY_GROWTH_SLACK_TOKENS;
  if (growth <= allowed) return undefined;
  return (
    `sent ${now.summaryTokens} real tokens of summary after ${before.summaryTokens} at step ${beforeStep}: it grew by ${growth}, ` +
    `where the summarizer's reply grew by ${replyGrowth}, what it carries of the step's reply by ${carriedGrowth} ` +
    `and the newly covered history it quotes holds ${now.quotedTokens} ` +
    `(${now.newlyCovered} contents newly covered, ${now.newlyCoveredTokens} real tokens; slack ${SUMMARY_GROWTH_SLACK_TOKENS})`
  );
}

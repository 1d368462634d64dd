/**
 * `summarizer-input-budget` (behaviour): a strategy leaves history out of its summarizer's input
 * only when its summarizer had no room for it. Judged on the summarizer requests the session
 * actually sent, measured by the world's reference ruler (docs/properties.md): on a step that
 * called the summarizer, the history contents the step newly stopped sending verbatim must reach
 * a summarizer request of that step (their text found in it) unless the newest one left out would
 * not have fitted beside the largest request sent within half the summarizer's window (its own
 * window; the agent's when it has none, as a strategy must then assume).
 *
 * Half the window, not the whole: a strategy may keep room for the summary it asks for, the
 * instructions and a transcript's markup, and may size the input with an estimator off by the
 * documented error of a `len/4` count (docs/properties.md); a cut that leaves the summarizer's
 * input under half its window while dropping history that fits is cutting by the wrong count. What
 * it catches: a budget counted in bytes where tokens were meant (issue 18's survivor class: a
 * quarter of what fits is kept, the summary loses the older history, every request still fits).
 *
 * Contents too short to recognise (under 16 characters of plain text) and contents with no text
 * (tool calls and results, which transcripts render as markers) are not judged: a left-out tool
 * output is not seen. The declared cut, checked exactly in the strategy's own count on probe
 * histories, is the contract check `declared-summarizer-cut`.
 */
import type { StepRecord } from '../../world/session-result.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

/** The share of the summarizer's window under which a cut that left history out fails. */
export const SUMMARIZER_INPUT_ROOM_SHARE = 0.5;

export const summarizerInputBudget: FuzzProperty = {
  name: 'summarizer-input-budget',
  description:
    "history is left out of the summarizer's input only when it would not fit beside it within half the summarizer's window (reference count)",
  expectKey: null,
  needsRerun: false,
  check(_scenario, result) {
    for (const step of result.steps) {
      const broken = overCutStep(step);
      if (broken !== null) return violation('summarizer-input-budget', step, `${describeStep(step)} ${broken}`);
    }
    return null;
  },
};

/** The steps where history was left out of a summarizer input that had room for it (what an acceptance pins). */
export function overCutSteps(steps: readonly StepRecord[]): number[] {
  return steps.filter((step) => overCutStep(step) !== null).map((step) => step.step);
}

/** Why the step's summarizer input was cut too far, or null. */
export function overCutStep(step: StepRecord): string | null {
  const compaction = step.compaction;
  if (compaction === undefined || compaction.leftOutOfSummarizer === 0 || step.summarizerCalls.length === 0)
    return null;
  let largest = step.summarizerCalls[0]!;
  for (const call of step.summarizerCalls) if (call.inputRealTokens > largest.inputRealTokens) largest = call;
  const window = largest.contextWindow ?? step.contextWindow;
  const room = SUMMARIZER_INPUT_ROOM_SHARE * window;
  const withNewest = largest.inputRealTokens + compaction.newestLeftOutTokens;
  if (withNewest > room) return null;
  const contents = compaction.leftOutOfSummarizer === 1 ? 'content' : 'contents';
  return (
    `left ${compaction.leftOutOfSummarizer} newly covered ${contents} out of its summarizer's input (the newest ${compaction.newestLeftOutTokens} real tokens), ` +
    `although beside the ${largest.inputRealTokens} real tokens it sent it fitted within half the ${window}-token summarizer window (${withNewest} <= ${room})`
  );
}

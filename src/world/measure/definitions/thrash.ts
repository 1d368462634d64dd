/**
 * The one definition of thrash, used by the world's totals, the checker (`no-thrash`), scenario
 * expectations, `compare` and the HTML charts: `count` summarizing steps (steps that called the
 * summarizer) within `withinSteps` consecutive LLM steps (peers: "autocompact is thrashing", the
 * context refills within a few turns). Positions are the steps' indices in the session, so a
 * window is the same whichever report draws it.
 *
 * - `thrashWindows`: how many windows of `withinSteps` consecutive steps hold at least `count`
 *   summarizing steps (the figure `thrash` in every report);
 * - `firstThrash`: the first `count` summarizing steps that fit in such a window (what a message names);
 * - `thrashingSteps`: every summarizing step that belongs to such a group (what an acceptance pins).
 */
import type { StepRecord } from '../../session-result.ts';

export interface ThrashLimit {
  readonly count: number;
  readonly withinSteps: number;
}

type Summarizing = Pick<StepRecord, 'summarizerCalls'>;

function summarizingIndices(steps: readonly Summarizing[]): number[] {
  return steps.flatMap((step, index) => (step.summarizerCalls.length > 0 ? [index] : []));
}

/** Each group of `count` consecutive summarizing steps spanning fewer than `withinSteps` steps, as step indices. */
function groups(steps: readonly Summarizing[], { count, withinSteps }: ThrashLimit): number[][] {
  if (count <= 0 || withinSteps <= 0) return [];
  const at = summarizingIndices(steps);
  const found: number[][] = [];
  for (let i = 0; i + count - 1 < at.length; i += 1) {
    if (at[i + count - 1]! - at[i]! < withinSteps) found.push(at.slice(i, i + count));
  }
  return found;
}

/** The first thrashing group, as indices into `steps`; null when the session never thrashed. */
export function firstThrash(steps: readonly Summarizing[], limit: ThrashLimit): readonly number[] | null {
  return groups(steps, limit)[0] ?? null;
}

/** Indices of every summarizing step that belongs to a thrashing group, in order. */
export function thrashingSteps(steps: readonly Summarizing[], limit: ThrashLimit): number[] {
  return [...new Set(groups(steps, limit).flat())].sort((a, b) => a - b);
}

/** Windows of `withinSteps` consecutive steps holding at least `count` summarizing steps. */
export function thrashWindows(steps: readonly Summarizing[], { count, withinSteps }: ThrashLimit): number {
  if (count <= 0 || withinSteps <= 0 || steps.length === 0) return 0;
  const summarized = steps.map((s) => (s.summarizerCalls.length > 0 ? 1 : 0));
  const width = Math.min(withinSteps, summarized.length);
  let inWindow = 0;
  for (let i = 0; i < width; i += 1) inWindow += summarized[i]!;
  let windows = inWindow >= count ? 1 : 0;
  for (let start = 1; start + width <= summarized.length; start += 1) {
    inWindow += summarized[start + width - 1]! - summarized[start - 1]!;
    if (inWindow >= count) windows += 1;
  }
  return windows;
}

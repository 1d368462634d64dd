/**
 * Keeps generated scenarios cheap enough that 1000 runs take about a minute on two cores: at most
 * 300 turns and steps (100 with a real BPE tokenizer), a bounded number of content bytes, at most
 * `MAX_CONTENT_WINDOWS` windows' worth of them, and a bounded "bytes × steps" product (every step
 * rebuilds and measures the whole history). Over budget, repeats shrink first (fewer turns: every
 * size, and so every size anchored to the window's edges, stays exact), then, if one turn of each
 * group is still too much, every size scales down by the same factor.
 */

export const MAX_TURNS = 300;
/**
 * LLM steps a session may take. Bounded because a summarizer that keeps failing makes ContextGuard
 * chain fallback summaries (each starts with the previous one in full), so summary state grows
 * with every step and the session's stored state deltas grow quadratically.
 */
export const MAX_STEPS = 300;
/**
 * The same with a real BPE tokenizer: it counts ~100× slower than bytes / 4, and a summarizer that
 * keeps failing makes ContextGuard chain fallback summaries, so the summarizer's input, counted on
 * every call, grows with every step (one such 300-step run took 16 s alone).
 */
export const MAX_STEPS_BPE = 100;
/** Bytes of content a session may carry (tool results, messages, attachments). */
export const MAX_CONTENT_BYTES = 24_000_000;
/**
 * Content a session may carry, in windows' worth (the bytes that fill the window in real tokens):
 * by then compaction has cycled through its states a hundred times and more, and the rest of a
 * long session only costs (a 1k-token window with 2 MB of tool results summarized on every step).
 */
export const MAX_CONTENT_WINDOWS = 200;
/** The same with a BPE tokenizer phase: real BPE counting is ~100× slower than bytes / 4. */
export const MAX_CONTENT_BYTES_BPE = 1_500_000;
/** Sum over steps of the history bytes measured at that step. */
export const MAX_MEASURED_BYTES = 1_000_000_000;

/** A turn group with its sizes resolved to bytes. */
export interface SizedGroup {
  readonly repeat: number;
  /** Bytes one turn of the group adds to the history. */
  readonly turnBytes: number;
  /** LLM steps one turn takes (1, 2 with parallel tools, 1 + n when sequential). */
  readonly turnSteps: number;
}

export interface Budget {
  /** New repeat per group. */
  readonly repeats: readonly number[];
  /** Factor (≤ 1) every size is multiplied by. */
  readonly sizeScale: number;
}

/** `windowBytes`: the bytes that fill the (first) window in real tokens. */
export function fitBudget(
  groups: readonly SizedGroup[],
  overheadBytes: number,
  tokenizer: boolean,
  windowBytes: number,
): Budget {
  const maxContent = Math.min(tokenizer ? MAX_CONTENT_BYTES_BPE : MAX_CONTENT_BYTES, MAX_CONTENT_WINDOWS * windowBytes);
  let repeats = capSteps(groups, capTurns(groups.map((g) => g.repeat)), tokenizer ? MAX_STEPS_BPE : MAX_STEPS);
  while (measuredBytes(groups, repeats, overheadBytes, 1) > MAX_MEASURED_BYTES && repeats.some((r) => r > 1)) {
    repeats = repeats.map((r) => Math.max(1, Math.floor(r / 2)));
  }
  repeats = capContent(groups, repeats, maxContent);
  const content = contentBytes(groups, repeats);
  let sizeScale = content > maxContent ? maxContent / content : 1;
  const measured = measuredBytes(groups, repeats, overheadBytes, sizeScale);
  if (measured > MAX_MEASURED_BYTES) sizeScale *= MAX_MEASURED_BYTES / measured;
  return { repeats, sizeScale };
}

function capTurns(repeats: readonly number[]): number[] {
  const total = repeats.reduce((a, b) => a + b, 0);
  if (total <= MAX_TURNS) return [...repeats];
  return repeats.map((r) => Math.max(1, Math.floor((r * MAX_TURNS) / total)));
}

function capSteps(groups: readonly SizedGroup[], repeats: readonly number[], maxSteps: number): number[] {
  const steps = groups.reduce((sum, g, i) => sum + g.turnSteps * repeats[i]!, 0);
  if (steps <= maxSteps) return [...repeats];
  return repeats.map((r) => Math.max(1, Math.floor((r * maxSteps) / steps)));
}

/** Fewer turns, in proportion, until the content fits (each group keeps at least one). */
function capContent(groups: readonly SizedGroup[], repeats: readonly number[], maxContent: number): number[] {
  const content = contentBytes(groups, repeats);
  if (content <= maxContent) return [...repeats];
  return repeats.map((r) => Math.max(1, Math.floor((r * maxContent) / content)));
}

function contentBytes(groups: readonly SizedGroup[], repeats: readonly number[]): number {
  return groups.reduce((sum, g, i) => sum + g.turnBytes * repeats[i]!, 0);
}

/** Σ over steps of (overhead + history so far): what measuring every request costs. */
function measuredBytes(
  groups: readonly SizedGroup[],
  repeats: readonly number[],
  overheadBytes: number,
  scale: number,
): number {
  let history = 0;
  let total = 0;
  groups.forEach((group, i) => {
    for (let turn = 0; turn < repeats[i]!; turn += 1) {
      history += group.turnBytes * scale;
      total += group.turnSteps * (overheadBytes + history);
    }
  });
  return total;
}

/**
 * The calibrated token count the threshold strategy compares with its threshold (adk-utils-go
 * `tokenCount`, docs/contextguard.md §6). It closes the "timing gap": the real prompt count arrives after a call,
 * while the check runs before the next call on a request that may have grown (tool results).
 * Calibration scales the current heuristic by real/lastHeuristic, clamped to [1, 5], and never
 * answers less than the stale real count.
 */
import { DEFAULT_HEURISTIC_CORRECTION_FACTOR, MAX_CORRECTION_FACTOR, MIN_CORRECTION_FACTOR } from '../constants.ts';
import { loadLastHeuristic, loadRealTokens } from '../state/state-helpers.ts';
import type { CompactionContext, LlmRequest } from '../types.ts';
import { estimateTokens } from './estimate-tokens.ts';

export function tokenCount(ctx: Pick<CompactionContext, 'agentName' | 'state'>, req: LlmRequest): number {
  return calibratedTokenCount(ctx, estimateTokens(req));
}

/** `tokenCount` of a request whose `estimateTokens` is `heuristic` (for a caller that needs both). */
export function calibratedTokenCount(ctx: Pick<CompactionContext, 'agentName' | 'state'>, heuristic: number): number {
  const real = loadRealTokens(ctx);
  if (real <= 0) return Math.trunc(heuristic * DEFAULT_HEURISTIC_CORRECTION_FACTOR);
  const last = loadLastHeuristic(ctx);
  let correction = DEFAULT_HEURISTIC_CORRECTION_FACTOR;
  if (last > 0) {
    correction = Math.min(MAX_CORRECTION_FACTOR, Math.max(MIN_CORRECTION_FACTOR, real / last));
  }
  // Go: int(float64(h) * corr), truncation toward zero.
  const calibrated = Math.trunc(heuristic * correction);
  return real > calibrated ? real : calibrated;
}

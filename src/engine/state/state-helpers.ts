/**
 * Load/persist helpers over session state (adk-utils-go `compaction_utils.go`, docs/contextguard.md §9). Loaders are
 * forgiving like Go's type switches: a missing or mistyped value reads as "" or 0.
 */
import type { CompactionContext } from '../types.ts';
import { stateKeys } from './state-keys.ts';

type StateContext = Pick<CompactionContext, 'agentName' | 'state'>;

/** The running summary, or "" when none was stored (or it is not a string). */
export function loadSummary(ctx: StateContext): string {
  const value = ctx.state.get(stateKeys(ctx.agentName).summary);
  return typeof value === 'string' ? value : '';
}

/** Writes the summary and the diagnostic token count it was produced at. */
export function persistSummary(ctx: StateContext, summary: string, tokenCount: number): void {
  const keys = stateKeys(ctx.agentName);
  ctx.state.set(keys.summary, summary);
  ctx.state.set(keys.summarizedAt, tokenCount);
}

/** The watermark (request contents covered by the last summary); 0 when none. */
export function loadContentsAtCompaction(ctx: StateContext): number {
  return readInt(ctx.state.get(stateKeys(ctx.agentName).contentsAtCompaction));
}

export function persistContentsAtCompaction(ctx: StateContext, count: number): void {
  ctx.state.set(stateKeys(ctx.agentName).contentsAtCompaction, count);
}

/** The provider's last prompt token count; 0 when unknown. */
export function loadRealTokens(ctx: StateContext): number {
  return readInt(ctx.state.get(stateKeys(ctx.agentName).realTokens));
}

export function persistRealTokens(ctx: StateContext, tokens: number): void {
  ctx.state.set(stateKeys(ctx.agentName).realTokens, tokens);
}

/** The heuristic estimate of the last request sent; 0 when unknown. */
export function loadLastHeuristic(ctx: StateContext): number {
  return readInt(ctx.state.get(stateKeys(ctx.agentName).lastHeuristic));
}

export function persistLastHeuristic(ctx: StateContext, tokens: number): void {
  ctx.state.set(stateKeys(ctx.agentName).lastHeuristic, tokens);
}

/**
 * Zeroes real tokens and last heuristic after a compaction, so the next turn does not apply the
 * huge pre-compaction correction factor to the small compacted request (the loop the upstream
 * "calibration reset" safeguard prevents).
 */
export function resetCalibration(ctx: StateContext): void {
  const keys = stateKeys(ctx.agentName);
  ctx.state.set(keys.realTokens, 0);
  ctx.state.set(keys.lastHeuristic, 0);
}

/**
 * Go accepts `int` or `float64` (a JSON round trip turns ints into floats) and truncates the float;
 * anything else is 0. In JS both are `number`.
 */
function readInt(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.trunc(value);
}

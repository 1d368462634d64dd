/**
 * Planted bug: an estimator that counts function calls and Gemini's server tool calls a third
 * high (their arguments at bytes/3 instead of bytes/4, as a mistyped divisor would). It compacts
 * early on tool-heavy requests, summarizing well below the window; "no overflow" never sees an
 * estimate that is too high, and calibration on whole requests only dilutes it. `estimate-precision`
 * catches it on every scenario (the server tool call is always probed) against the 5 % overcount
 * ContextGuard's declared count allows.
 */
import type { Part } from '@google/genai';
import { estimateTokens } from '../../engine/tokens/estimate-tokens.ts';
import type { LlmRequest, StrategyFactory } from '../../engine/types.ts';
import { estimatingStrategy } from './_internals/estimating-strategy.ts';

const isCall = (part: Part): boolean =>
  part.functionCall !== undefined || (part as { toolCall?: unknown }).toolCall !== undefined;

/** The request's function and server tool calls alone. */
function callsOnly(request: LlmRequest): LlmRequest {
  return {
    contents: (request.contents ?? []).map((content) => ({ ...content, parts: (content.parts ?? []).filter(isCall) })),
  };
}

// The bug: every call's tokens counted again by a third (bytes/3 where bytes/4 is right).
export const estimateOvercountsCalls: StrategyFactory = () =>
  estimatingStrategy(
    'planted:estimate-overcounts-calls',
    (request) => estimateTokens(request) + Math.floor(estimateTokens(callsOnly(request)) / 3),
  );

export default estimateOvercountsCalls;

/**
 * Planted bug: an estimator that leaves the system instruction out of its count (issue 18's
 * "estimators that undercount"). It compacts late by the system prompt's size; most such requests
 * still fit the window, so `no-overflow` rarely sees it; `estimate-precision` does on every
 * scenario with a system prompt.
 */
import { estimateTokens } from '../../engine/tokens/estimate-tokens.ts';
import type { StrategyFactory } from '../../engine/types.ts';
import { estimatingStrategy } from './_internals/estimating-strategy.ts';

export const estimateSkipsSystemInstruction: StrategyFactory = () =>
  estimatingStrategy('planted:estimate-skips-system-instruction', (request) =>
    // The bug: the system instruction is dropped before counting.
    estimateTokens(
      request.config ? { ...request, config: { ...request.config, systemInstruction: undefined } } : request,
    ),
  );

export default estimateSkipsSystemInstruction;

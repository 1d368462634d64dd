/**
 * Planted bug: an estimator that leaves the tool declarations out of its count (MCP schemas can
 * weigh thousands of tokens on every request). `estimate-precision` catches it on every scenario
 * that declares tools.
 */
import { estimateTokens } from '../../engine/tokens/estimate-tokens.ts';
import type { StrategyFactory } from '../../engine/types.ts';
import { estimatingStrategy } from './_internals/estimating-strategy.ts';

export const estimateSkipsToolDeclarations: StrategyFactory = () =>
  estimatingStrategy('planted:estimate-skips-tool-declarations', (request) =>
    // The bug: the declarations are dropped before counting.
    estimateTokens(request.config ? { ...request, config: { ...request.config, tools: undefined } } : request),
  );

export default estimateSkipsToolDeclarations;

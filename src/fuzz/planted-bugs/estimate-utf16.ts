/**
 * Planted bug: an estimator that divides JavaScript string lengths (UTF-16 code units) by 4
 * instead of UTF-8 bytes: a CJK character is 3 bytes but 1 unit, an emoji 4 bytes but 2 units, so
 * CJK text counts a third of what it weighs. `estimate-precision` catches it on every scenario
 * holding CJK text; calibration on whole requests hides it until the mix of languages changes.
 */
import { estimateTokens } from '../../engine/tokens/estimate-tokens.ts';
import type { StrategyFactory } from '../../engine/types.ts';
import { asUtf16Units, estimatingStrategy } from './_internals/estimating-strategy.ts';

// The bug: lengths in UTF-16 units (every string made ASCII of the same .length before counting bytes).
export const estimateUtf16: StrategyFactory = () =>
  estimatingStrategy('planted:estimate-utf16', (request) => estimateTokens(asUtf16Units(request)));

export default estimateUtf16;

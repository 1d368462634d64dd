/**
 * What ContextGuard's threshold strategy declares about its count (`declarations.estimate`, checked
 * by the fuzzer's `estimate-precision`): `estimateTokens`, Go `len(bytes)/4` per field, scaled by
 * the correction factor learnt from the provider's prompt counts (`calibrated`).
 *
 * The tolerances are what a `len/4` rule can be off by according to the tokenizers' documented
 * behaviour, derived in docs/properties.md ("Estimate tolerances"), never fitted to this
 * estimator's own errors:
 * - under the ratio token models the provider applies the same `len/4` rules times a ratio, so a
 *   correct count is off only by rounding: one token of the smallest probe (a 100-byte system
 *   prompt, 25 tokens) is 4 %, hence 5 % both ways;
 * - under a byte-level BPE tokenizer (o200k_base, cl100k_base) no text takes more tokens than
 *   UTF-8 bytes, plus the chat format's 4 tokens a message; against prose, whose count calibrates
 *   the estimate (o200k_base packs English prose at about 6 bytes a token, a factor of 0.67 on
 *   len/4), a `len/4` count of any kind of 100 bytes or more is therefore at least
 *   0.67 × 25 / 104 = 0.16 of the provider's, hence 85 % under. No documented bound limits how many bytes one BPE token may
 *   span, so an overcount under a tokenizer is not judged.
 */
import type { DeclaredEstimate } from '../types.ts';
import { estimateTokens } from './estimate-tokens.ts';

/** docs/properties.md, "Estimate tolerances": rounding of the `len/4` rules on the smallest probe. */
export const LEN4_ROUNDING_TOLERANCE = 0.05;
/** docs/properties.md, "Estimate tolerances": a byte-level BPE spends at most one token a byte (plus 4 a message). */
export const BYTE_LEVEL_BPE_TOLERANCE = 0.85;

export const CONTEXTGUARD_DECLARED_ESTIMATE: DeclaredEstimate = {
  tokens: estimateTokens,
  unit: 'calibrated',
  tolerance: LEN4_ROUNDING_TOLERANCE,
  tokenizerTolerance: BYTE_LEVEL_BPE_TOLERANCE,
  overcount: LEN4_ROUNDING_TOLERANCE,
  // No documented bound: a single BPE token may span many bytes (runs of one character merge).
  tokenizerOvercount: Number.POSITIVE_INFINITY,
};

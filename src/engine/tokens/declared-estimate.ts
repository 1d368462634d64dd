/**
 * What ContextGuard's threshold strategy declares about its count (`declarations.estimate`, checked by
 * the fuzzer's `estimate-precision`): `estimateTokens`, Go `len(bytes)/4` per field, scaled by the
 * correction factor learnt from the provider's prompt counts (`calibrated`).
 *
 * Where the provider counts like the simulator's ratio token models (bytes/4 times a ratio), every
 * kind is counted exactly: 1 % covers rounding. Against a real BPE tokenizer (o200k_base,
 * cl100k_base), bytes/4 calibrated on English prose undercounts what packs fewer bytes per token,
 * as measured on the fuzzer's probes (count × calibration / real): JSON 0.38-0.46, emoji
 * 0.38-0.51, CJK 0.44-0.51, logs 0.47-0.49, inline data 0.49-0.50 (4 base64 characters per
 * token, 3 raw bytes), code 0.50-0.61, the declarations of small tool schemas 0.53-0.63, a system prompt of 100 bytes 0.64 (the provider's per-message tokens); everything else (prose, the system prompts, large tool
 * declarations, function calls, server tool parts) 0.74 or more. The tolerances sit a few points
 * beyond those: an estimator that skips the system instruction or the declarations (1.0 under) or
 * counts UTF-16 units (CJK 0.33 of the bytes count) still fails.
 *
 * Over the provider's count it goes only where a tokenizer packs a text tighter than prose: at
 * most 1 % over on every probe under the ratio models, and under both tokenizers too (system
 * prompts of 100 to 30,000 bytes, tool schemas of 40 and 600 bytes per tool), except the Go
 * simulator's "xxx…" tool responses, which BPE merges into long tokens: 15-33 % over (400 to
 * 52,000 bytes). The declared 5 % (40 % for `x` under a tokenizer) leaves room for rounding; an
 * estimator that counts some field at bytes/3 (a third over) fails.
 */
import type { DeclaredEstimate } from '../types.ts';
import { estimateTokens } from './estimate-tokens.ts';

export const CONTEXTGUARD_DECLARED_ESTIMATE: DeclaredEstimate = {
  tokens: estimateTokens,
  unit: 'calibrated',
  tolerance: 0.01,
  tokenizerTolerance: { default: 0.3, 'system-instruction': 0.45, 'tool-declarations': 0.55, json: 0.65, emoji: 0.65, cjk: 0.6, logs: 0.56, code: 0.55, 'inline-data': 0.55 },
  overcount: 0.05,
  tokenizerOvercount: { default: 0.05, x: 0.4 },
};

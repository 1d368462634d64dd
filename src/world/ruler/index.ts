/**
 * The world's ruler: the provider's count of a request, computed by the world's own code from the
 * spec, importing nothing from the engine it judges.
 *
 * - `quarter-byte-count.ts`: ContextGuard's `len/4` rules (docs/contextguard.md §5), the base of the ratio token
 *   models (the provider counts `floor(count × ratio)`), of the overflow, loop and summarizer-input
 *   checks and of the infeasibility floor;
 * - `go-print-length.ts`, `go-json-length.ts`, `utf8-bytes.ts`: the Go lengths those rules divide;
 * - `bpe-count.ts`: exact BPE counts (o200k_base, cl100k_base) for the tokenizer token models;
 * - `intrinsics.ts`: the built-ins all of it measures with, captured before any strategy loads;
 * - `tampered-globals.ts`: which of those built-ins a strategy replaced (`strategy-tampered`).
 */
export { configQuarterTokens, contentQuarterTokens, contentsQuarterTokens, declarationQuarterTokens, partQuarterTokens, requestQuarterTokens, schemaQuarterTokens, type CountedRequest } from './quarter-byte-count.ts';
export { systemInstructionParts } from './system-instruction.ts';
export { quarterOf, utf8Bytes } from './utf8-bytes.ts';
export { tamperedGlobals } from './tampered-globals.ts';

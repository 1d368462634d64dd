/**
 * ContextGuard's count of a request, written from the spec (§5 "Token estimation (exact)"):
 * Go `len()` bytes divided by 4, integer division, per field. This is the base of the world's
 * ratio token models (the provider counts `floor(count × ratio)`, as the Go simulator's
 * `int(float64(estimateTokens(req)) * tokenRatio)`), so it is the ruler of overflow under them.
 * It imports nothing from the engine it judges (test/world/ruler-boundary.test.ts walks the
 * imports); test/world/ruler-cross-check.test.ts compares it with the engine's estimator and lists
 * where they differ on purpose.
 */
import type { Content, FunctionDeclaration, GenerateContentConfig, Part } from '@google/genai';
import { charCodeAt, mathFloor, objectHasOwn, regExpExec } from './intrinsics.ts';
import { goJsonLength } from './go-json-length.ts';
import { goMapPrintLength, goPrintLength } from './go-print-length.ts';
import { systemInstructionParts } from './system-instruction.ts';
import { quarterOf, utf8Bytes } from './utf8-bytes.ts';

/** The shape of a request the ruler reads (a genai `GenerateContentParameters`-like object). */
export interface CountedRequest {
  readonly contents?: readonly (Content | undefined | null)[] | undefined;
  readonly config?: GenerateContentConfig | undefined;
}

/** §5 `estimateTokens(req)`: the contents, plus, only with a config, its system instruction parts and tools. */
export function requestQuarterTokens(request: CountedRequest): number {
  let total = contentsQuarterTokens(request.contents ?? []);
  const config = request.config;
  if (config !== undefined && config !== null) total += configQuarterTokens(config);
  return total;
}

/** The config's share of §5 `estimateTokens`: each system instruction part, then `estimateToolTokens(tools)`. */
export function configQuarterTokens(config: GenerateContentConfig): number {
  let total = 0;
  const system = systemInstructionParts(config.systemInstruction);
  for (let i = 0; i < system.length; i += 1) total += partQuarterTokens(system[i]);
  const tools = config.tools ?? [];
  for (let i = 0; i < tools.length; i += 1) {
    const tool = tools[i];
    // §5: "for each non-nil tool, for each non-nil FunctionDeclaration"; other tool kinds count 0.
    if (tool === undefined || tool === null || !('functionDeclarations' in tool)) continue;
    const declarations = tool.functionDeclarations ?? [];
    for (let j = 0; j < declarations.length; j += 1) total += declarationQuarterTokens(declarations[j]);
  }
  return total;
}

/** §5 `estimateContentTokens`: the sum over all parts of all non-nil contents. */
export function contentsQuarterTokens(contents: readonly (Content | undefined | null)[]): number {
  let total = 0;
  for (let i = 0; i < contents.length; i += 1) total += contentQuarterTokens(contents[i]);
  return total;
}

export function contentQuarterTokens(content: Content | undefined | null): number {
  if (content === undefined || content === null) return 0;
  const parts = content.parts;
  if (parts === undefined || parts === null) return 0;
  let total = 0;
  for (let i = 0; i < parts.length; i += 1) total += partQuarterTokens(parts[i]);
  return total;
}

/** §5 `estimatePartTokens(part)`: 0 for nil, else the sum of its counted fields. */
export function partQuarterTokens(part: Part | undefined | null): number {
  if (part === undefined || part === null) return 0;
  let total = 0;
  // Text != "" → len(Text)/4
  total += quarterOf(part.text);
  // FunctionCall != nil → len(Name)/4 + Σ len(k)/4 + len(%v of v)/4
  const call = part.functionCall;
  if (call !== undefined && call !== null) total += quarterOf(call.name) + entriesQuarterTokens(call.args);
  // FunctionResponse != nil → len(Name)/4 + len(%v of Response)/4 (the whole map)
  const response = part.functionResponse;
  if (response !== undefined && response !== null)
    total += quarterOf(response.name) + mathFloor(goMapPrintLength(response.response) / 4);
  // InlineData != nil → len(MIMEType)/4 + len(Data)/4, Data being the raw bytes (not the base64 text)
  total += blobQuarterTokens(part.inlineData);
  // ToolCall / ToolResponse != nil → len(%v of the *struct)/4
  const toolCall = part.toolCall;
  if (toolCall !== undefined && toolCall !== null)
    total += mathFloor(structPointerLength(toolCall.id, toolCall.toolType, toolCall.args) / 4);
  const toolResponse = part.toolResponse;
  if (toolResponse !== undefined && toolResponse !== null)
    total += mathFloor(structPointerLength(toolResponse.id, toolResponse.toolType, toolResponse.response) / 4);
  // for each (k, v) in PartMetadata → len(k)/4 + len(%v of v)/4
  total += entriesQuarterTokens(part.partMetadata);
  return total;
}

/** §5's inline data rule: len(MIMEType)/4 + the decoded bytes / 4 (0 without a blob). */
export function blobQuarterTokens(blob: { mimeType?: string; data?: string } | undefined | null): number {
  if (blob === undefined || blob === null) return 0;
  return quarterOf(blob.mimeType) + mathFloor(base64DecodedBytes(blob.data) / 4);
}

/** §5 `estimateToolTokens`, one declaration: name/4 + description/4 + json.Marshal(schema)/4 (0 on a marshal error). */
export function declarationQuarterTokens(declaration: FunctionDeclaration | undefined | null): number {
  if (declaration === undefined || declaration === null) return 0;
  return quarterOf(declaration.name) + quarterOf(declaration.description) + schemaQuarterTokens(declaration);
}

/** json.Marshal(ParametersJsonSchema)/4 if that field is non-nil, else json.Marshal(Parameters)/4 if non-nil. */
export function schemaQuarterTokens(declaration: FunctionDeclaration): number {
  const schema = declaration.parametersJsonSchema ?? declaration.parameters;
  if (schema === undefined || schema === null) return 0;
  const length = goJsonLength(schema);
  return length === undefined ? 0 : mathFloor(length / 4);
}

/** Σ over a map's entries of len(k)/4 + len(%v of v)/4 (absent values are not in a Go map). */
function entriesQuarterTokens(map: Readonly<Record<string, unknown>> | undefined | null): number {
  if (map === undefined || map === null) return 0;
  let total = 0;
  for (const key in map) {
    if (!objectHasOwn(map, key)) continue;
    const value = map[key];
    if (value === undefined) continue;
    total += mathFloor(utf8Bytes(key) / 4) + mathFloor(goPrintLength(value) / 4);
  }
  return total;
}

/**
 * `%v` of `&genai.ToolCall{ID, ToolType, Args}` (and `ToolResponse{ID, ToolType, Response}`, genai-go
 * v1.57): `&{<id> <toolType> map[...]}` — `&{`, `}`, two spaces, the fields.
 */
function structPointerLength(id: string | undefined, toolType: string | undefined, map: unknown): number {
  return 5 + utf8Bytes(id ?? '') + utf8Bytes(toolType ?? '') + goMapPrintLength(map);
}

/**
 * Bytes the base64 text `data` decodes to: 3 per 4 alphabet characters. Go decodes the JSON
 * `[]byte` field with the standard encoding, which skips `\r` and `\n`; padding is not data.
 * (Counted by character, so base64 split into lines counts its bytes, not its line breaks.)
 *
 * Inline data is the largest text the ruler reads, and nearly always clean (alphabet characters,
 * then padding): one match of `CLEAN_BASE64`, compiled to machine code by the regular expression
 * engine, checks that, and the symbols are then the characters before the padding. Anything else
 * (line breaks, padding in the middle, other characters) is counted character by character.
 */
export function base64DecodedBytes(data: string | undefined | null): number {
  if (typeof data !== 'string' || data === '') return 0;
  if (regExpExec(CLEAN_BASE64, data) === null) return base64DecodedBytesByCharacter(data);
  let symbols = data.length;
  while (symbols > 0 && charCodeAt(data, symbols - 1) === 61) symbols -= 1; // trailing '='
  return mathFloor((symbols * 3) / 4);
}

/**
 * Only characters `base64DecodedBytesByCharacter` counts, then only `=`: every character before
 * the first `=` is a symbol. Neither sticky nor global, so `exec` neither reads nor moves `lastIndex`.
 */
const CLEAN_BASE64 = /^[A-Za-z0-9+/_-]*=*$/;

/** The reference count: every standard or URL-safe alphabet character, anything else skipped. */
export function base64DecodedBytesByCharacter(data: string): number {
  let symbols = 0;
  for (let i = 0; i < data.length; i += 1) {
    const c = charCodeAt(data, i);
    if (
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      (c >= 48 && c <= 57) ||
      c === 43 ||
      c === 47 ||
      c === 45 ||
      c === 95
    )
      symbols += 1;
  }
  return mathFloor((symbols * 3) / 4);
}

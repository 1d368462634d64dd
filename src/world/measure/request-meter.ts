/**
 * The ruler's `len/4` count of a request (ruler/quarter-byte-count.ts, ContextGuard's rules from
 * the spec), using the per-source cache: an element that is an untouched or unmodified copy of a
 * history content costs a lookup, not a recount. Tool declarations share frozen schemas across
 * steps (as adk-js FunctionTools share `parameters`), so a schema's marshalled size is cached by
 * identity. Equal, by construction, to the ruler's `requestQuarterTokens(request)`.
 */
import type { FunctionDeclaration, GenerateContentConfig } from '@google/genai';
import { contentQuarterTokens, partQuarterTokens, schemaQuarterTokens } from '../ruler/quarter-byte-count.ts';
import { systemInstructionParts } from '../ruler/system-instruction.ts';
import { quarterOf } from '../ruler/utf8-bytes.ts';
import type { LlmRequest } from '../../engine/types.ts';
import { contentItems, type ContentItem } from '../request-contents/content-items.ts';

export function requestHeuristic(
  request: LlmRequest,
  items: readonly ContentItem[] = contentItems(request.contents ?? []),
): number {
  let total = 0;
  for (const item of items) {
    if (item.source) total += item.source.heuristic;
    else if (item.content) total += contentQuarterTokens(item.content);
  }
  return total + configHeuristic(request.config);
}

export function configHeuristic(config: GenerateContentConfig | undefined): number {
  if (!config) return 0;
  let total = 0;
  for (const part of systemInstructionParts(config.systemInstruction)) total += partQuarterTokens(part);
  for (const tool of config.tools ?? []) {
    if (tool === undefined || tool === null || !('functionDeclarations' in tool)) continue;
    for (const declaration of tool.functionDeclarations ?? []) total += declarationTokens(declaration);
  }
  return total;
}

const schemaTokens = new WeakMap<object, number>();

function declarationTokens(declaration: FunctionDeclaration | undefined | null): number {
  if (declaration === undefined || declaration === null) return 0;
  const schema = declaration.parametersJsonSchema ?? declaration.parameters;
  if (schema === null || typeof schema !== 'object' || !Object.isFrozen(schema))
    return quarterOf(declaration.name) + quarterOf(declaration.description) + schemaQuarterTokens(declaration);
  let tokens = schemaTokens.get(schema);
  if (tokens === undefined) {
    tokens = schemaQuarterTokens({ parametersJsonSchema: schema });
    schemaTokens.set(schema, tokens);
  }
  return quarterOf(declaration.name) + quarterOf(declaration.description) + tokens;
}

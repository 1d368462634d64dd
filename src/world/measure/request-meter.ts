/**
 * Heuristic (ContextGuard) tokens of a request, using the per-source cache: an element that is an
 * untouched or unmodified copy of a history content costs a lookup, not a re-estimate. Tool
 * declarations share frozen schemas across steps (as adk-js FunctionTools share `parameters`),
 * so a schema's marshalled size is cached by identity. Equal, by construction, to the engine's
 * `estimateTokens(request)`.
 */
import type { FunctionDeclaration, GenerateContentConfig } from '@google/genai';
import { estimateContentTokens, estimatePartTokens, estimateToolTokens, systemInstructionParts } from '../../engine/tokens/estimate-tokens.ts';
import { quarterBytes } from '../../engine/tokens/utf8-byte-length.ts';
import type { LlmRequest } from '../../engine/types.ts';
import { contentItems, type ContentItem } from '../agents/processors/lazy-contents.ts';

export function requestHeuristic(request: LlmRequest, items: readonly ContentItem[] = contentItems(request.contents ?? [])): number {
  let total = 0;
  for (const item of items) {
    if (item.source) total += item.source.heuristic;
    else if (item.content) total += estimateContentTokens([item.content]);
  }
  return total + configHeuristic(request.config);
}

export function configHeuristic(config: GenerateContentConfig | undefined): number {
  if (!config) return 0;
  let total = 0;
  for (const part of systemInstructionParts(config.systemInstruction)) total += estimatePartTokens(part);
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
  if (schema === null || typeof schema !== 'object' || !Object.isFrozen(schema)) return estimateToolTokens([{ functionDeclarations: [declaration] }]);
  let tokens = schemaTokens.get(schema);
  if (tokens === undefined) {
    tokens = estimateToolTokens([{ functionDeclarations: [{ parametersJsonSchema: schema }] }]);
    schemaTokens.set(schema, tokens);
  }
  return quarterBytes(declaration.name) + quarterBytes(declaration.description) + tokens;
}

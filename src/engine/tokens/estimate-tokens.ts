/**
 * ContextGuard's token heuristic (adk-utils-go `compaction_utils.go`, docs/contextguard.md §5): Go `len()` bytes
 * divided by 4, integer division, applied to each field separately, so tiny fields count 0.
 * Counts only what Go counts: text, function call name + args, function response name + response,
 * inline data, tool call / tool response, part metadata, the system instruction's parts and
 * function declarations. Anything else in a request (file data, code execution parts, generation
 * settings) costs 0 tokens, as upstream.
 */
import { Buffer } from 'node:buffer';
import type { Content, GenerateContentConfig, Part } from '@google/genai';
import type { LlmRequest } from '../types.ts';
import { goFormatLength, goFormatMapLength } from './go-format.ts';
import { schemaJsonLength } from './frozen-schema-length.ts';
import { quarterBytes, utf8ByteLength } from './utf8-byte-length.ts';

/**
 * Tokens of one part (0 for a missing part).
 *
 * Walks the part's own keys rather than probing each of the seven counted fields: a part holds one
 * or two of them, and parts of many shapes flow through the same call site, where V8 would make
 * every probe a megamorphic lookup. The sum is the same in any order.
 */
export function estimatePartTokens(part: Part | undefined | null): number {
  if (part === undefined || part === null) return 0;
  let total = 0;
  for (const key in part) {
    switch (key) {
      case 'text': {
        const text = part.text;
        if (typeof text === 'string' && text !== '') total += quarterBytes(text);
        break;
      }
      case 'functionCall': {
        const call = part.functionCall;
        if (call) total += quarterBytes(call.name) + mapEntriesTokens(call.args);
        break;
      }
      case 'functionResponse': {
        const response = part.functionResponse;
        // The whole `map[string]any` through %v: `map[k:v ...]`; a nil map prints `map[]`.
        if (response) total += quarterBytes(response.name) + Math.floor(goFormatMapLength(response.response) / 4);
        break;
      }
      case 'inlineData': {
        const blob = part.inlineData;
        if (blob) total += quarterBytes(blob.mimeType) + Math.floor(inlineDataByteLength(blob.data) / 4);
        break;
      }
      case 'toolCall': {
        const call = part.toolCall;
        if (call) total += Math.floor(goStructPointerLength(call.id, call.toolType, call.args) / 4);
        break;
      }
      case 'toolResponse': {
        const r = part.toolResponse;
        if (r) total += Math.floor(goStructPointerLength(r.id, r.toolType, r.response) / 4);
        break;
      }
      case 'partMetadata':
        total += mapEntriesTokens(part.partMetadata);
        break;
      default:
        break;
    }
  }
  return total;
}

/**
 * Sum of `estimatePartTokens` over every part of every non-null content. Indexed loops, not
 * for-of: a host may hand over an exotic array (a Proxy that clones on read, as the simulator's
 * request contents do), and iterating one allocates an iterator result per element that V8 cannot
 * optimize away; this runs over the whole request on every model call.
 */
export function estimateContentTokens(contents: readonly (Content | undefined | null)[]): number {
  let total = 0;
  const count = contents.length;
  for (let i = 0; i < count; i += 1) {
    const content = contents[i];
    if (content === undefined || content === null) continue;
    const parts = content.parts;
    if (!parts) continue;
    for (let j = 0; j < parts.length; j += 1) total += estimatePartTokens(parts[j]);
  }
  return total;
}

/**
 * Tokens of the function declarations: name/4 + description/4 + json.Marshal(parametersJsonSchema)/4,
 * else json.Marshal(parameters)/4. A marshal error adds 0 for the schema. Other tool kinds (search,
 * code execution, MCP servers, callable tools) count nothing, as upstream.
 */
export function estimateToolTokens(tools: GenerateContentConfig['tools']): number {
  if (!tools) return 0;
  let total = 0;
  for (const tool of tools) {
    if (tool === undefined || tool === null || !('functionDeclarations' in tool)) continue;
    for (const fd of tool.functionDeclarations ?? []) {
      if (fd === undefined || fd === null) continue;
      total += quarterBytes(fd.name);
      total += quarterBytes(fd.description);
      const schema = fd.parametersJsonSchema ?? fd.parameters;
      if (schema !== undefined && schema !== null) total += Math.floor(schemaJsonLength(schema) / 4);
    }
  }
  return total;
}

/** Contents + (if config) system instruction parts + tool declarations. */
export function estimateTokens(req: LlmRequest): number {
  let total = estimateContentTokens(req.contents ?? []);
  const config = req.config;
  if (config) {
    for (const part of systemInstructionParts(config.systemInstruction)) total += estimatePartTokens(part);
    total += estimateToolTokens(config.tools);
  }
  return total;
}

/**
 * The parts of a genai-JS `ContentUnion` system instruction. Go's field is a `*Content`; in JS it may
 * also be a string, a Part, or an array of Parts/strings (each string becomes one text part, which is
 * how the genai SDK converts them before sending).
 */
export function systemInstructionParts(si: GenerateContentConfig['systemInstruction']): Part[] {
  if (si === undefined || si === null) return [];
  if (typeof si === 'string') return [{ text: si }];
  if (Array.isArray(si)) return si.map((p) => (typeof p === 'string' ? { text: p } : p));
  if ('parts' in si || 'role' in si) return (si as Content).parts ?? [];
  return [si as Part];
}

/**
 * Go counts the raw bytes of `InlineData.Data`; in genai JS `data` is base64 text, so we count the
 * decoded length (Buffer.byteLength computes it from the text without decoding).
 */
function inlineDataByteLength(data: string | undefined): number {
  if (!data) return 0;
  return Buffer.byteLength(data, 'base64');
}

const hasOwn = Object.prototype.hasOwnProperty;

/** For each (k, v): len(k)/4 + len(%v of v)/4. Undefined values do not exist in a Go map. */
function mapEntriesTokens(map: Record<string, unknown> | undefined | null): number {
  if (!map) return 0;
  let total = 0;
  for (const key in map) {
    if (!hasOwn.call(map, key)) continue; // Object.keys' own enumerable keys, without the array
    const v = map[key];
    if (v === undefined) continue;
    total += Math.floor(utf8ByteLength(key) / 4) + Math.floor(goFormatLength(v) / 4);
  }
  return total;
}

/**
 * `%v` of a `*genai.ToolCall` / `*genai.ToolResponse` (genai-go v1.57: `{ID string; ToolType
 * ToolType; Args|Response map[string]any}`), i.e. `&{<id> <toolType> map[...]}`. Field order is
 * taken from the genai schema both SDKs are generated from; only the length matters.
 */
function goStructPointerLength(
  id: string | undefined,
  toolType: string | undefined,
  map: Record<string, unknown> | undefined,
): number {
  return 3 + 2 + utf8ByteLength(id ?? '') + utf8ByteLength(toolType ?? '') + goFormatMapLength(map);
}

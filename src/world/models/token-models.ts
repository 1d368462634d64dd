/**
 * What the provider really counts (the ground truth for overflow):
 * - `ratio`: real = floor(heuristic(request) × ratio), the seeds' and the Go simulator's model
 *   (Go: `int(float64(estimateTokens(req)) * tokenRatio)`).
 * - `tiktoken`: a BPE tokenizer (o200k_base / cl100k_base) over the rendered request: the
 *   system instruction, each tool declaration (name, description, JSON schema), each content's
 *   text, function call name + JSON args, function response name + JSON response, inline data at
 *   4 base64 characters per token, plus a per-message and a per-request overhead (chat formats
 *   spend a few tokens per message on role markers).
 * Counts are cached per immutable content source and per string, so re-sending the same history
 * costs almost nothing.
 */
import type { Content, FunctionDeclaration, FunctionResponsePart, Part } from '@google/genai';
import { systemInstructionParts } from '../ruler/system-instruction.ts';
import { providerOnlyQuarterTokens } from '../ruler/provider-only-parts.ts';
import { quarterOf } from '../ruler/utf8-bytes.ts';
import type { LlmRequest } from '../../engine/types.ts';
import { contentItems, type ContentItem } from '../request-contents/content-items.ts';
import type { TokenModelSpec } from '../world-scenario.ts';
import { loadBpeCounter, type BpeCounter } from '../ruler/bpe-count.ts';
import { corpusWindowOf } from '../content/corpus-text.ts';
import { jsonWindowTokenCount, windowTokenCount } from '../content/corpus-token-count.ts';

export const MESSAGE_OVERHEAD_TOKENS = 4;
export const REQUEST_OVERHEAD_TOKENS = 3;

export interface TokenModel {
  readonly spec: TokenModelSpec;
  /** Cache key of this model's counts. */
  readonly key: string;
  /** False when only the heuristic matters (ratio): callers may skip resolving contents. */
  readonly readsContents: boolean;
  /**
   * Real tokens of `request`, whose ContextGuard heuristic is `heuristic`; `items` are its
   * contents as measurement resolved them (cached counts for unmodified history contents).
   */
  countRequest(request: LlmRequest, heuristic: number, items?: readonly ContentItem[]): number;
  /** Real tokens of a text on its own (sizing summarizer replies). */
  countText(text: string): number;
}

export async function createTokenModel(spec: TokenModelSpec): Promise<TokenModel> {
  if (spec.kind === 'ratio') {
    if (!(spec.ratio > 0) || !Number.isFinite(spec.ratio))
      throw new Error(`token model ratio must be a positive number, got ${spec.ratio}`);
    return ratioTokenModel(spec.ratio);
  }
  if (spec.kind === 'tiktoken') {
    const scale = spec.scale ?? 1;
    if (!(scale > 0) || !Number.isFinite(scale))
      throw new Error(`token model scale must be a positive number, got ${spec.scale}`);
    return tiktokenTokenModel(spec.encoding, await loadBpeCounter(spec.encoding), scale);
  }
  throw new Error(
    `unknown token model kind '${String((spec as { kind?: unknown }).kind)}' (expected ratio or tiktoken)`,
  );
}

/**
 * The provider counts the request's `len/4` count times the ratio, as the seeds and the Go
 * simulator do, plus, by the same rule, what it reads that the `len/4` rules skip (code execution
 * parts: ruler/provider-only-parts.ts; zero for every content the world itself makes).
 */
export function ratioTokenModel(ratio: number): TokenModel {
  return {
    spec: { kind: 'ratio', ratio },
    key: `ratio:${ratio}`,
    readsContents: true,
    countRequest: (request, heuristic, items = contentItems(request.contents ?? [])) =>
      Math.floor((heuristic + providerOnlyTokens(items)) * ratio),
    countText: (text) => Math.floor(quarterOf(text) * ratio),
  };
}

function providerOnlyTokens(items: readonly ContentItem[]): number {
  let total = 0;
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    total += item.source !== undefined ? item.source.providerOnly : providerOnlyQuarterTokens(item.content);
  }
  return total;
}

export function tiktokenTokenModel(encoding: 'o200k_base' | 'cl100k_base', counter: BpeCounter, scale = 1): TokenModel {
  // Each content's unscaled count is cached under the encoding alone; the scale applies to totals.
  const key = `tiktoken:${encoding}`;
  const scaled = scale === 1 ? (count: number) => count : (count: number) => Math.floor(count * scale);
  const texts = new TextCountCache(counter);
  // Per model, so per encoding: unscaled declaration counts, by schema object (countDeclaration).
  const declarationCounts = new WeakMap<object, CountedDeclaration>();
  const countContent = (content: Content): number =>
    MESSAGE_OVERHEAD_TOKENS + (content.parts ?? []).reduce((sum, part) => sum + countPart(part, texts), 0);
  return {
    spec: scale === 1 ? { kind: 'tiktoken', encoding } : { kind: 'tiktoken', encoding, scale },
    key: scale === 1 ? key : `${key}×${scale}`,
    readsContents: true,
    countText: (text) => scaled(texts.count(text)),
    countRequest(request, _heuristic, items = contentItems(request.contents ?? [])) {
      let total = REQUEST_OVERHEAD_TOKENS;
      const config = request.config;
      const system = systemInstructionParts(config?.systemInstruction);
      if (system.length > 0)
        total += MESSAGE_OVERHEAD_TOKENS + system.reduce((sum, part) => sum + countPart(part, texts), 0);
      for (const tool of config?.tools ?? []) {
        if (!tool || !('functionDeclarations' in tool)) continue;
        for (const declaration of tool.functionDeclarations ?? [])
          total += countDeclaration(declaration, texts, declarationCounts);
      }
      for (const item of items) {
        if (item.source) {
          let count = item.source.realTokens.get(key);
          if (count === undefined) {
            count = countContent(item.source.content);
            item.source.realTokens.set(key, count);
          }
          total += count;
        } else if (item.content) {
          total += countContent(item.content);
        }
      }
      return scaled(total);
    },
  };
}

function countPart(part: Part, texts: TextCountCache): number {
  if (typeof part.text === 'string') return texts.count(part.text);
  if (part.functionCall)
    return texts.count(part.functionCall.name ?? '') + texts.count(JSON.stringify(part.functionCall.args ?? {}));
  if (part.functionResponse) {
    const response = part.functionResponse.response ?? {};
    return (
      texts.count(part.functionResponse.name ?? '') +
      texts.countJson(response, JSON.stringify(response)) +
      responsePartsTokens(part.functionResponse.parts)
    );
  }
  if (part.inlineData) return inlineDataTokens(part.inlineData);
  return texts.count(JSON.stringify(part));
}

/** Inline data: 4 base64 characters a token. */
function inlineDataTokens(blob: { data?: string } | undefined): number {
  return Math.floor((blob?.data?.length ?? 0) / 4);
}

/** A multimodal function response's own parts: inline data as a part's own. */
function responsePartsTokens(parts: readonly FunctionResponsePart[] | undefined): number {
  let total = 0;
  for (const part of parts ?? []) total += inlineDataTokens(part?.inlineData);
  return total;
}

const schemaJson = new WeakMap<object, string>();

/** The name and description last counted with a schema object, and that count. */
interface CountedDeclaration {
  readonly name: string;
  readonly description: string;
  readonly count: number;
}

/**
 * Tokens of one declaration: name, description and JSON schema. The world builds a new
 * declaration every step around a shared, frozen schema, as adk-js's FunctionTool does
 * (tools/world-tool.ts). A frozen schema's JSON is computed once (`schemaJson`), so the count
 * depends on the name and description alone: it is remembered beside the schema and reused while
 * the name and description (read afresh every call) are the same strings.
 */
function countDeclaration(
  declaration: FunctionDeclaration,
  texts: TextCountCache,
  counted: WeakMap<object, CountedDeclaration>,
): number {
  const schema = declaration.parametersJsonSchema ?? declaration.parameters;
  let json = '';
  let anchor: object | undefined;
  if (schema !== undefined && schema !== null) {
    if (typeof schema === 'object') {
      json = schemaJson.get(schema) ?? JSON.stringify(schema);
      if (Object.isFrozen(schema)) {
        schemaJson.set(schema, json);
        anchor = schema;
      }
    } else {
      json = JSON.stringify(schema);
    }
  }
  const name = declaration.name ?? '';
  const description = declaration.description ?? '';
  const known = anchor === undefined ? undefined : counted.get(anchor);
  if (known !== undefined && known.name === name && known.description === description) return known.count;
  const count = texts.count(name) + texts.count(description) + texts.count(json);
  if (anchor !== undefined && typeof name === 'string' && typeof description === 'string')
    counted.set(anchor, { name, description, count });
  return count;
}

/**
 * Counts per distinct long string (short ones are cheaper to count than to look up). A text the
 * world generated as a corpus window (session.textSource: corpus) is counted from the corpus's
 * block counts (content/corpus-token-count.ts: exactly the count of the text, as its test shows),
 * the rest by tokenizing it.
 */
class TextCountCache {
  readonly #counts = new Map<string, number>();

  constructor(readonly counter: BpeCounter) {}

  count(text: string): number {
    if (text.length < 64) return this.counter.count(text);
    let count = this.#counts.get(text);
    if (count === undefined) {
      const window = corpusWindowOf(text);
      count = (window && windowTokenCount(window, this.counter)) ?? this.counter.count(text);
      this.#remember(text, count);
    }
    return count;
  }

  /** The count of `json`, which is JSON.stringify(response): a tool's `{ result: <corpus window> }` from the corpus's blocks. */
  countJson(response: unknown, json: string): number {
    if (json.length < 64) return this.counter.count(json);
    let count = this.#counts.get(json);
    if (count === undefined) {
      count = this.#jsonWindowCount(response, json) ?? this.counter.count(json);
      this.#remember(json, count);
    }
    return count;
  }

  #jsonWindowCount(response: unknown, json: string): number | undefined {
    if (response === null || typeof response !== 'object' || Array.isArray(response)) return undefined;
    const keys = Object.keys(response);
    if (keys.length !== 1) return undefined;
    const value = (response as Record<string, unknown>)[keys[0]!];
    const window = typeof value === 'string' ? corpusWindowOf(value) : undefined;
    return window && jsonWindowTokenCount(window, keys[0]!, json, this.counter);
  }

  #remember(text: string, count: number): void {
    if (this.#counts.size >= 20_000) this.#counts.clear();
    this.#counts.set(text, count);
  }
}

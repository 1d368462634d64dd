/**
 * A deterministic key for everything a request sends before its contents (system instruction and
 * tool declarations), cheap to compute every step: long strings and frozen (shared) schemas are
 * hashed once, and a declaration's name and description serialized once while they stay the same.
 */
import type { FunctionDeclaration, GenerateContentConfig } from '@google/genai';
import { canonicalJson } from './canonical-json.ts';
import { sha256 } from './sha256.ts';

const stringDigests = new Map<string, string>();
const schemaDigests = new WeakMap<object, string>();

export function preambleKey(config: GenerateContentConfig | undefined): string {
  if (!config) return '';
  const parts: string[] = [];
  const system = config.systemInstruction;
  parts.push(typeof system === 'string' ? textKey(system) : canonicalJson(system));
  for (const tool of config.tools ?? []) {
    if (!tool || !('functionDeclarations' in tool)) {
      parts.push(canonicalJson(tool));
      continue;
    }
    for (const declaration of tool.functionDeclarations ?? []) parts.push(declarationKey(declaration));
  }
  return preambleDigest(parts.join('\n'));
}

/**
 * The last preambles hashed and their digests: a step keys the same preamble twice, and steps
 * after it mostly the same again, so comparing the text (a memory comparison) saves hashing it.
 * At most `RECENT_PREAMBLES` texts of up to `RECENT_PREAMBLE_MAX_CHARS` characters are kept.
 */
const RECENT_PREAMBLES = 4;
const RECENT_PREAMBLE_MAX_CHARS = 256 * 1024;
const recentTexts: string[] = [];
const recentDigests: string[] = [];

/**
 * Forgets the texts kept by value (recent preambles, long system instructions' digests): they are
 * what requests held, so they go once no session plays in this thread (run-session.ts).
 */
export function forgetPreambleTexts(): void {
  recentTexts.length = 0;
  recentDigests.length = 0;
  stringDigests.clear();
}

/** Characters of text kept by value now (what `forgetPreambleTexts` lets go). */
export function preambleTextsKept(): number {
  let chars = 0;
  for (const text of recentTexts) chars += text.length;
  for (const text of stringDigests.keys()) chars += text.length;
  return chars;
}

function preambleDigest(text: string): string {
  for (let i = 0; i < recentTexts.length; i += 1) if (recentTexts[i] === text) return recentDigests[i]!;
  const digest = sha256(text);
  if (text.length <= RECENT_PREAMBLE_MAX_CHARS) {
    if (recentTexts.length === RECENT_PREAMBLES) {
      recentTexts.pop();
      recentDigests.pop();
    }
    recentTexts.unshift(text);
    recentDigests.unshift(digest);
  }
  return digest;
}

/**
 * A declaration's part of the key: its fields but the schemas, then each schema's key. The world
 * builds a new, unfrozen declaration every step around a shared schema, as adk-js's FunctionTool
 * does (tools/world-tool.ts): its fields are read afresh, and when they are just a name and a
 * description their serialization is reused from the last step that sent the same two strings
 * with the same schema object.
 */
function declarationKey(declaration: FunctionDeclaration): string {
  const { parametersJsonSchema, parameters, ...rest } = declaration;
  return `${restKey(rest, parametersJsonSchema ?? parameters)}|${schemaKey(parametersJsonSchema)}|${schemaKey(parameters)}`;
}

/** The last name and description sent with a schema object, and their `canonicalJson`. */
interface NamedRestKey {
  readonly name: string;
  readonly description: string | undefined;
  readonly key: string;
}
const restKeysBySchema = new WeakMap<object, NamedRestKey>();

/**
 * `canonicalJson(rest)`. When `rest` (a fresh copy of the declaration's own fields) holds only a
 * string `name` and a string `description` or none, that text depends on those two strings alone,
 * so it is remembered beside the schema (any object: it only finds the entry) and reused while
 * both strings stay the same.
 */
function restKey(rest: Record<string, unknown>, schema: unknown): string {
  const anchor = schema !== null && typeof schema === 'object' ? schema : undefined;
  const named = anchor === undefined ? undefined : nameAndDescription(rest);
  if (named !== undefined) {
    const known = restKeysBySchema.get(anchor!);
    if (known !== undefined && known.name === named.name && known.description === named.description) return known.key;
  }
  const key = canonicalJson(rest);
  if (named !== undefined) restKeysBySchema.set(anchor!, { ...named, key });
  return key;
}

/** `rest`'s name and description when those are its only enumerable string keys and hold strings. */
function nameAndDescription(rest: Record<string, unknown>): Omit<NamedRestKey, 'key'> | undefined {
  const keys = Object.keys(rest);
  const name = rest.name;
  if (typeof name !== 'string') return undefined;
  if (keys.length === 1 && keys[0] === 'name') return { name, description: undefined };
  const description = rest.description;
  if (keys.length === 2 && (keys[0] === 'description' || keys[1] === 'description') && typeof description === 'string')
    return { name, description };
  return undefined;
}

function textKey(text: string): string {
  if (text.length < 256) return JSON.stringify(text);
  let digest = stringDigests.get(text);
  if (digest === undefined) {
    digest = sha256(text);
    if (stringDigests.size > 1024) stringDigests.clear();
    stringDigests.set(text, digest);
  }
  return digest;
}

function schemaKey(schema: unknown): string {
  if (schema === null || typeof schema !== 'object') return canonicalJson(schema);
  if (!Object.isFrozen(schema)) return sha256(canonicalJson(schema));
  let digest = schemaDigests.get(schema);
  if (digest === undefined) {
    digest = sha256(canonicalJson(schema));
    schemaDigests.set(schema, digest);
  }
  return digest;
}

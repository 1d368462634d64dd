/**
 * A deterministic key for everything a request sends before its contents (system instruction and
 * tool declarations), cheap to compute every step: long strings and frozen (shared) schemas are
 * hashed once.
 */
import type { GenerateContentConfig } from '@google/genai';
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
    for (const declaration of tool.functionDeclarations ?? []) {
      const { parametersJsonSchema, parameters, ...rest } = declaration;
      parts.push(`${canonicalJson(rest)}|${schemaKey(parametersJsonSchema)}|${schemaKey(parameters)}`);
    }
  }
  return sha256(parts.join('\n'));
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

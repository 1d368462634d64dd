/**
 * Reading untrusted JSON: small typed accessors that record a located problem instead of
 * throwing, so one pass reports every missing field of a log. Unknown fields are ignored.
 */
import type { LogProblem, Where } from './recorded-log.ts';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function at(where: Where, ...segments: (string | number)[]): Where {
  return { ...(where.line === undefined ? {} : { line: where.line }), path: [...where.path, ...segments] };
}

/** Collects problems while a format reads its log. */
export class Problems {
  readonly list: LogProblem[] = [];

  add(where: Where, message: string): void {
    this.list.push({ where, message });
  }

  /** `value[key]` as a string, or a problem "missing <key> (expected a string)". */
  string(value: Json, key: string, where: Where, what = 'a string'): string | undefined {
    const field = value[key];
    if (typeof field === 'string') return field;
    this.add(
      at(where, key),
      field === undefined ? `missing '${key}' (expected ${what})` : `expected ${what}, got ${describe(field)}`,
    );
    return undefined;
  }

  array(value: Json, key: string, where: Where, what = 'a list'): unknown[] | undefined {
    const field = value[key];
    if (Array.isArray(field)) return field;
    this.add(
      at(where, key),
      field === undefined ? `missing '${key}' (expected ${what})` : `expected ${what}, got ${describe(field)}`,
    );
    return undefined;
  }

  object(value: unknown, where: Where, what = 'an object'): Json | undefined {
    if (isObject(value)) return value;
    this.add(where, value === undefined ? `missing (expected ${what})` : `expected ${what}, got ${describe(value)}`);
    return undefined;
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value.length > 40 ? `a string ("${value.slice(0, 37)}...")` : `"${value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** A non-negative integer field, or undefined (usage counts are optional everywhere). */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Arguments recorded as a JSON string (OpenAI, Codex): parsed; a string that is not a JSON object is kept whole under `arguments`. */
export function argsFromJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed)) return parsed;
  } catch {
    // The model wrote arguments that are not JSON: the replay sends them as recorded.
  }
  return { arguments: text };
}

/** Text of a content given as a string or a list of blocks with `text` (OpenAI parts, Anthropic blocks, Codex items). */
export function textOfBlocks(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => (isObject(block) && typeof block['text'] === 'string' ? block['text'] : ''))
    .filter((text) => text !== '')
    .join('\n');
}

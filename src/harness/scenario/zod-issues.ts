/**
 * Turns zod issues into plain-word scenario issues: "expected a positive integer, got -5",
 * "missing required field 'user'", "unknown field 'sise' (did you mean 'size'?)".
 */
import type { z } from 'zod';
import { closestMatch } from './did-you-mean.ts';
import { allowedKeysAt } from './schema-keys.ts';
import { issue, type IssuePath, type ScenarioIssue } from './scenario-error.ts';

type ZodIssue = z.core.$ZodIssue & { readonly input?: unknown };

/** A short rendering of what the file held. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length > 40 ? `'${value.slice(0, 37)}...'` : `'${value}'`;
  return String(value);
}

const EXPECTED_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object (a mapping of fields)',
  array: 'a list',
  record: 'an object (a mapping of fields)',
};

function quoteList(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(', ');
}

function unknownFieldIssue(path: IssuePath, key: string, allowed: readonly string[]): ScenarioIssue {
  const suggestion = closestMatch(key, allowed);
  const hint = suggestion !== null ? `did you mean '${suggestion}'?` : `allowed: ${allowed.join(', ')}`;
  return issue([...path, key], `unknown field '${key}' (${hint})`);
}

function withInput(message: string, item: ZodIssue): string {
  return 'input' in item ? `${message}, got ${describeValue(item.input)}` : message;
}

function missingField(path: IssuePath): ScenarioIssue {
  return issue(path, `missing required field '${String(path[path.length - 1])}'`);
}

function convertUnion(root: z.core.$ZodType, item: ZodIssue & { code: 'invalid_union' }): ScenarioIssue[] {
  const path = item.path as IssuePath;
  const input = item.input;
  if ('input' in item && input === undefined) return [missingField(path)];
  // An object that matched no branch: a typo'd field name is the likeliest cause, so name it.
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const allowed = allowedKeysAt(root, path);
    const unknown = Object.keys(input).filter((key) => !allowed.includes(key));
    if (allowed.length > 0 && unknown.length > 0) return unknown.map((key) => unknownFieldIssue(path, key, allowed));
  }
  const message = item.message.startsWith('expected') ? item.message : 'expected a different kind of value';
  return [issue(path, withInput(message, item))];
}

function convertOne(root: z.core.$ZodType, item: ZodIssue): ScenarioIssue[] {
  const path = item.path as IssuePath;
  switch (item.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeysAt(root, path);
      return item.keys.map((key) => unknownFieldIssue(path, key, allowed));
    }
    case 'invalid_union':
      return convertUnion(root, item);
    case 'invalid_type': {
      if ('input' in item && item.input === undefined) return [missingField(path)];
      const message = item.message.startsWith('expected')
        ? item.message
        : `expected ${EXPECTED_WORDS[item.expected] ?? item.expected}`;
      return [issue(path, withInput(message, item))];
    }
    case 'invalid_value': {
      const got = 'input' in item ? item.input : undefined;
      const suggestion = typeof got === 'string' ? closestMatch(got, item.values.map(String)) : null;
      const hint = suggestion !== null ? ` (did you mean '${suggestion}'?)` : '';
      const expected = item.values.length === 1 ? quoteList(item.values) : `one of ${quoteList(item.values)}`;
      return [issue(path, `${withInput(`expected ${expected}`, item)}${hint}`)];
    }
    case 'custom':
      return [issue(path, item.message)];
    default:
      return [issue(path, item.message.startsWith('expected') ? withInput(item.message, item) : item.message)];
  }
}

const pathKey = (path: readonly PropertyKey[]) => JSON.stringify(path.map(String));

/**
 * Plain-word issues for every zod issue, in the order zod found them. A cross-field complaint
 * about an object that also has an unknown field is dropped: the typo is the cause ("sise" →
 * "expected exactly one of size, text" is noise).
 */
export function convertZodIssues(root: z.core.$ZodType, issues: readonly z.core.$ZodIssue[]): ScenarioIssue[] {
  const withTypos = new Set(
    issues.filter((item) => item.code === 'unrecognized_keys').map((item) => pathKey(item.path)),
  );
  return issues
    .filter((item) => item.code !== 'custom' || !withTypos.has(pathKey(item.path)))
    .flatMap((item) => convertOne(root, item as ZodIssue));
}

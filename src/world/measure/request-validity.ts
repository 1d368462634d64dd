/**
 * Is the request a provider would accept as contents? A strategy may rewrite `request.contents`
 * into anything: null, a list of numbers, a content with an unknown role or no parts. The Gemini
 * API refuses such a request (400 INVALID_ARGUMENT), so the world ends the session with an
 * `invalid-request` failure instead of measuring garbage (which would otherwise pass as a small,
 * "fitting" request).
 *
 * Only what the strategy made or changed is checked: an element that is an unmodified copy of a
 * session event (a `ContentItem` with a source) is valid by construction, so the check costs
 * nothing on the steps a strategy leaves alone.
 */
import type { ContentItem } from '../request-contents/content-items.ts';

const ROLES = new Set(['user', 'model']);

/** Keys that carry a part's data (google-genai `Part`, the API's `data` oneof); a part needs exactly one. */
const DATA_KEYS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
] as const;

/** Why `contents` is not valid request contents, or null when it is. */
export function invalidContents(contents: unknown, items: readonly ContentItem[]): string | null {
  if (contents === null || contents === undefined)
    return `request.contents is ${String(contents)}: expected a list of contents`;
  if (!Array.isArray(contents)) return `request.contents is ${typeof contents}: expected a list of contents`;
  // (An empty list is not refused here: adk-js itself builds one when every event's text is empty;
  // a strategy that empties the request loses the user's request, which user-request-preserved flags.)
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    if (item.source !== undefined) continue;
    const problem = invalidContent(item.content);
    if (problem !== null) return `request.contents[${i}]: ${problem}`;
  }
  return null;
}

function invalidContent(content: unknown): string | null {
  if (!isObject(content)) return `${describe(content)} is not a content ({ role, parts })`;
  if (typeof content['role'] !== 'string' || !ROLES.has(content['role'])) {
    return `role ${describe(content['role'])} is not 'user' or 'model'`;
  }
  const parts = content['parts'];
  if (!Array.isArray(parts) || parts.length === 0)
    return `parts is ${Array.isArray(parts) ? 'empty' : describe(parts)}: expected a non-empty list of parts`;
  for (let k = 0; k < parts.length; k += 1) {
    const problem = invalidPart(parts[k]);
    if (problem !== null) return `parts[${k}]: ${problem}`;
  }
  return unserializable(content);
}

/** A value met on the walk, with how it was reached (its path is spelled out only for a report). */
interface Visit {
  readonly value: unknown;
  readonly key: string | number;
  readonly parent: Visit | undefined;
  readonly leaving: boolean;
}

/**
 * Why `content` cannot be sent as JSON (what every provider SDK does with a request), or null: a
 * cycle (JSON.stringify throws "Converting circular structure to JSON") or a BigInt (it throws "Do
 * not know how to serialize a BigInt"). Walked with an explicit stack, so a cycle is reported, not
 * a stack overflow of the measurement that would follow; a value shared by two branches is fine.
 */
function unserializable(content: object): string | null {
  const onPath = new Set<object>();
  const stack: Visit[] = [{ value: content, key: '', parent: undefined, leaving: false }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const value = visit.value;
    if (typeof value === 'bigint') return `${pathOf(visit)} is a BigInt, which JSON cannot send`;
    if (typeof value !== 'object' || value === null) continue;
    if (visit.leaving) {
      onPath.delete(value);
      continue;
    }
    if (onPath.has(value))
      return `${pathOf(visit)} refers back to an object that contains it (a cycle JSON cannot send)`;
    onPath.add(value);
    stack.push({ ...visit, leaving: true });
    if (Array.isArray(value))
      for (let i = 0; i < value.length; i += 1) stack.push({ value: value[i], key: i, parent: visit, leaving: false });
    else
      for (const key of Object.keys(value))
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: visit, leaving: false });
  }
  return null;
}

/** `parts[0].note.about`: the keys from the content down to `visit`. */
function pathOf(visit: Visit): string {
  let path = '';
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent)
    path = `${typeof at.key === 'number' ? `[${at.key}]` : `.${at.key}`}${path}`;
  return path.slice(1);
}

function invalidPart(part: unknown): string | null {
  if (!isObject(part)) return `${describe(part)} is not a part`;
  const held = DATA_KEYS.filter((key) => part[key] !== undefined && part[key] !== null);
  if (held.length === 0) return `no data (expected one of ${DATA_KEYS.join(', ')})`;
  // The API's Part carries its data in a oneof: a second kind is refused, not sent along (and a
  // tokenizer-backed count, which reads one kind per part, would not see it).
  if (held.length > 1) return `holds ${held.join(' and ')}: a part carries one kind of data`;
  if (part['text'] !== undefined && part['text'] !== null && typeof part['text'] !== 'string')
    return `text is ${describe(part['text'])}, not a string`;
  const call = part['functionCall'];
  if (call !== undefined && call !== null && !(isObject(call) && typeof call['name'] === 'string'))
    return 'functionCall has no name';
  const response = part['functionResponse'];
  if (response !== undefined && response !== null && !(isObject(response) && typeof response['name'] === 'string'))
    return 'functionResponse has no name';
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

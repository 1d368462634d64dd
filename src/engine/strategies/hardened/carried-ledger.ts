/**
 * What `hardened` carries forward structurally, past every compaction, instead of leaving it to the
 * summarizer (issue 29; docs/contextguard.md §11):
 *
 * - the user's first message, verbatim: it states the task (Codex keeps the user's messages
 *   verbatim in its compacted history for the same reason: goals forgotten after a summary are
 *   the most reported compaction failure);
 * - every later line the user wrote, verbatim, once: a line that repeats an earlier one up to its
 *   numbers ("Turn 12: carry on") is boilerplate and keeps only its newest copy, so what stays is
 *   what the user added (constraints, preferences, corrections);
 * - an artifact ledger: for each file a write-like tool (edit, write, patch, create…) touched, the
 *   latest line its result gave about that file, a newer result superseding the older one.
 *
 * All of it is read from the contents' structure (roles, function responses and their tool names,
 * paths named in results or call arguments), as any plugin could; nothing here knows what a
 * scenario planted. Pure functions over plain data kept in session state.
 */
import { Buffer } from 'node:buffer';
import type { Content } from '@google/genai';
import { SUMMARY_PREFIX } from '../../summary/summary-content.ts';

export interface CarriedLedger {
  /** The user's first message ('' until one was folded). */
  readonly first: string;
  /** Later user lines, oldest first, each once (the newest copy of near-duplicates). */
  readonly userLines: readonly string[];
  /** [path, latest line about it], least recently written first. */
  readonly files: readonly (readonly [string, string])[];
}

export const EMPTY_LEDGER: CarriedLedger = Object.freeze({
  first: '',
  userLines: Object.freeze([]),
  files: Object.freeze([]),
});

/** Bounds on what the ledger keeps in state (the rendered text has its own token budget). */
const MAX_ENTRIES = 64;
/** A line longer than this is kept as its start and its end (where results state their outcome). */
const MAX_LINE_BYTES = 400;
/** The first message is kept whole up to this many bytes, then as its start and end. */
const MAX_FIRST_BYTES = 4000;

/** Tool names that write something: their results describe the new state of what they name. */
const WRITE_TOOL =
  /(write|edit|patch|apply|create|save|update|replace|rename|move|delete|remove|insert|append|mkdir|commit|comment)/i;
/** A path at the start of a line: a token with a slash or a dotted extension, then a colon, space or the end. */
const LEADING_PATH = /^\s*([\w@~.+-]*\/[\w@~.+/-]*\w|[\w@~+-][\w@~.+-]*\.[A-Za-z0-9]+)(?=[:\s]|$)/;
/** Call arguments that name the file a tool wrote. */
const PATH_ARGS = ['path', 'file', 'file_path', 'filePath', 'filename', 'target', 'target_file'] as const;
/** Texts a host or a strategy wrote into user contents: not the user's words. */
const NOT_USER_WORDS = [
  'Continue processing previous requests as instructed.',
  SUMMARY_PREFIX,
  '[System: The conversation was compacted',
];

/** The ledger with `folded` (contents leaving the request for good, oldest first) taken in. */
export function foldIntoLedger(ledger: CarriedLedger, folded: readonly Content[]): CarriedLedger {
  let first = ledger.first;
  // Insertion-ordered maps: a line (by its shape) or a file written again moves to the end, and
  // the oldest goes first when there are too many; one pass, whatever the number of lines.
  const userLines = new Map(ledger.userLines.map((line) => [shape(line), line]));
  const files = new Map(ledger.files.map(([path, line]) => [path, line]));
  const callArgs = new Map<string, Record<string, unknown>>();
  for (const content of folded) {
    for (const part of content?.parts ?? []) {
      if (part?.functionCall)
        callArgs.set(part.functionCall.id ?? part.functionCall.name ?? '', part.functionCall.args ?? {});
    }
    if (content?.role === 'user' && !(content.parts ?? []).some((part) => part?.functionResponse)) {
      const text = userText(content);
      if (text === '') continue;
      if (first === '') {
        first = keepEnds(text, MAX_FIRST_BYTES);
        continue;
      }
      for (const line of text.split('\n')) {
        const trimmed = line.trim();
        if (trimmed !== '') moveToEnd(userLines, shape(trimmed), keepEnds(trimmed, MAX_LINE_BYTES));
      }
      continue;
    }
    for (const part of content?.parts ?? []) {
      const response = part?.functionResponse;
      if (!response || !WRITE_TOOL.test(response.name ?? '')) continue;
      const args = callArgs.get(response.id ?? response.name ?? '') ?? callArgs.get(response.name ?? '') ?? {};
      for (const [path, line] of artifactLines(strings(response.response), args))
        moveToEnd(files, path, keepEnds(line, MAX_LINE_BYTES));
    }
  }
  return { first, userLines: [...userLines.values()], files: [...files] };
}

/** `map` with `key` set to `value` as its newest entry, the oldest dropped past MAX_ENTRIES. */
function moveToEnd(map: Map<string, string>, key: string, value: string): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

/**
 * The ledger as text within `tokens` heuristic tokens (4 bytes each): the first message first,
 * then the user's later lines and the files, newest first when they do not all fit. '' when empty.
 */
export function renderLedger(ledger: CarriedLedger, tokens: number): string {
  if (ledger.first === '' && ledger.userLines.length === 0 && ledger.files.length === 0) return '';
  let left = tokens * 4;
  const take = (text: string): boolean => {
    const bytes = Buffer.byteLength(text) + 1;
    if (bytes > left) return false;
    left -= bytes;
    return true;
  };
  const header = '[Carried forward verbatim by the context manager]';
  if (!take(header)) return '';
  const out = [header];
  if (ledger.first !== '') {
    const block = `User's first message:\n${ledger.first}`;
    if (take(block)) out.push(block);
    else {
      // The task itself comes before anything else: its start and end, in what is left.
      const cut = fitted(block, left);
      if (cut !== '') out.push(cut);
      left = 0;
    }
  }
  const section = (title: string, lines: readonly string[]): void => {
    if (lines.length === 0 || !take(title)) return;
    const kept: string[] = [];
    // Newest first when they do not all fit; printed oldest first.
    for (let i = lines.length - 1; i >= 0; i -= 1) if (take(`- ${lines[i]}`)) kept.unshift(`- ${lines[i]}`);
    out.push(title, ...kept);
  };
  section('The user also said:', ledger.userLines);
  section(
    'Files written (latest state of each):',
    ledger.files.map(([, line]) => line),
  );
  return out.join('\n');
}

/** `text` within `bytes`, as its start and its end. */
function fitted(text: string, bytes: number): string {
  return bytes < 64 ? '' : keepEnds(text, bytes - 1);
}

/** The user's words in a user content: its text parts, unless a host or a strategy wrote them. */
function userText(content: Content): string {
  const text = (content.parts ?? [])
    .map((part) => (part && typeof part.text === 'string' ? part.text : ''))
    .filter((t) => t !== '')
    .join('\n');
  return NOT_USER_WORDS.some((prefix) => text.startsWith(prefix)) ? '' : text;
}

/** A line's shape: equal for lines that differ only in their numbers and spacing. */
function shape(line: string): string {
  return line.replace(/\d+/g, '#').replace(/\s+/g, ' ').toLowerCase();
}

/** Every string in a tool's response payload, depth first (results are `{result: "..."}` or richer). */
function strings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth > 4 || value === null || typeof value !== 'object') return [];
  const values = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return values.flatMap((item) => strings(item, depth + 1));
}

/**
 * [path, line] for each file a write result describes: each line that starts with a path (the
 * last such line per path wins); failing that, the path in the call's arguments with the result's
 * last non-empty line.
 */
function artifactLines(texts: readonly string[], args: Record<string, unknown>): [string, string][] {
  const found = new Map<string, string>();
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const match = LEADING_PATH.exec(line);
      if (match && !/^\d+(\.\d+)*$/.test(match[1]!)) found.set(match[1]!, line.trim());
    }
  }
  if (found.size > 0) return [...found];
  const named = PATH_ARGS.map((key) => args[key]).find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (named === undefined) return [];
  const last =
    texts
      .join('\n')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .at(-1) ?? '';
  return [[named, `${named}: ${last}`]];
}

/** `text` within `bytes` UTF-8 bytes: whole, or its start and end around a cut note. */
function keepEnds(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  const note = ' […] ';
  const half = Math.max(0, Math.floor((bytes - note.length) / 2));
  const buffer = Buffer.from(text, 'utf8');
  const head = buffer
    .subarray(0, half)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  const tail = buffer
    .subarray(buffer.length - half)
    .toString('utf8')
    .replace(/^\uFFFD+/, '');
  return `${head}${note}${tail}`;
}

/** A ledger read back from session state (anything malformed reads as empty). */
export function ledgerFrom(value: unknown): CarriedLedger {
  if (value === null || typeof value !== 'object') return EMPTY_LEDGER;
  const record = value as Record<string, unknown>;
  const first = typeof record.first === 'string' ? record.first : '';
  const userLines = Array.isArray(record.userLines)
    ? record.userLines.filter((line): line is string => typeof line === 'string')
    : [];
  const files = Array.isArray(record.files)
    ? record.files.filter(
        (entry): entry is [string, string] =>
          Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'string',
      )
    : [];
  return { first, userLines, files };
}

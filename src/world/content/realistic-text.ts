/**
 * Realistic content kinds, so that the provider's real token count per heuristic token varies the
 * way it does in production: English prose tokenizes near 4 bytes/token, pretty JSON and logs far
 * below (punctuation, digits, ids), CJK near 1 token per 3-byte character, emoji worse still.
 * Each generator appends seeded chunks until it has `size` bytes, then cuts exactly.
 */
import { Buffer } from 'node:buffer';
import type { Rng } from '../sim/prng.ts';
import { fitToBytes } from './fit-to-bytes.ts';
import * as v from './vocabulary.ts';

export type RealisticKind = 'prose' | 'json' | 'logs' | 'code' | 'cjk' | 'emoji';

type ChunkMaker = (rng: Rng, index: number) => string;

/** Each kind's chunk: a sentence, a JSON record, a log line, a function, a CJK sentence, a chat line. */
export const CHUNK_MAKERS: Readonly<Record<RealisticKind, ChunkMaker>> = {
  prose: proseSentence,
  json: jsonRecord,
  logs: logLine,
  code: codeFunction,
  cjk: cjkSentence,
  emoji: chatLine,
};

/**
 * Seeded text of `kind`, exactly `size` UTF-8 bytes: chunks until `size` is reached, the last one
 * cut at a character boundary (and padded with spaces), which is `fitToBytes` of the whole text
 * without re-encoding it: every earlier chunk ends on a whole character.
 */
export function realisticText(kind: RealisticKind, size: number, rng: Rng): string {
  const makeChunk = CHUNK_MAKERS[kind];
  const ascii = ASCII_KINDS.has(kind);
  let text = kind === 'json' ? '[\n' : '';
  let bytes = text.length;
  if (bytes >= size) return fitToBytes(text, size);
  for (let index = 0; ; index += 1) {
    const chunk = makeChunk(rng, index);
    const chunkBytes = ascii ? chunk.length : Buffer.byteLength(chunk, 'utf8');
    if (bytes + chunkBytes >= size)
      return text + (ascii ? chunk.slice(0, size - bytes) : fitToBytes(chunk, size - bytes));
    text += chunk;
    bytes += chunkBytes;
  }
}

/**
 * `realisticText(kind, size, rng)` for any number of sizes from one stream: `prefix(size)` equals
 * what `realisticText` returns for that size with a fresh copy of `rng` (text of one seed is a
 * prefix of longer text of the same seed, up to the cut), generating each chunk once however many
 * sizes are asked for (the summarizer searches for the size whose token count fits its target).
 */
export interface TextStream {
  prefix(size: number): string;
}

export function realisticTextStream(kind: RealisticKind, rng: Rng): TextStream {
  const makeChunk = CHUNK_MAKERS[kind];
  const ascii = ASCII_KINDS.has(kind);
  const head = kind === 'json' ? '[\n' : '';
  const chunks: string[] = [];
  /** ends[i]: UTF-8 bytes of head + chunks[0..i]. */
  const ends: number[] = [];
  /** Characters of head + chunks[0..i), for each i (where chunk i starts in `joined`). */
  const starts: number[] = [];
  let joined = head;
  return {
    prefix(size) {
      if (head.length >= size) return fitToBytes(head, size);
      let k = firstEndAtLeast(ends, size);
      while (k < 0) {
        const chunk = makeChunk(rng, chunks.length);
        starts.push(joined.length);
        joined += chunk;
        chunks.push(chunk);
        // An ASCII kind's chunk has one byte per unit: no need to encode it.
        const chunkBytes = ascii ? chunk.length : Buffer.byteLength(chunk, 'utf8');
        ends.push((ends.length === 0 ? head.length : ends[ends.length - 1]!) + chunkBytes);
        if (ends[ends.length - 1]! >= size) k = ends.length - 1;
      }
      const before = k === 0 ? head.length : ends[k - 1]!;
      const cut = ascii ? chunks[k]!.slice(0, size - before) : fitToBytes(chunks[k]!, size - before);
      return joined.slice(0, starts[k]) + cut;
    },
  };
}

function firstEndAtLeast(ends: readonly number[], size: number): number {
  if (ends.length === 0 || ends[ends.length - 1]! < size) return -1;
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ends[middle]! >= size) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Kinds whose vocabulary is ASCII only (one byte per character; checked at load). */
const ASCII_KINDS: ReadonlySet<RealisticKind> = new Set(
  (
    [
      ['prose', [v.PROSE_WORDS]],
      ['logs', [v.LEVELS, v.SERVICES, v.LOG_MESSAGES, v.PATHS, v.METHODS]],
      ['code', [v.IDENT_VERBS, v.IDENT_NOUNS, v.IDENT_VARS, v.PROSE_WORDS, v.TAGS]],
    ] as const
  )
    .filter(([, lists]) => lists.every((list) => list.every((word) => /^[\x20-\x7e]*$/.test(word))))
    .map(([kind]) => kind),
);

/** Scratch space for one sentence's words (a sentence has at most 22). */
const sentenceWords: string[] = [];

function proseSentence(rng: Rng, index: number): string {
  const count = rng.int(8, 22);
  const words = sentenceWords;
  for (let i = 0; i < count; i += 1) words[i] = rng.pick(v.PROSE_WORDS);
  const first = words[0] ?? 'the';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  if (count > 12) words[rng.int(3, count - 3)] += ',';
  let sentence = words[0];
  for (let i = 1; i < count; i += 1) sentence += ` ${words[i]}`;
  sentence += rng.next() < 0.1 ? '?' : '.';
  return index > 0 && rng.next() < 0.15 ? `\n\n${sentence}` : `${index > 0 ? ' ' : ''}${sentence}`;
}

function jsonRecord(rng: Rng, index: number): string {
  const first = rng.pick(v.FIRST_NAMES);
  const last = rng.pick(v.LAST_NAMES);
  // Draws in the order of the record's fields; written out as JSON.stringify(record, null, 2)
  // would, each line indented two more spaces (every value is a plain number or a string that
  // needs no escaping: the vocabulary has no quotes, backslashes or control characters).
  const id = 1000 + index * 7 + rng.int(0, 6);
  const status = rng.pick(v.STATUSES);
  const createdAt = `2025-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}T${pad2(rng.int(0, 23))}:${pad2(rng.int(0, 59))}:00Z`;
  const tag1 = rng.pick(v.TAGS);
  const tag2 = rng.pick(v.TAGS);
  const cpu = Math.round(rng.next() * 10000) / 100;
  const memoryMb = rng.int(64, 8192);
  const restarts = rng.int(0, 9);
  const enabled = rng.next() < 0.8;
  const body =
    `  {\n    "id": ${id},\n    "name": "${first} ${last}",\n    "email": "${first.toLowerCase()}.${index}@example.com",\n` +
    `    "status": "${status}",\n    "createdAt": "${createdAt}",\n    "tags": [\n      "${tag1}",\n      "${tag2}"\n    ],\n` +
    `    "metrics": {\n      "cpu": ${cpu},\n      "memoryMb": ${memoryMb},\n      "restarts": ${restarts}\n    },\n` +
    `    "enabled": ${enabled}\n  }`;
  return `${index > 0 ? ',\n' : ''}${body}`;
}

function logLine(rng: Rng, index: number): string {
  const ms = index * 137 + rng.int(0, 136);
  const time = `2025-01-15T10:${pad2(Math.floor(ms / 60000) % 60)}:${pad2(Math.floor(ms / 1000) % 60)}.${String(ms % 1000).padStart(3, '0')}Z`;
  const trace = Math.floor(rng.next() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  const path = `${rng.pick(v.PATHS)}/${rng.int(1, 99999)}`;
  return `${time} ${rng.pick(v.LEVELS)} [${rng.pick(v.SERVICES)}] ${rng.pick(v.LOG_MESSAGES)} method=${rng.pick(v.METHODS)} path=${path} status=${rng.pick(['200', '200', '201', '404', '500', '503'])} duration_ms=${rng.int(1, 2500)} trace_id=${trace}\n`;
}

function codeFunction(rng: Rng, index: number): string {
  const name = `${rng.pick(v.IDENT_VERBS)}${rng.pick(v.IDENT_NOUNS)}${index}`;
  const a = rng.pick(v.IDENT_VARS);
  const b = rng.pick(v.IDENT_VARS.filter((x) => x !== a));
  return (
    `export function ${name}(${a}: number, ${b}: readonly string[]): number {\n` +
    `  // ${rng.pick(v.PROSE_WORDS)} ${rng.pick(v.PROSE_WORDS)} before ${rng.pick(v.PROSE_WORDS)}\n` +
    `  let total = ${rng.int(0, 100)};\n` +
    `  for (let i = 0; i < ${b}.length; i += 1) {\n` +
    `    if (${b}[i] === '${rng.pick(v.TAGS)}') total += ${a} * ${rng.int(2, 9)};\n` +
    `  }\n` +
    `  return Math.min(total, ${rng.int(100, 99999)});\n` +
    `}\n\n`
  );
}

function cjkSentence(rng: Rng): string {
  const count = rng.int(8, 30);
  let sentence = '';
  for (let i = 0; i < count; i += 1) sentence += rng.pick(v.CJK_CHARS);
  return sentence + rng.pick(v.CJK_PUNCTUATION);
}

function chatLine(rng: Rng): string {
  const count = rng.int(3, 9);
  const items: string[] = [];
  for (let i = 0; i < count; i += 1) {
    items.push(
      rng.next() < 0.45 ? rng.pick(v.EMOJI) + (rng.next() < 0.5 ? rng.pick(v.EMOJI) : '') : rng.pick(v.CHAT_WORDS),
    );
  }
  return `${items.join(' ')}\n`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

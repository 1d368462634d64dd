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

const CHUNK_MAKERS: Readonly<Record<RealisticKind, ChunkMaker>> = {
  prose: proseSentence,
  json: jsonRecord,
  logs: logLine,
  code: codeFunction,
  cjk: cjkSentence,
  emoji: chatLine,
};

/** Seeded text of `kind`, exactly `size` UTF-8 bytes. */
export function realisticText(kind: RealisticKind, size: number, rng: Rng): string {
  const makeChunk = CHUNK_MAKERS[kind];
  const chunks: string[] = kind === 'json' ? ['[\n'] : [];
  let bytes = kind === 'json' ? 2 : 0;
  for (let index = 0; bytes < size; index += 1) {
    const chunk = makeChunk(rng, index);
    chunks.push(chunk);
    bytes += Buffer.byteLength(chunk, 'utf8');
  }
  return fitToBytes(chunks.join(''), size);
}

function proseSentence(rng: Rng, index: number): string {
  const count = rng.int(8, 22);
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) words.push(rng.pick(v.PROSE_WORDS));
  const first = words[0] ?? 'the';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  if (count > 12) words[rng.int(3, count - 3)] += ',';
  const sentence = `${words.join(' ')}${rng.next() < 0.1 ? '?' : '.'}`;
  return index > 0 && rng.next() < 0.15 ? `\n\n${sentence}` : `${index > 0 ? ' ' : ''}${sentence}`;
}

function jsonRecord(rng: Rng, index: number): string {
  const first = rng.pick(v.FIRST_NAMES);
  const last = rng.pick(v.LAST_NAMES);
  const record = {
    id: 1000 + index * 7 + rng.int(0, 6),
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${index}@example.com`,
    status: rng.pick(v.STATUSES),
    createdAt: `2025-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}T${pad2(rng.int(0, 23))}:${pad2(rng.int(0, 59))}:00Z`,
    tags: [rng.pick(v.TAGS), rng.pick(v.TAGS)],
    metrics: { cpu: Math.round(rng.next() * 10000) / 100, memoryMb: rng.int(64, 8192), restarts: rng.int(0, 9) },
    enabled: rng.next() < 0.8,
  };
  const body = JSON.stringify(record, null, 2).replace(/^/gm, '  ');
  return `${index > 0 ? ',\n' : ''}${body}`;
}

function logLine(rng: Rng, index: number): string {
  const ms = index * 137 + rng.int(0, 136);
  const time = `2025-01-15T10:${pad2(Math.floor(ms / 60000) % 60)}:${pad2(Math.floor(ms / 1000) % 60)}.${String(ms % 1000).padStart(3, '0')}Z`;
  const trace = Math.floor(rng.next() * 0xffffffff).toString(16).padStart(8, '0');
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
    items.push(rng.next() < 0.45 ? rng.pick(v.EMOJI) + (rng.next() < 0.5 ? rng.pick(v.EMOJI) : '') : rng.pick(v.CHAT_WORDS));
  }
  return `${items.join(' ')}\n`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The mechanical summary used when the summarizer fails or answers nothing (adk-utils-go
 * `buildFallbackSummary`, docs/contextguard.md §9): the previous summary, then the first 200 bytes of each text
 * part. Tool calls and results are omitted.
 */
import { Buffer } from 'node:buffer';
import type { Content } from '@google/genai';
import { FALLBACK_MESSAGE_BYTES } from '../constants.ts';
import { utf8ByteLength } from '../tokens/utf8-byte-length.ts';

export function buildFallbackSummary(
  contents: readonly (Content | undefined | null)[],
  previousSummary: string,
): string {
  const out: string[] = [];
  if (previousSummary !== '') out.push(previousSummary, '\n\n---\n\n');
  for (const content of contents) {
    if (!content) continue;
    for (const part of content.parts ?? []) {
      if (!part || typeof part.text !== 'string' || part.text === '') continue;
      out.push(content.role || 'unknown', ': ', clipBytes(part.text), '\n');
    }
  }
  return out.join('');
}

/**
 * Go's `text[:200] + "..."` when `len(text) > 200`. Go slices bytes, so the cut may split a
 * multi-byte character; we cut the UTF-8 bytes the same way and decode them, which turns the
 * dangling partial character into U+FFFD (one replacement char per invalid byte sequence, as
 * TextDecoder does). Go would keep the raw broken bytes; the visible text is the same.
 */
function clipBytes(text: string): string {
  if (utf8ByteLength(text) <= FALLBACK_MESSAGE_BYTES) return text;
  // A prefix of at most 200 UTF-16 units holds every char that starts in the first 200 bytes.
  const head = Buffer.from(text.slice(0, FALLBACK_MESSAGE_BYTES), 'utf8').subarray(0, FALLBACK_MESSAGE_BYTES);
  return `${head.toString('utf8')}...`;
}

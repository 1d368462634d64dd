/**
 * Shrinking what must stay in the request but is too big to: a summary the summarizer made
 * longer than it was asked (scenarios/regressions/threshold-oversized-summary-sticks.yaml), a
 * tool result or model text larger than the room left, an attachment. Every cut says so in the
 * text, and never touches the Content objects it was given (they belong to the session).
 */
import { Buffer } from 'node:buffer';
import type { Content, Part } from '@google/genai';
import { estimatePartTokens } from '../../tokens/estimate-tokens.ts';
import { utf8ByteLength } from '../../tokens/utf8-byte-length.ts';

/** The first bytes of `text` within `tokens` heuristic tokens (4 bytes each), cut on a character. */
export function clipText(text: string, tokens: number, note = ' […cut by compaction]'): string {
  const maxBytes = Math.max(0, tokens * 4);
  if (utf8ByteLength(text) <= maxBytes) return text;
  const room = Math.max(0, maxBytes - utf8ByteLength(note));
  const head = Buffer.from(text.slice(0, room), 'utf8').subarray(0, room).toString('utf8').replace(/\uFFFD+$/, '');
  return `${head}${note}`;
}

/** The last bytes of `text` within `tokens` heuristic tokens: what a running digest keeps. */
export function clipTextKeepingEnd(text: string, tokens: number): string {
  const maxBytes = Math.max(0, tokens * 4);
  if (utf8ByteLength(text) <= maxBytes) return text;
  const note = '[…earlier part cut by compaction] ';
  const room = Math.max(0, maxBytes - utf8ByteLength(note));
  const bytes = Buffer.from(text, 'utf8');
  const tail = bytes.subarray(bytes.length - room).toString('utf8').replace(/^\uFFFD+/, '');
  return `${note}${tail}`;
}

/**
 * A copy of `content` whose parts each fit `tokensPerPart`: long texts cut, a function response
 * replaced by its text cut (name and id kept, so it still answers its call), inline data replaced
 * by a note. `keepText` parts are left whole (the user's own request).
 */
export function clipContent(content: Content, tokensPerPart: number, keepText = false): Content {
  const parts = (content.parts ?? []).map((part) => clipPart(part, tokensPerPart, keepText));
  return { ...content, parts };
}

function clipPart(part: Part, tokens: number, keepText: boolean): Part {
  if (!part || estimatePartTokens(part) <= tokens) return part;
  if (typeof part.text === 'string') return keepText ? part : { ...part, text: clipText(part.text, tokens) };
  if (part.functionResponse) {
    const { functionResponse } = part;
    const text = JSON.stringify(functionResponse.response ?? {});
    return { functionResponse: { ...functionResponse, response: { result: clipText(text, Math.max(1, tokens - 4), ' […tool result cut by compaction]') } } };
  }
  if (part.inlineData) {
    const bytes = Math.floor(((part.inlineData.data?.length ?? 0) * 3) / 4);
    return { text: `[${part.inlineData.mimeType ?? 'attachment'} of ${bytes} bytes left out by compaction]` };
  }
  return part;
}

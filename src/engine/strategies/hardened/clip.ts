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
  // UTF-8 takes 1 to 3 bytes per UTF-16 unit: most texts are decided by their length alone,
  // without measuring (or copying) the whole string.
  if (text.length * 3 <= maxBytes) return text;
  if (text.length <= maxBytes && utf8ByteLength(text) <= maxBytes) return text;
  const room = Math.max(0, maxBytes - utf8ByteLength(note));
  const head = Buffer.from(text.slice(0, room), 'utf8')
    .subarray(0, room)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return `${head}${note}`;
}

/** The last bytes of `text` within `tokens` heuristic tokens: what a running digest keeps. */
export function clipTextKeepingEnd(text: string, tokens: number): string {
  const maxBytes = Math.max(0, tokens * 4);
  if (utf8ByteLength(text) <= maxBytes) return text;
  const note = '[…earlier part cut by compaction] ';
  const room = Math.max(0, maxBytes - utf8ByteLength(note));
  const bytes = Buffer.from(text, 'utf8');
  const tail = bytes
    .subarray(bytes.length - room)
    .toString('utf8')
    .replace(/^\uFFFD+/, '');
  return `${note}${tail}`;
}

/**
 * A copy of `content` whose parts each fit `tokensPerPart`: long texts cut, a function response
 * replaced by its text cut (name and id kept, so it still answers its call), inline data replaced
 * by a note. `keepText` parts are left whole (the user's own request).
 */
export function clipContent(content: Content, tokensPerPart: number, keepText = false): Content {
  const parts = content.parts ?? [];
  let changed: Part[] | null = null;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const clipped = clipPart(part, tokensPerPart, keepText);
    if (clipped !== part) (changed ??= parts.slice())[i] = clipped;
  }
  return changed === null ? content : { ...content, parts: changed };
}

/** Only the text parts cut (what a summarize prompt shows: tool payloads are one-line markers there). */
export function clipTexts(content: Content, tokensPerPart: number): Content {
  const parts = content.parts ?? [];
  let changed: Part[] | null = null;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (!part || typeof part.text !== 'string') continue;
    const text = clipText(part.text, tokensPerPart);
    if (text !== part.text) (changed ??= parts.slice())[i] = { ...part, text };
  }
  return changed === null ? content : { ...content, parts: changed };
}

function clipPart(part: Part, tokens: number, keepText: boolean): Part {
  if (!part) return part;
  if (typeof part.text === 'string') {
    if (keepText) return part;
    const text = clipText(part.text, tokens);
    return text === part.text ? part : { ...part, text };
  }
  if (estimatePartTokens(part) <= tokens) return part;
  if (part.functionResponse) {
    const { functionResponse } = part;
    const response = functionResponse.response ?? {};
    // The usual shape, `{ result: "<text>" }`: cut the text itself; anything else, its JSON.
    const values = Object.values(response);
    const text = values.length === 1 && typeof values[0] === 'string' ? values[0] : JSON.stringify(response);
    return {
      functionResponse: {
        ...functionResponse,
        response: { result: clipText(text, Math.max(1, tokens - 4), ' […tool result cut by compaction]') },
      },
    };
  }
  if (part.inlineData) {
    const bytes = Math.floor(((part.inlineData.data?.length ?? 0) * 3) / 4);
    return { text: `[${part.inlineData.mimeType ?? 'attachment'} of ${bytes} bytes left out by compaction]` };
  }
  return part;
}

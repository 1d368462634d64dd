/**
 * How peers turn contents into text and sizes. Each peer measures differently, and the
 * differences are the point (docs/peer-strategies.md §C 9, estimator bias): UTF-16 characters or UTF-8 bytes,
 * divided by 4 and rounded, floored or ceiled; text only, or calls and responses as JSON.
 */
import { Buffer } from 'node:buffer';
import type { Content, Part } from '@google/genai';

/** A part as a peer serializes it: its text, or a call/response as JSON (`name(args)` style kept short). */
export function partText(part: Part): string {
  if (typeof part.text === 'string') return part.text;
  if (part.functionCall) return JSON.stringify({ name: part.functionCall.name, args: part.functionCall.args ?? {} });
  if (part.functionResponse)
    return JSON.stringify({ name: part.functionResponse.name, response: part.functionResponse.response ?? {} });
  if (part.inlineData) return `[${part.inlineData.mimeType ?? 'data'}]`;
  return '';
}

/** The text parts only (adk-python's and adk-js's summarizers, Goat's estimator). */
export function textOnly(content: Content | undefined): string {
  return (content?.parts ?? [])
    .map((part) => (typeof part.text === 'string' && part.thought !== true ? part.text : ''))
    .join('');
}

/** Every part serialized (text + JSON of calls and responses). */
export function fullText(content: Content | undefined): string {
  return (content?.parts ?? []).map(partText).join('\n');
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

export function hasFunctionCall(content: Content | undefined): boolean {
  return (content?.parts ?? []).some((part) => part.functionCall !== undefined);
}

export function hasFunctionResponse(content: Content | undefined): boolean {
  return (content?.parts ?? []).some((part) => part.functionResponse !== undefined);
}

/** A user message the person typed (not a function-response carrier). */
export function isTypedUserMessage(content: Content | undefined): boolean {
  return content?.role === 'user' && !hasFunctionResponse(content);
}

export function callIds(content: Content | undefined): string[] {
  return (content?.parts ?? []).flatMap((part) => (part.functionCall?.id ? [part.functionCall.id] : []));
}

export function responseIds(content: Content | undefined): string[] {
  return (content?.parts ?? []).flatMap((part) => (part.functionResponse?.id ? [part.functionResponse.id] : []));
}

/** `text` cut to `max` characters with a marker, as peers cap tool output in summarizer input. */
export function capText(text: string, max: number, marker = '...'): string {
  return text.length <= max ? text : `${text.slice(0, max)}${marker}`;
}

export function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

export function modelText(text: string): Content {
  return { role: 'model', parts: [{ text }] };
}

/**
 * Exact UTF-8 sizes. Go slices strings by bytes; we cut at the last whole character that fits and
 * pad with ASCII so the result is exactly `size` bytes and still valid UTF-8 (a JS string cannot
 * hold half a character).
 */
import { Buffer } from 'node:buffer';

/** `text` cut or padded (with `pad`, one ASCII character) to exactly `size` UTF-8 bytes. */
export function fitToBytes(text: string, size: number, pad: string = ' '): string {
  if (!Number.isInteger(size) || size < 0)
    throw new Error(`text size must be a whole number of bytes >= 0, got ${size}`);
  if (pad.length !== 1 || pad.charCodeAt(0) > 0x7f) throw new Error('fitToBytes: pad must be one ASCII character');
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes === size) return text;
  if (bytes < size) return text + pad.repeat(size - bytes);
  const buffer = Buffer.from(text, 'utf8');
  let end = size;
  // Step back over UTF-8 continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8') + pad.repeat(size - end);
}

/** Go `strings.Repeat(unit, count)[:size]` for ASCII units (exact, never pads). */
export function repeatCut(unit: string, count: number, size: number): string {
  return unit.repeat(count).slice(0, size);
}

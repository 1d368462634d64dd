/**
 * Go's `len(s)` of a string: its UTF-8 byte count (the spec's §5 "all counts use Go `len()`, which
 * is bytes"). JavaScript's `string.length` counts UTF-16 units and would undercount any non-ASCII
 * text. A lone surrogate counts 3 bytes: the provider receives it as U+FFFD.
 */
import { bufferByteLength, mathFloor } from './intrinsics.ts';

export function utf8Bytes(text: string): number {
  return bufferByteLength(text, 'utf8');
}

/** `len(s)/4`, Go integer division, applied to one field (§5: "applied to each field separately"). */
export function quarterOf(text: string | undefined | null): number {
  if (typeof text !== 'string' || text === '') return 0;
  return mathFloor(bufferByteLength(text, 'utf8') / 4);
}

/**
 * The parts of a request's system instruction. Go's `Config.SystemInstruction` is a `*Content`;
 * genai JS also accepts a string, one Part, or an array of Parts and strings, and converts each
 * string to one text part before sending (its `tContent`), which is what the provider receives.
 */
import type { Content, GenerateContentConfig, Part } from '@google/genai';
import { arrayIsArray } from './intrinsics.ts';

export function systemInstructionParts(instruction: GenerateContentConfig['systemInstruction']): readonly Part[] {
  if (instruction === undefined || instruction === null) return [];
  if (typeof instruction === 'string') return [{ text: instruction }];
  if (arrayIsArray(instruction)) {
    const parts: Part[] = [];
    for (let i = 0; i < instruction.length; i += 1) {
      const item = instruction[i];
      parts[parts.length] = typeof item === 'string' ? { text: item } : (item as Part);
    }
    return parts;
  }
  if ('parts' in instruction || 'role' in instruction) return (instruction as Content).parts ?? [];
  return [instruction as Part];
}

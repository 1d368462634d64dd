/**
 * The text a strategy wrote into the system instruction: the model reads the system instruction
 * as it reads the contents, so a user request or a fact a strategy pins there is still in front of
 * it (a strategy that moves the goal into the system prompt keeps it). Only what the strategy
 * added counts: the world's own instruction, read before the plugins ran, is cut out wherever it
 * still appears, so a short user message ("yes") is never "found" in a long system prompt the
 * agent had all along.
 */
import type { GenerateContentConfig } from '@google/genai';
import { systemInstructionParts } from '../ruler/system-instruction.ts';

/** The text parts of a request's system instruction. */
export function systemTexts(config: GenerateContentConfig | undefined): readonly string[] {
  const texts: string[] = [];
  for (const part of systemInstructionParts(config?.systemInstruction)) {
    const text = (part as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string' && text !== '') texts.push(text);
  }
  return texts;
}

/** The system text of `now` that is not the world's own (`before`); '' when the strategy added none. */
export function addedSystemText(now: readonly string[], before: readonly string[]): string {
  if (now.length === before.length && now.every((text, i) => text === before[i])) return '';
  let text = now.join('\n');
  for (const original of before) text = text.split(original).join('\n');
  return text;
}

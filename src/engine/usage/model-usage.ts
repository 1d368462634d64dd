/**
 * X7: a model response's usage as one breakdown. Gemini's `usageMetadata` (what ADK events carry)
 * reports the prompt with its cached part inside (`cachedContentTokenCount`), the output
 * (`candidatesTokenCount`, plus `thoughtsTokenCount` for thinking models) and a total; it has no
 * cache-write figure.
 */
import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { ModelUsage } from '../hook-types.ts';

export const MISSING_USAGE: ModelUsage = Object.freeze({
  inputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  outputTokens: 0,
  promptTokens: 0,
  totalTokens: 0,
  missing: true,
});

/** A breakdown from its parts (`promptTokens` and `totalTokens` derived). */
export function modelUsage(parts: {
  inputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  outputTokens?: number;
}): ModelUsage {
  const cacheReadTokens = parts.cacheReadTokens ?? 0;
  const cacheWriteTokens = parts.cacheWriteTokens ?? 0;
  const outputTokens = parts.outputTokens ?? 0;
  const promptTokens = parts.inputTokens + cacheReadTokens + cacheWriteTokens;
  return {
    inputTokens: parts.inputTokens,
    cacheReadTokens,
    cacheWriteTokens,
    outputTokens,
    promptTokens,
    totalTokens: promptTokens + outputTokens,
    missing: false,
  };
}

/** The breakdown of Gemini-style usage metadata; `MISSING_USAGE` when there is none. */
export function modelUsageOf(metadata: GenerateContentResponseUsageMetadata | undefined | null): ModelUsage {
  if (!metadata) return MISSING_USAGE;
  const prompt = whole(metadata.promptTokenCount);
  const cached = Math.min(prompt, whole(metadata.cachedContentTokenCount));
  const output = whole(metadata.candidatesTokenCount) + whole(metadata.thoughtsTokenCount);
  return modelUsage({ inputTokens: prompt - cached, cacheReadTokens: cached, outputTokens: output });
}

function whole(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/**
 * What the planted-bug strategies share: a plain trigger (heuristic × the cold factor 2.5 at or
 * above ContextGuard's threshold) and a one-call summary. Each planted strategy is an otherwise
 * reasonable compaction with ONE deliberate bug, so the fuzz tests prove the fuzzer finds it.
 */
import type { Content } from '@google/genai';
import { computeThreshold } from '../../../engine/tokens/compute-buffer.ts';
import { estimateTokens } from '../../../engine/tokens/estimate-tokens.ts';
import type { CompactionContext, LlmRequest } from '../../../engine/types.ts';

const COLD_FACTOR = 2.5;

export function overThreshold(ctx: CompactionContext, request: LlmRequest): boolean {
  return overThresholdBy(estimateTokens, ctx, request);
}

/** The same trigger with another estimator (the planted estimator bugs). */
export function overThresholdBy(
  estimate: (request: LlmRequest) => number,
  ctx: CompactionContext,
  request: LlmRequest,
): boolean {
  return estimate(request) * COLD_FACTOR >= computeThreshold(ctx.contextWindow);
}

/** Asks the summarizer for a summary of the texts (tool payloads left out); a failed or empty call gives a fixed note. */
export async function summarizeContents(ctx: CompactionContext, contents: readonly Content[]): Promise<string> {
  const transcript = contents
    .flatMap((content) => (content.parts ?? []).map((part) => `${content.role ?? 'unknown'}: ${part.text ?? '[tool]'}`))
    .join('\n')
    .slice(0, 2_000);
  try {
    const response = await ctx.summarizer.generateContent({
      model: ctx.summarizer.name,
      contents: [{ role: 'user', parts: [{ text: `Summarize this conversation:\n${transcript}` }] }],
      config: { maxOutputTokens: 200 },
    });
    const text = (response.content?.parts ?? []).map((part) => part.text ?? '').join('');
    return text === '' ? 'Summary unavailable.' : text;
  } catch {
    return 'Summary unavailable.';
  }
}

export function summaryContent(summary: string): Content {
  return { role: 'user', parts: [{ text: `[Summary]\n${summary}` }] };
}

export function hasFunctionResponse(content: Content): boolean {
  return (content.parts ?? []).some((part) => part.functionResponse !== undefined);
}

export function isUserText(content: Content): boolean {
  return (
    content.role === 'user' && (content.parts ?? []).some((part) => typeof part.text === 'string' && part.text !== '')
  );
}

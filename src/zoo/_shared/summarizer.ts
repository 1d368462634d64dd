/**
 * One summarizer call as the zoo's peers see it (docs/peer-strategies.md X6): the text of the answer, or why there
 * is none, with the provider's typed overflow told apart from other failures (Codex trims and
 * retries on overflow, opencode stops with "Session too large to compact").
 */
import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import { isContextWindowExceeded } from '../../engine/errors/context-window-exceeded.ts';
import type { CompactionContext, LlmRequest } from '../../engine/types.ts';

export type SummaryOutcome =
  | {
      readonly ok: true;
      readonly text: string;
      readonly usageMetadata: GenerateContentResponseUsageMetadata | undefined;
    }
  | { readonly ok: false; readonly reason: 'overflow' | 'error' | 'empty'; readonly error: unknown };

export async function requestSummary(
  ctx: Pick<CompactionContext, 'summarizer'>,
  request: LlmRequest,
): Promise<SummaryOutcome> {
  try {
    const response = await ctx.summarizer.generateContent(request);
    if (response.errorCode)
      return { ok: false, reason: 'error', error: new Error(`${response.errorCode}: ${response.errorMessage ?? ''}`) };
    const text = (response.content?.parts ?? [])
      .map((part) => (typeof part.text === 'string' && part.thought !== true ? part.text : ''))
      .join('');
    if (text === '') return { ok: false, reason: 'empty', error: new Error('the summarizer answered no text') };
    return { ok: true, text, usageMetadata: response.usageMetadata };
  } catch (error) {
    return { ok: false, reason: isContextWindowExceeded(error) ? 'overflow' : 'error', error };
  }
}

/** The error a failed outcome stands for (peers that let it propagate throw this). */
export function summaryError(outcome: Extract<SummaryOutcome, { ok: false }>): Error {
  return outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
}

/**
 * One summarisation call (adk-utils-go `summarize`, docs/contextguard.md §9): a single user content holding
 * {@link buildSummarizePrompt}, the system prompt plus a word limit derived from the buffer, and
 * `maxOutputTokens = int32(buffer * 0.50)`. The text parts of the answer are concatenated; an empty
 * answer becomes the mechanical fallback. A failed call (rejected promise, or a response carrying an
 * `errorCode`, which is how an ADK model reports an error) rejects with {@link SummarizationError},
 * where Go returns `summarization LLM call failed: %w`.
 */
import type { Content } from '@google/genai';
import { SUMMARY_OUTPUT_BUFFER_RATIO, WORDS_PER_TOKEN } from '../constants.ts';
import type { TodoItem } from '../state/load-todos.ts';
import type { CompactionContext, LlmRequest, LlmResponse } from '../types.ts';
import { buildFallbackSummary } from './build-fallback-summary.ts';
import { buildSummarizePrompt } from './build-summarize-prompt.ts';
import { SUMMARIZE_SYSTEM_PROMPT } from './summarize-system-prompt.ts';

/** The summarizer call failed; `cause` is the model's error. */
export class SummarizationError extends Error {
  readonly code = 'ENGINE_SUMMARIZATION_FAILED';
  constructor(cause: unknown) {
    super(`summarization LLM call failed: ${describe(cause)}`, { cause });
    this.name = 'SummarizationError';
  }
}

/** Output budget of the summarizer: `int32(float64(buffer) * 0.50)`. */
export function summaryMaxOutputTokens(bufferTokens: number): number {
  return Math.trunc(bufferTokens * SUMMARY_OUTPUT_BUFFER_RATIO);
}

/** Word limit stated in the system prompt: `int(float64(maxOutputTokens) * 0.75)`. */
export function summaryMaxWords(bufferTokens: number): number {
  return Math.trunc(summaryMaxOutputTokens(bufferTokens) * WORDS_PER_TOKEN);
}

/** The request `summarize` sends (exposed so hosts and tests can inspect it). */
export function buildSummarizeRequest(
  modelName: string,
  contents: readonly (Content | undefined | null)[],
  previousSummary: string,
  bufferTokens: number,
  todos: readonly TodoItem[],
): LlmRequest {
  const systemPrompt = `${SUMMARIZE_SYSTEM_PROMPT}\n\nKeep the summary under ${summaryMaxWords(bufferTokens)} words.`;
  return {
    model: modelName,
    contents: [{ role: 'user', parts: [{ text: buildSummarizePrompt(contents, previousSummary, todos) }] }],
    config: {
      systemInstruction: { parts: [{ text: systemPrompt }] },
      maxOutputTokens: summaryMaxOutputTokens(bufferTokens),
    },
  };
}

export async function summarize(
  ctx: Pick<CompactionContext, 'summarizer'>,
  contents: readonly (Content | undefined | null)[],
  previousSummary: string,
  bufferTokens: number,
  todos: readonly TodoItem[] = [],
): Promise<string> {
  const request = buildSummarizeRequest(ctx.summarizer.name, contents, previousSummary, bufferTokens, todos);
  let response: LlmResponse;
  try {
    response = await ctx.summarizer.generateContent(request);
  } catch (error) {
    throw new SummarizationError(error);
  }
  if (response?.errorCode) {
    throw new SummarizationError(`${response.errorCode}${response.errorMessage ? `: ${response.errorMessage}` : ''}`);
  }
  let text = '';
  for (const part of response?.content?.parts ?? []) {
    if (part && typeof part.text === 'string' && part.text !== '') text += part.text;
  }
  return text === '' ? buildFallbackSummary(contents, previousSummary) : text;
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return String(cause);
}

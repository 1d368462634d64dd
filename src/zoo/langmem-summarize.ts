/**
 * LangGraph / langmem `summarize_messages` with a running summary (langchain-ai/langmem @b5dbe4aa:
 * `src/langmem/short_term/summarization.py`: L23–49 prompts, L104–222 `_preprocess_messages`,
 * L225–256 `_adjust_messages_before_summarization`, L259–286 the summarizer's input, L289–334 the
 * result, L337–496 `summarize_messages`; `SummarizationNode` L660–830 as a `pre_model_hook`).
 *
 * - Before every model call (X5): the full history stays in the graph state; the model gets
 *   [summary, the messages after the last summarized one]. The running summary (its text and the
 *   last summarized message) is kept in state between calls; messages are identified by their
 *   position in the history.
 * - `_preprocess_messages`: over the messages not yet summarized, count tokens one by one
 *   (`count_tokens_approximately`); the first message at which the count reaches
 *   `max_tokens_before_summary` (default `max_tokens`) while what follows it fits in
 *   `max_tokens − max_summary_tokens` (256) is the cutoff; everything up to it is summarized (and the
 *   results of the calls of a cutoff AI message with it). Under the trigger nothing is summarized
 *   and the previous summary, if any, is applied as it is.
 * - The summarizer sees the messages to summarize (trimmed from the oldest to `max_tokens` less the
 *   previous summary, starting on a human message; nothing left → the untrimmed list), then
 *   "Create a summary of the conversation above:" or, with a previous summary, "This is summary of
 *   the conversation so far: … Extend this summary by taking into account the new messages above:".
 *   Its answer becomes the running summary as it is (an error propagates).
 * - The model's input: "Summary of the conversation so far: …" (a system message upstream; the
 *   world's contents have no system role mid-history, so it is the first, user, message) and the
 *   messages after the last summarized one.
 * Known limits kept: the last message can be the cutoff (what follows it is always within budget),
 * so once the unsummarized messages reach the trigger the newest ones, the live request among them,
 * may be folded into the summary and the model gets the summary alone; one message larger than
 * `max_tokens` leaves nothing after trimming and goes to the summarizer untrimmed; messages trimmed
 * from the summarizer's input are marked summarized anyway and lost; `max_summary_tokens` is not
 * passed to the summarizer, so a long summary breaks the budget.
 */
import type { Content } from '@google/genai';
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { callIds, hasFunctionCall, hasFunctionResponse, responseIds, userText } from './_shared/content-text.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary, summaryError } from './_shared/summarizer.ts';
import { approximateTokens, trimLast } from './langchain-summarization.ts';

export const LANGMEM_SUMMARIZE = 'langmem-summarize';
export const DEFAULT_MAX_SUMMARY_TOKENS = 256;
export const INITIAL_SUMMARY_REQUEST = 'Create a summary of the conversation above:';
export const EXISTING_SUMMARY_REQUEST = (summary: string) =>
  `This is summary of the conversation so far: ${summary}\n\nExtend this summary by taking into account the new messages above:`;
export const FINAL_SUMMARY_PREFIX = 'Summary of the conversation so far: ';

export const AUDIT: StrategyAudit = {
  upstream: 'langchain-ai/langmem',
  commit: 'b5dbe4aa',
  checked: '2026-11-26',
  follows: [
    "src/langmem/short_term/summarization.py L23-49 (initial, existing and final prompts), L104-222 (_preprocess_messages: max_tokens_before_summary defaults to max_tokens, remaining budget max_tokens - max_summary_tokens, max_tokens_to_summarize less the previous summary, the first cutoff where both hold, the cutoff AI message's tool results added)",
    "L225-256 (trim_messages strategy last, start_on human; nothing left: the untrimmed list), L289-334 (the final prompt with the running summary), L337-496 (summarize_messages: the answer's content becomes the summary; summarized ids include the trimmed ones)",
    'langchain-core count_tokens_approximately and trim_messages, as in the langchain-summarization strategy',
  ],
  leavesOut: [
    'max_tokens has no default upstream (required): ours is half of the window; max_tokens_before_summary defaults to it as upstream',
    "trim_messages allow_partial (splitting a message's text): whole messages only",
    "the summary as a system message (the world's contents have no mid-history system role; it is the first user message)",
    'message ids: messages are identified by their position in the built history',
  ],
};

const STATE = { running: 'langmem:runningSummary' } as const;

interface RunningSummary {
  readonly summary: string;
  /** Index in the built history of the last summarized message. */
  readonly last: number;
}

export function langmemSummarizeStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(LANGMEM_SUMMARIZE, options, {
    max_tokens: {
      kind: 'integer',
      min: 1,
      meaning: 'tokens of the model input after summarization (required upstream; default half of the window)',
    },
    max_tokens_before_summary: {
      kind: 'integer',
      min: 1,
      meaning: 'tokens of unsummarized messages that trigger a summary (default max_tokens)',
    },
    max_summary_tokens: { kind: 'integer', min: 0, meaning: 'tokens budgeted for the summary (default 256)' },
  });
  const maxSummaryTokens = read.max_summary_tokens ?? DEFAULT_MAX_SUMMARY_TOKENS;

  return {
    name: LANGMEM_SUMMARIZE,
    async compact(ctx, request) {
      const maxTokens = read.max_tokens ?? Math.floor(ctx.contextWindow / 2);
      if (maxSummaryTokens >= maxTokens)
        throw new StrategyOptionsError(
          `${LANGMEM_SUMMARIZE}: max_summary_tokens (${maxSummaryTokens}) must be less than max_tokens (${maxTokens})`,
        );
      const messages = request.contents;
      const previous = ctx.state.get(STATE.running) as RunningSummary | undefined;
      const running = await summarizeMessages(ctx, messages, previous, {
        maxTokens,
        maxTokensBeforeSummary: read.max_tokens_before_summary ?? maxTokens,
        maxSummaryTokens,
      });
      if (!running) return;
      ctx.state.set(STATE.running, running);
      request.contents = [userText(`${FINAL_SUMMARY_PREFIX}${running.summary}`), ...messages.slice(running.last + 1)];
    },
  };
}

interface Budget {
  readonly maxTokens: number;
  readonly maxTokensBeforeSummary: number;
  readonly maxSummaryTokens: number;
}

/** `summarize_messages`: the running summary after this call (the previous one when nothing new is summarized). */
export async function summarizeMessages(
  ctx: CompactionContext,
  messages: readonly Content[],
  previous: RunningSummary | undefined,
  budget: Budget,
): Promise<RunningSummary | undefined> {
  const { toSummarize, tokensToSummarize, maxTokensToSummarize, from } = preprocess(messages, previous, budget);
  if (toSummarize.length === 0) return previous;
  let input = toSummarize;
  if (tokensToSummarize > maxTokensToSummarize) {
    const trimmed = trimLast(toSummarize, maxTokensToSummarize);
    input = trimmed.length === 0 ? toSummarize : trimmed;
  }
  const request = [
    ...structuredClone(input as Content[]),
    userText(previous ? EXISTING_SUMMARY_REQUEST(previous.summary) : INITIAL_SUMMARY_REQUEST),
  ];
  const outcome = await requestSummary(ctx, { model: ctx.summarizer.name, contents: request });
  if (!outcome.ok && outcome.reason !== 'empty') throw summaryError(outcome);
  return { summary: outcome.ok ? outcome.text : '', last: from + toSummarize.length - 1 };
}

/** `_preprocess_messages` (no system message: the agent's prompt is added after the hook). */
export function preprocess(
  messages: readonly Content[],
  previous: RunningSummary | undefined,
  budget: Budget,
): { toSummarize: Content[]; tokensToSummarize: number; maxTokensToSummarize: number; from: number } {
  const maxRemaining = budget.maxTokens - budget.maxSummaryTokens;
  let maxTokensToSummarize = budget.maxTokens;
  let from = 0;
  if (previous) {
    // The previous summary counted as a system message: its text plus the per-message 3.
    maxTokensToSummarize -= approximateTokens([userText(previous.summary)]);
    from = previous.last + 1 <= messages.length ? previous.last + 1 : 0;
  }
  const totalTokens = approximateTokens(messages.slice(from));
  let n = 0;
  let cutoff = -1;
  let tokensToSummarize = 0;
  for (let i = from; i < messages.length; i += 1) {
    n += approximateTokens([messages[i]!]);
    if (cutoff < 0 && n >= budget.maxTokensBeforeSummary && totalTokens - n <= maxRemaining) {
      tokensToSummarize = n;
      cutoff = i;
    }
  }
  if (cutoff < 0) return { toSummarize: [], tokensToSummarize: 0, maxTokensToSummarize, from };
  const toSummarize = messages.slice(from, cutoff + 1);
  const last = toSummarize[toSummarize.length - 1]!;
  if (last.role === 'model' && hasFunctionCall(last)) {
    // The cutoff AI message's tool results go with it (found among the unsummarized messages).
    const ids = new Set(callIds(last));
    for (const m of messages.slice(from)) {
      if (hasFunctionResponse(m) && responseIds(m).some((id) => ids.has(id)) && !toSummarize.includes(m)) {
        tokensToSummarize += approximateTokens([m]);
        toSummarize.push(m);
      }
    }
  }
  return { toSummarize, tokensToSummarize, maxTokensToSummarize, from };
}

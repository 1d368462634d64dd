/**
 * Aider's chat-history summarization (Aider-AI/aider @5dc9490b: `aider/history.py` `ChatSummary`,
 * `aider/coders/base_coder.py` L505–513 (construction: [weak model, main model],
 * `max_chat_history_tokens`), L1002–1045 (summarize_start / worker / end, move_back_cur_messages),
 * `aider/models.py` L356–358 (`max_chat_history_tokens = min(max(max_input / 16, 1,024), 8,192)`),
 * `simple_send_with_retries` L1039–1079, `aider/prompts.py` `summarize`, `summary_prefix`).
 *
 * - Scope: the finished turns (`done_messages`) only. When a turn ends its messages join them, and
 *   when their token count exceeds `max_chat_history_tokens` a background thread summarizes them;
 *   the next prompt joins the thread and takes the result if the history did not change meanwhile
 *   (X2: afterInvocation; nothing happens between two turns in the world, so the join always finds
 *   the same history and the result is always taken).
 * - `summarize_real`: at depth 0 a history within the limit is returned as it is. Four messages or
 *   fewer, or depth > 3 → everything summarized. Else the tail is the longest suffix of fewer than
 *   `max // 2` tokens, the split moves back until the head ends with an assistant message; a split at
 *   index ≤ 4 → everything summarized. The head is cut to the summarizer's `max_input − 512` tokens
 *   from its start (what does not fit is dropped, neither summarized nor kept). summary + tail under
 *   the limit → done; else the same again on summary + tail with depth + 1. An "Ok." from the
 *   assistant follows when the result does not end with an assistant message.
 * - `summarize_all`: the messages as "# USER" / "# ASSISTANT" blocks of their text, under the
 *   summarize system prompt; models tried in order (weak, then main: both are the world's
 *   summarizer here); a model that fails answers None and the next is tried; all failing is a
 *   ValueError the worker turns into a warning (the history stays). The summary is the user message
 *   "I spoke to you previously about a number of things.\n" + the answer (an empty answer is kept).
 * Known limits kept: the current turn is never summarized (Aider-AI/aider#3493): a long turn of
 * tool output overflows, and a provider's context error only ends the turn (no recovery); the
 * count is an estimate of each message's text; a head longer than the summarizer's input loses the
 * part that does not fit.
 */
import type { Content } from '@google/genai';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { fullText, modelText, userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const AIDER = 'aider';
export const MIN_SPLIT = 4;
export const MAX_DEPTH = 3;
/** `summarize_real`: the summarizer's max input less this, 4,096 when unknown. */
export const SUMMARIZER_INPUT_RESERVE = 512;
export const SUMMARY_PREFIX = 'I spoke to you previously about a number of things.\n';
export const OK = 'Ok.';
/** `prompts.summarize`, by its rules (paraphrased). */
export const AIDER_SUMMARIZE_PROMPT =
  'Briefly summarize this partial conversation about programming: less detail for older parts, more for recent ones, a new paragraph per topic, no concluding language. Name the functions, libraries, packages and files discussed; no fenced code. Write as the user, in the first person, to the assistant, starting with "I asked you...".';

export const AUDIT: StrategyAudit = {
  upstream: 'Aider-AI/aider',
  commit: '5dc9490b',
  checked: '2026-11-26',
  follows: [
    'aider/history.py L15-18 (too_big: total > max_tokens), L27-31 (summarize: "Ok." appended), L33-96 (summarize_real: depth 0 unchanged, min_split 4, depth > 3, tail < max // 2, split back to an assistant message, head capped at max_input - 512, recursion), L98-123 (summarize_all: # USER / # ASSISTANT, models in order, summary_prefix, ValueError)',
    'aider/coders/base_coder.py L505-513 ([weak_model, main_model], max_chat_history_tokens), L1002-1045 (summarize_start only when too_big, worker catches ValueError, summarize_end takes the result when done_messages are unchanged)',
    'aider/models.py L356-358: max_chat_history_tokens = min(max(max_input_tokens / 16, 1024), 8192); simple_send_with_retries answers None on a non-retryable error',
    'aider/prompts.py: summarize, summary_prefix',
  ],
  leavesOut: [
    'the background thread: the world has nothing between turns, so the join always finds an unchanged history (the discard case needs a command run meanwhile)',
    'litellm.token_counter: each message is counted as ceil(chars / 4) of its text and the JSON of its calls and results',
    'aider has no tool calls: a tool result is a user message and a call an assistant message, both as text; repo map, files and the system prompt are outside the history and not modelled',
    "the weak model as a distinct model: both tries go to the world's summarizer",
  ],
};

/** `max_chat_history_tokens` for a model's input limit. */
export function maxChatHistoryTokens(maxInputTokens: number): number {
  return Math.min(Math.max(maxInputTokens / 16, 1_024), 8_192);
}

interface Msg {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export function aiderStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(AIDER, options, {
    max_chat_history_tokens: {
      kind: 'integer',
      min: 1,
      meaning: 'tokens of finished turns kept before summarizing (default min(max(W / 16, 1,024), 8,192))',
    },
  });
  return {
    name: AIDER,
    compact() {},
    async afterInvocation(ctx) {
      const history = projectedHistory(ctx);
      const maxTokens = read.max_chat_history_tokens ?? maxChatHistoryTokens(ctx.contextWindow);
      const messages = history.map(toMsg);
      if (total(messages) <= maxTokens) return undefined; // summarize_start: not too_big
      let result: readonly Msg[];
      try {
        result = await summarize(ctx, messages, maxTokens);
      } catch (error) {
        if (!(error instanceof SummarizerFailed)) throw error;
        ctx.warn?.(`aider: ${error.message}`);
        return undefined;
      }
      const record = toRecord(ctx, history, messages, result);
      return record ? { append: [record] } : undefined;
    },
  };
}

class SummarizerFailed extends Error {}

function toMsg(m: HistoryMessage): Msg {
  return { role: m.content.role === 'model' ? 'assistant' : 'user', content: fullText(m.content) };
}

/** A message's tokens: ceil(characters / 4) of its text (litellm counts with the model's tokenizer). */
export function tokenCount(message: Msg): number {
  return Math.ceil(message.content.length / 4);
}

function total(messages: readonly Msg[]): number {
  return messages.reduce((sum, m) => sum + tokenCount(m), 0);
}

/** `ChatSummary.summarize`. */
export async function summarize(ctx: CompactionContext, messages: readonly Msg[], maxTokens: number): Promise<Msg[]> {
  const result = await summarizeReal(ctx, messages, maxTokens, 0);
  if (result.length > 0 && result[result.length - 1]!.role !== 'assistant')
    result.push({ role: 'assistant', content: OK });
  return result;
}

async function summarizeReal(
  ctx: CompactionContext,
  messages: readonly Msg[],
  maxTokens: number,
  depth: number,
): Promise<Msg[]> {
  const sized = messages.map(tokenCount);
  if (sized.reduce((a, b) => a + b, 0) <= maxTokens && depth === 0) return [...messages];
  if (messages.length <= MIN_SPLIT || depth > MAX_DEPTH) return summarizeAll(ctx, messages);

  let tailTokens = 0;
  let split = messages.length;
  const halfMax = Math.floor(maxTokens / 2);
  for (let i = sized.length - 1; i >= 0; i -= 1) {
    if (tailTokens + sized[i]! < halfMax) {
      tailTokens += sized[i]!;
      split = i;
    } else break;
  }
  // `messages[split_index - 1]` with split_index 0 reads the last message in Python.
  while (messages.at(split - 1)!.role !== 'assistant' && split > 1) split -= 1;
  if (split <= MIN_SPLIT) return summarizeAll(ctx, messages);

  const tail = messages.slice(split);
  const limit = (ctx.contextWindow || 4_096) - SUMMARIZER_INPUT_RESERVE;
  const keep: Msg[] = [];
  let headTotal = 0;
  for (let i = 0; i < split; i += 1) {
    headTotal += sized[i]!;
    if (headTotal > limit) break;
    keep.push(messages[i]!);
  }
  const summary = await summarizeAll(ctx, keep);
  const summaryTokens = total(summary);
  if (summaryTokens + sized.slice(split).reduce((a, b) => a + b, 0) < maxTokens) return [...summary, ...tail];
  return summarizeReal(ctx, [...summary, ...tail], maxTokens, depth + 1);
}

/** `summarize_all`: one summary message, trying each model in turn. */
async function summarizeAll(ctx: CompactionContext, messages: readonly Msg[]): Promise<Msg[]> {
  let content = '';
  for (const m of messages) {
    content += `# ${m.role.toUpperCase()}\n${m.content}`;
    if (!content.endsWith('\n')) content += '\n';
  }
  // [weak model, main model]: both played by the world's summarizer.
  for (let model = 0; model < 2; model += 1) {
    const outcome = await requestSummary(ctx, {
      model: ctx.summarizer.name,
      contents: [userText(content)],
      config: { systemInstruction: AIDER_SUMMARIZE_PROMPT },
    });
    if (outcome.ok) return [{ role: 'user', content: SUMMARY_PREFIX + outcome.text }];
    // An answer with no text is still a (empty) string upstream, not None.
    if (outcome.reason === 'empty') return [{ role: 'user', content: SUMMARY_PREFIX }];
  }
  throw new SummarizerFailed('summarizer unexpectedly failed for all models');
}

/**
 * The record replacing the history by the result. The result is new messages (the summary, maybe
 * "Ok.") around a suffix of the original messages: the record hides what precedes that suffix and
 * stands in its place; when an "Ok." must follow the suffix, it covers everything.
 */
function toRecord(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
  original: readonly Msg[],
  result: readonly Msg[],
): CompactionRecord | undefined {
  if (history.length === 0) return undefined;
  let kept = 0;
  while (
    kept < result.length &&
    kept < original.length &&
    result[result.length - 1 - kept] === original[original.length - 1 - kept]
  )
    kept += 1;
  const head = result
    .slice(0, result.length - kept)
    .map((m): Content => (m.role === 'user' ? userText(m.content) : modelText(m.content)));
  if (kept === 0) return { endEventId: lastEventId(ctx)!, contents: head };
  const firstKept = history.length - kept;
  if (firstKept === 0) return undefined;
  return { endEventId: history[firstKept - 1]!.throughEventId, contents: head };
}

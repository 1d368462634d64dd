/**
 * LangChain `SummarizationMiddleware`, read line by line in the published wheels on 2026-11-27
 * (PyPI `langchain` 1.4.2, `langchain/agents/middleware/summarization.py`: L40 prompt, L98–100
 * constants, L221–229 counter, L352–380 retry and counters, L398–436 `before_model`, L595–657
 * trigger, L659–718 cutoff, L755–830 summary message and safe cutoff, L832–910 summary and trim;
 * `langchain-core` 1.6.5 `messages/utils.py` `count_tokens_approximately` L2257–2432,
 * `trim_messages` L1146–1540 with `_first_max_tokens` L1983–2096 and `_last_max_tokens`
 * L2099–2162; docs/peer-strategies.md §6).
 *
 * - Before every model call. `trigger` defaults to None: it never summarizes. A clause is
 *   `["tokens", N]`, `["messages", N]` or `["fraction", f]` (of the model's max input: the
 *   window), a dict of them (AND) or a list (OR). Tokens hold when the approximate count
 *   (ceil((chars + role name [+ repr(tool_calls)] [+ tool_call_id]) / 4) + 3 per message, scaled by
 *   clamp(last AI usage / its estimate, 1, 1.25)) or the last AI message's `total_tokens` reaches
 *   the threshold.
 * - `keep` defaults to `["messages", 20]`; `tokens`/`fraction` find the earliest suffix that fits,
 *   keeping at least the last message when none does (`_find_token_based_cutoff`).
 *   A cutoff on a tool message moves back to the AI message whose calls it answers, else past the
 *   tool messages.
 * - The summarizer sees `messages[:cutoff]` trimmed to the last `trim_tokens_to_summarize` (4,000)
 *   tokens (`allow_partial`: the last lines of a human message that does not fit whole), starting
 *   on a human message; nothing left → "Previous conversation was too long to summarize." without
 *   a call (#39261). XML buffer format; 3 attempts (`with_retry`), then the error is raised.
 * - The graph state becomes [Human "Here is a summary of the conversation to date:\n\n…", kept…]
 *   (X5: held in state and re-applied to every request; a previous summary is summarized again).
 * - `error_as_summary: true` reproduces releases before PR #39268, where the error text became the
 *   summary and the history was deleted (#38867).
 * Known bugs kept: #39261 (goal outside the trim window), #38867 (with the flag), no loop guard.
 */
import type { Content } from '@google/genai';
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import type { CompactionContext, CompactionStrategy, LlmRequest } from '../engine/types.ts';
import {
  hasFunctionCall,
  hasFunctionResponse,
  isTypedUserMessage,
  partText,
  userText,
} from './_shared/content-text.ts';
import { readOptions } from './_shared/options.ts';
import { applyReplacement, loadReplacement, storeReplacement } from './_shared/replacement.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const LANGCHAIN_SUMMARIZATION = 'langchain-summarization';

export const AUDIT: StrategyAudit = {
  upstream: 'PyPI:langchain@1.4.2 (langchain-ai/langchain libs/langchain_v1)',
  commit: '1.4.2',
  checked: '2026-11-27',
  follows: [
    'langchain-1.4.2-py3-none-any.whl langchain/agents/middleware/summarization.py L40, L98-100, L221-229, L352-380, L398-436 (before_model), L595-657 (trigger), L659-718 (cutoff; L709-715 keep at least the last message), L755-830, L832-910',
    'langchain_core-1.6.5-py3-none-any.whl messages/utils.py count_tokens_approximately L2257-2432 (role name, repr(tool_calls), tool_call_id, usage scaling), trim_messages L1146-1540, _first_max_tokens L1983-2096 (the partial step), _last_max_tokens L2099-2162',
  ],
  leavesOut: [
    "the trim counts with the usage-scaled counter upstream (summarization.py L902): the world keeps only the last AI message's usage, so the trim counts unscaled",
    "the reported-token trigger requires the AI message's model_provider to match the summarizer's (L608-612): one provider here, always true",
    'a content is one message (LangChain makes one ToolMessage per function response); a custom token_counter or summary prompt; the Anthropic 3.3 chars per token (L223-228); the model profile (max input = the window here)',
  ],
};
export const DEFAULT_KEEP: Clause = ['messages', 20];
export const DEFAULT_TRIM_TOKEN_LIMIT = 4_000;
export const SUMMARY_ATTEMPTS = 3;
export const SUMMARY_MESSAGE_PREFIX = 'Here is a summary of the conversation to date:\n\n';
export const NO_HISTORY_SUMMARY = 'No previous conversation history.';
export const TOO_LONG_SUMMARY = 'Previous conversation was too long to summarize.';
/** The default summary prompt, by its sections (paraphrased). */
export const LANGCHAIN_SUMMARY_PROMPT =
  '<role>Context Extraction Assistant</role>\n<primary_objective>Extract the most relevant context from the conversation below so the agent can continue its task.</primary_objective>\n<objective_information>Keep what the agent needs: goals, decisions, facts found, work done and left.</objective_information>\n<instructions>Reply with the extracted context only.</instructions>\n<messages>\n{messages}\n</messages>';
const CHARS_PER_TOKEN = 4;
const EXTRA_TOKENS_PER_MESSAGE = 3;
const MAX_USAGE_SCALE = 1.25;
/** `tokens_per_image` of `count_tokens_approximately`. */
const IMAGE_TOKENS = 85;

type ClauseKind = 'tokens' | 'messages' | 'fraction';
export type Clause = readonly [ClauseKind, number];
const STATE = {
  replacement: 'langchain:graphState',
  usage: 'langchain:lastAiUsage',
  pending: 'langchain:requestLength',
} as const;

export function langchainSummarizationStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(LANGCHAIN_SUMMARIZATION, options, {
    trigger: {
      kind: 'json',
      meaning:
        'when to summarize: ["tokens", N], ["messages", N], ["fraction", f], a dict of them (AND) or a list (OR); default none',
    },
    max_tokens_before_summary: { kind: 'integer', min: 1, meaning: 'deprecated: trigger ["tokens", N]' },
    keep: {
      kind: 'json',
      meaning: 'what stays: ["messages", N], ["tokens", N] or ["fraction", f] (default ["messages", 20])',
    },
    trim_tokens_to_summarize: {
      kind: 'integer',
      min: 1,
      meaning: 'tokens of history the summarizer sees (default 4,000)',
    },
    error_as_summary: {
      kind: 'boolean',
      meaning: 'before PR #39268: a failed summary becomes "Error generating summary: …"',
    },
  });
  const trigger = parseTrigger(
    read.trigger ?? (read.max_tokens_before_summary === undefined ? null : ['tokens', read.max_tokens_before_summary]),
  );
  const keep = read.keep === undefined ? DEFAULT_KEEP : parseClause(read.keep, 'keep');
  const trimLimit = read.trim_tokens_to_summarize ?? DEFAULT_TRIM_TOKEN_LIMIT;

  return {
    name: LANGCHAIN_SUMMARIZATION,
    afterModel(ctx, _response, usage) {
      if (!usage.missing)
        ctx.state.set(STATE.usage, { total: usage.totalTokens, index: Number(ctx.state.get(STATE.pending) ?? 0) });
    },
    async compact(ctx, request) {
      const replacement = loadReplacement(ctx, STATE.replacement);
      const prefix = applyReplacement(request, replacement);
      const from = replacement?.from ?? 0;
      const builtLength = from + request.contents.length - prefix;
      ctx.state.set(STATE.pending, builtLength);
      const messages = request.contents;
      const lastAi = lastAiUsage(ctx, messages, prefix, from);
      if (!trigger || !shouldSummarize(trigger, messages, lastAi, ctx.contextWindow)) return;
      const cutoff = findSafeCutoff(messages, determineCutoff(keep, messages, ctx.contextWindow));
      if (cutoff <= 0) return;
      const summary = await createSummary(ctx, messages.slice(0, cutoff), trimLimit, read.error_as_summary === true);
      const kept = messages.slice(cutoff);
      request.contents = [userText(`${SUMMARY_MESSAGE_PREFIX}${summary}`), ...kept];
      // Contents of the old graph state that were kept stay in the new one; built ones are referenced.
      const keptFromBuilt = Math.max(cutoff, prefix);
      const carried = messages.slice(cutoff, keptFromBuilt);
      storeReplacement(ctx, STATE.replacement, {
        contents: [request.contents[0]!, ...carried],
        from: from + keptFromBuilt - prefix,
      });
    },
  };
}

/** The last AI message's usage, when that message is still in the state (and where it sits). */
function lastAiUsage(
  ctx: CompactionContext,
  messages: readonly Content[],
  prefix: number,
  from: number,
): { total: number; index: number } | undefined {
  const stored = ctx.state.get(STATE.usage) as { total: number; index: number } | undefined;
  if (!stored || stored.index < from) return undefined;
  const index = prefix + stored.index - from;
  return messages[index]?.role === 'model' ? { total: stored.total, index } : undefined;
}

/**
 * `count_tokens_approximately` (langchain-core 1.6.5 `messages/utils.py` L2257–2432, unscaled): per
 * message ceil(chars / 4) + 3, where chars are the content's text, plus the OpenAI role's name
 * ("user", "assistant", "tool"), plus `repr(tool_calls)` on an AI message with calls, plus the
 * `tool_call_id` on a tool message; an image block is a fixed 85 tokens. A content is one message
 * here (LangChain would make one ToolMessage per response).
 */
export function approximateTokens(messages: readonly Content[]): number {
  return messages.reduce(
    (sum, message) => sum + Math.ceil(messageChars(message) / CHARS_PER_TOKEN) + EXTRA_TOKENS_PER_MESSAGE,
    0,
  );
}

function messageChars(message: Content): number {
  const parts = message.parts ?? [];
  const isTool = hasFunctionResponse(message);
  let chars = 0;
  for (const part of parts) {
    if (part.inlineData) chars += IMAGE_TOKENS * CHARS_PER_TOKEN;
    else if (!part.functionCall) chars += partText(part).length;
    if (part.functionResponse) chars += (part.functionResponse.id ?? '').length;
  }
  if (message.role === 'model' && hasFunctionCall(message)) chars += toolCallsRepr(message).length;
  return chars + (message.role === 'model' ? 'assistant' : isTool ? 'tool' : 'user').length;
}

/** Python's `repr` of an AI message's `tool_calls` list (`{'name', 'args', 'id', 'type': 'tool_call'}` each). */
function toolCallsRepr(message: Content): string {
  const calls = (message.parts ?? []).flatMap((p) =>
    p.functionCall
      ? [
          {
            name: p.functionCall.name ?? '',
            args: p.functionCall.args ?? {},
            id: p.functionCall.id ?? null,
            type: 'tool_call',
          },
        ]
      : [],
  );
  return pyRepr(calls);
}

function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`)
    .join(', ')}}`;
}

function shouldSummarize(
  trigger: readonly (readonly Clause[])[],
  messages: readonly Content[],
  lastAi: { total: number; index: number } | undefined,
  window: number,
): boolean {
  let count = approximateTokens(messages);
  if (lastAi) {
    const estimate = approximateTokens(messages.slice(0, lastAi.index + 1));
    if (estimate > 0) count = Math.ceil(count * Math.min(MAX_USAGE_SCALE, Math.max(1, lastAi.total / estimate)));
  }
  const holds = ([kind, value]: Clause): boolean => {
    if (kind === 'messages') return messages.length >= value;
    const threshold = kind === 'tokens' ? value : Math.floor(value * window);
    return count >= threshold || (lastAi !== undefined && lastAi.total >= threshold);
  };
  return trigger.some((clauses) => clauses.every(holds));
}

function determineCutoff([kind, value]: Clause, messages: readonly Content[], window: number): number {
  if (kind === 'messages') return messages.length <= value ? 0 : messages.length - value;
  const target = Math.max(1, kind === 'tokens' ? value : Math.floor(value * window));
  if (approximateTokens(messages) <= target) return 0;
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (approximateTokens(messages.slice(mid)) <= target) high = mid;
    else low = mid + 1;
  }
  // No suffix fits, not even the last message: keep at least the last message (one message alone: keep it all).
  if (low >= messages.length) return messages.length === 1 ? 0 : messages.length - 1;
  return low;
}

/** `_find_safe_cutoff_point`: a cutoff on tool messages moves back to the AI message whose calls they answer, else past them. */
export function findSafeCutoff(messages: readonly Content[], cutoff: number): number {
  if (cutoff <= 0 || cutoff >= messages.length || !hasFunctionResponse(messages[cutoff])) return cutoff;
  let end = cutoff;
  while (end < messages.length && hasFunctionResponse(messages[end])) end += 1;
  const answered = new Set(messages.slice(cutoff, end).flatMap(responseKeys));
  for (let i = cutoff - 1; i >= 0; i -= 1) {
    if (
      messages[i]!.role === 'model' &&
      hasFunctionCall(messages[i]) &&
      callKeys(messages[i]!).some((key) => answered.has(key))
    )
      return i;
  }
  return end;
}

/** Call ids when the request carries them, else names (ADK strips the ids it invented). */
function callKeys(content: Content): string[] {
  return (content.parts ?? []).flatMap((p) =>
    p.functionCall ? [p.functionCall.id ?? `name:${p.functionCall.name}`] : [],
  );
}

function responseKeys(content: Content): string[] {
  return (content.parts ?? []).flatMap((p) =>
    p.functionResponse ? [p.functionResponse.id ?? `name:${p.functionResponse.name}`] : [],
  );
}

async function createSummary(
  ctx: CompactionContext,
  region: readonly Content[],
  trimLimit: number,
  errorAsSummary: boolean,
): Promise<string> {
  if (region.length === 0) return NO_HISTORY_SUMMARY;
  const trimmed = trimLast(region, trimLimit);
  if (trimmed.length === 0) return TOO_LONG_SUMMARY;
  const request: LlmRequest = {
    model: ctx.summarizer.name,
    contents: [userText(LANGCHAIN_SUMMARY_PROMPT.replace('{messages}', bufferString(trimmed)))],
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < SUMMARY_ATTEMPTS; attempt += 1) {
    const outcome = await requestSummary(ctx, request);
    if (outcome.ok) return outcome.text.trim();
    if (outcome.reason === 'empty') return '';
    lastError = outcome.error;
  }
  if (errorAsSummary)
    return `Error generating summary: ${lastError instanceof Error ? lastError.message : String(lastError)}`;
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/**
 * `trim_messages(strategy="last", allow_partial=True, start_on="human")` (langchain-core 1.6.5
 * `messages/utils.py` L1146–1540, `_last_max_tokens` L2099–2162, `_first_max_tokens` L1983–2096):
 * the newest whole messages within the limit; then, with `allow_partial`, the next older message
 * in part — its last content blocks, else the last lines of its first text — when that fits; then
 * messages are dropped from the oldest end until the oldest is a human one (so a partial message
 * survives only when it is human). The counter is the unscaled one (see the module's audit).
 */
export function trimLast(messages: readonly Content[], maxTokens: number): Content[] {
  const kept: Content[] = [];
  let total = 0;
  let next = messages.length - 1;
  for (; next >= 0; next -= 1) {
    const tokens = approximateTokens([messages[next]!]);
    if (total + tokens > maxTokens) break;
    total += tokens;
    kept.unshift(messages[next]!);
  }
  if (next >= 0) {
    const partial = partialMessage(messages[next]!, maxTokens - total);
    if (partial) kept.unshift(partial);
  }
  const firstHuman = kept.findIndex((m) => isTypedUserMessage(m));
  return firstHuman < 0 ? [] : kept.slice(firstHuman);
}

/** `_first_max_tokens`'s partial step with `partial_strategy="last"`: the message's tail that fits `budget`, if any. */
function partialMessage(message: Content, budget: number): Content | undefined {
  const parts = message.parts ?? [];
  // Drop blocks from the front, one at a time, keeping at least one.
  for (let drop = 1; drop < parts.length; drop += 1) {
    const candidate = { ...message, parts: parts.slice(drop) };
    if (approximateTokens([candidate]) <= budget) return candidate;
  }
  // Else the first text block (or the string content), split after each newline; the most last lines that fit.
  const text = parts.find((p) => typeof p.text === 'string')?.text;
  if (!text) return undefined;
  const pieces = text.split('\n').map((line, i, all) => (i < all.length - 1 ? `${line}\n` : line));
  const tail = (count: number): Content => ({
    ...message,
    parts: [{ text: pieces.slice(pieces.length - count).join('') }],
  });
  let low = 0;
  let high = pieces.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (approximateTokens([tail(mid)]) <= budget) low = mid;
    else high = mid - 1;
  }
  return low > 0 ? tail(low) : undefined;
}

/** `get_buffer_string(format="xml")`. */
function bufferString(messages: readonly Content[]): string {
  return messages
    .map((m) => {
      const tag = m.role === 'model' ? 'ai' : hasFunctionResponse(m) ? 'tool' : 'human';
      return `<${tag}>${(m.parts ?? []).map(partText).join('\n')}</${tag}>`;
    })
    .join('\n');
}

function parseTrigger(value: unknown): (readonly Clause[])[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && value.length > 0 && typeof value[0] !== 'string')
    return value.map((clause) => clauseList(clause));
  return [clauseList(value)];
}

function clauseList(value: unknown): readonly Clause[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).map(([kind, n]) => parseClause([kind, n], 'trigger'));
  }
  return [parseClause(value, 'trigger')];
}

function parseClause(value: unknown, option: string): Clause {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !['tokens', 'messages', 'fraction'].includes(value[0] as string) ||
    typeof value[1] !== 'number' ||
    !(value[1] > 0)
  ) {
    throw new StrategyOptionsError(
      `${LANGCHAIN_SUMMARIZATION}: option "${option}" must be ["tokens", N], ["messages", N] or ["fraction", f] with a positive number, got ${JSON.stringify(value)}`,
    );
  }
  if (value[0] === 'fraction' && value[1] > 1)
    throw new StrategyOptionsError(
      `${LANGCHAIN_SUMMARIZATION}: option "${option}": a fraction must be at most 1, got ${value[1]}`,
    );
  return [value[0] as ClauseKind, value[1]];
}

/**
 * Goat (jack-phare/goat @dd706f5f: `pkg/context/{compactor,split,summary,estimator,budget,prune}.go`,
 * `pkg/agent/loop.go` L132–148 proactive, L364 prune, L581–631 budget; `pkg/agent/prune.go`;
 * docs/peer-strategies.md §8, docs/peer-strategies.md).
 *
 * Goat's messages are OpenAI-style: each text content is one message, an assistant message holds
 * its tool calls, and every tool result is a message of its own. Before every model call:
 * - Light prune (after each tool batch): tool results older than the last 10 messages whose text
 *   exceeds 1,000 bytes become their first 200 bytes + "\n... [output truncated]" (a byte slice,
 *   which may split a UTF-8 character); the protected window slides every step.
 * - Trigger: (len(system)/4 + Σ message tokens + 16,384) / limit > 0.80, a message costing
 *   len(text)/4 + 4 when its content is a string and 4 when it is structured; tool-call arguments
 *   are never counted. `limit` is the model's window (200,000, or 1,000,000 with the 1M beta).
 * - Split: keep the newest messages within 40 % of the limit (len/4 + 4 each), clamp to
 *   [1, len − 1], then `adjustSplitForToolPairs`: back over tool messages, then back once more if
 *   the message there is an assistant with tool calls.
 * - Summary: "[role]: content" lines, each cut to 2,000 bytes + "...", with the 5-point prompt,
 *   `MaxTokens` 4,096; the history becomes [user "[Previous conversation summary]\n\n" + summary,
 *   preserved…], held in memory (X5: in session state, re-applied to every request).
 * - A failed summary drops the compact zone: only the preserved messages remain.
 * Known bugs kept [derived]: GT-1 (in a chain A(tc1) T1 A(tc2) T2 a split landing on T2 moves to T1,
 * whose call is summarized: an orphan tool result is sent), GT-2 (tool-call arguments cost 4 tokens
 * whatever their size), GT-3 (a failed summary silently drops the user's request), prune churn.
 * Not modelled: the reactive path on `max_tokens` (the world's model never stops on its output
 * limit) and the 5-minute session-memory summary file.
 */
import { Buffer } from 'node:buffer';
import type { Content, Part } from '@google/genai';
import type { CompactionContext, CompactionStrategy, LlmRequest } from '../engine/types.ts';
import { systemInstructionParts } from '../engine/tokens/estimate-tokens.ts';
import { userText } from './_shared/content-text.ts';
import { readOptions } from './_shared/options.ts';
import { applyReplacement, loadReplacement, storeReplacement } from './_shared/replacement.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'jack-phare/goat',
  commit: 'dd706f5f',
  checked: '2026-11-26',
  follows: [
    'pkg/context/split.go (calculateSplitPoint, adjustSplitForToolPairs with its extra step back)',
    'pkg/context/estimator.go (len/4 + 4)',
    'pkg/context/compactor.go (0.80, 0.40, haiku 4,096)',
    'pkg/context/budget.go',
    'pkg/context/prune.go, pkg/agent/prune.go',
    'pkg/agent/loop.go L132-148, L364, L581-631',
  ],
  leavesOut: ['the 5-minute summary freshness (the world has no wall clock, X12)'],
};

export const GOAT = 'goat';
export const GOAT_OUTPUT_RESERVE = 16_384;
export const GOAT_COMPACT_THRESHOLD = 0.8;
export const GOAT_PRESERVE_RATIO = 0.4;
export const GOAT_SUMMARY_MAX_TOKENS = 4_096;
export const GOAT_SUMMARY_MESSAGE_BYTES = 2_000;
export const GOAT_PRUNE_KEEP_MESSAGES = 10;
export const GOAT_PRUNE_MIN_BYTES = 1_000;
export const GOAT_PRUNE_KEEP_BYTES = 200;
export const GOAT_PRUNE_MARKER = '\n... [output truncated]';
export const GOAT_SUMMARY_HEADER = '[Previous conversation summary]\n\n';
/** The 5-point summary prompt (paraphrased). */
export const GOAT_SUMMARY_PROMPT =
  'Summarize this conversation so it can continue. Preserve: 1. decisions and their rationale; 2. file paths and the changes made; 3. unresolved questions and pending tasks; 4. user preferences and constraints; 5. tool outputs that are still relevant. Be concise but complete, in sections.\n\n--- CONVERSATION TO SUMMARIZE ---';

const STATE = { replacement: 'goat:messages', pruned: 'goat:prunedToolResults' } as const;

/** One Goat message: a content, or one tool result of a content (`part`). */
interface GoatMessage {
  readonly index: number;
  readonly part: number | undefined;
  readonly role: 'user' | 'assistant' | 'tool';
  readonly text: string | undefined;
  readonly toolCalls: boolean;
}

export function goatStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(GOAT, options, {
    limit: { kind: 'integer', min: 1, meaning: "the context limit (default: the model's window)" },
  });

  return {
    name: GOAT,
    async compact(ctx, request) {
      const limit = read.limit ?? ctx.contextWindow;
      const replacement = loadReplacement(ctx, STATE.replacement);
      const prefix = applyReplacement(request, replacement);
      const from = replacement?.from ?? 0;
      const builtIndex = (i: number) => from + i - prefix;
      prune(ctx, request, prefix, builtIndex);
      const messages = goatMessages(request.contents);
      const system = systemInstructionParts(request.config?.systemInstruction)
        .map((p) => p.text ?? '')
        .join('');
      const used =
        Math.floor(Buffer.byteLength(system) / 4) +
        messages.reduce((sum, m) => sum + budgetTokens(m), 0) +
        GOAT_OUTPUT_RESERVE;
      if (!(used / limit > GOAT_COMPACT_THRESHOLD)) return;
      const split = adjustSplitForToolPairs(
        messages,
        calculateSplitPoint(messages, Math.floor(GOAT_PRESERVE_RATIO * limit)),
      );
      if (split <= 0) return;
      const first = messages[split]!;
      const summary = await summarize(ctx, messages.slice(0, split));
      // The preserved zone starts at message `split`: maybe inside a content (one of its tool results).
      const partial =
        first.part !== undefined && first.part > 0
          ? [{ role: 'user', parts: request.contents[first.index]!.parts!.slice(first.part) } satisfies Content]
          : [];
      const keptFrom = partial.length > 0 ? first.index + 1 : first.index;
      const head = summary === undefined ? [] : [userText(`${GOAT_SUMMARY_HEADER}${summary}`)];
      const carried = request.contents.slice(keptFrom, Math.max(keptFrom, prefix));
      request.contents = [...head, ...partial, ...request.contents.slice(keptFrom)];
      storeReplacement(ctx, STATE.replacement, {
        contents: [...head, ...structuredClone(partial), ...carried],
        from: builtIndex(Math.max(keptFrom, prefix)),
      });
    },
  };
}

/** Light prune: tool results older than the newest 10 messages and over 1,000 bytes keep 200 bytes (persisted). */
function prune(ctx: CompactionContext, request: LlmRequest, prefix: number, builtIndex: (i: number) => number): void {
  const pruned = new Set((ctx.state.get(STATE.pruned) as number[] | undefined) ?? []);
  const messages = goatMessages(request.contents);
  const last = request.contents[request.contents.length - 1];
  const afterToolBatch = (last?.parts ?? []).some((p) => p.functionResponse);
  let changed = false;
  if (afterToolBatch) {
    for (const message of messages.slice(0, Math.max(0, messages.length - GOAT_PRUNE_KEEP_MESSAGES))) {
      if (
        message.role !== 'tool' ||
        message.index < prefix ||
        Buffer.byteLength(message.text ?? '') <= GOAT_PRUNE_MIN_BYTES
      )
        continue;
      const key = builtIndex(message.index) * 1_000 + (message.part ?? 0);
      if (!pruned.has(key)) {
        pruned.add(key);
        changed = true;
      }
    }
  }
  if (changed)
    ctx.state.set(
      STATE.pruned,
      [...pruned].sort((a, b) => a - b),
    );
  request.contents.forEach((content, i) => {
    if (
      i < prefix ||
      !(content.parts ?? []).some((p, k) => p.functionResponse && pruned.has(builtIndex(i) * 1_000 + k))
    )
      return;
    request.contents[i] = {
      ...content,
      parts: (content.parts ?? []).map((p, k) =>
        p.functionResponse && pruned.has(builtIndex(i) * 1_000 + k) ? prunedPart(p) : p,
      ),
    };
  });
}

function prunedPart(part: Part): Part {
  const text = toolText(part);
  const kept = Buffer.from(text, 'utf8').subarray(0, GOAT_PRUNE_KEEP_BYTES).toString('utf8');
  return { functionResponse: { ...part.functionResponse, response: { result: `${kept}${GOAT_PRUNE_MARKER}` } } };
}

/** The string a tool result carries (its one string field, else its JSON). */
function toolText(part: Part): string {
  const response = part.functionResponse?.response ?? {};
  const values = Object.values(response);
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : JSON.stringify(response);
}

export function goatMessages(contents: readonly Content[]): GoatMessage[] {
  const messages: GoatMessage[] = [];
  contents.forEach((content, index) => {
    const parts = content.parts ?? [];
    if (parts.some((p) => p.functionResponse)) {
      parts.forEach(
        (p, part) =>
          p.functionResponse && messages.push({ index, part, role: 'tool', text: toolText(p), toolCalls: false }),
      );
      return;
    }
    const structured = parts.some((p) => p.inlineData);
    const text = parts.map((p) => p.text ?? '').join('');
    messages.push({
      index,
      part: undefined,
      role: content.role === 'model' ? 'assistant' : 'user',
      text: structured ? undefined : text,
      toolCalls: parts.some((p) => p.functionCall),
    });
  });
  return messages;
}

/** The loop's budget estimator: len(content)/4 + 4 for string content, 4 when structured. */
function budgetTokens(message: GoatMessage): number {
  return message.text === undefined ? 4 : Math.floor(Buffer.byteLength(message.text) / 4) + 4;
}

/** `calculateSplitPoint`: keep the newest messages within the budget; 0 when all fit; clamp [1, len − 1]. */
export function calculateSplitPoint(messages: readonly GoatMessage[], preserveBudget: number): number {
  let sum = 0;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    sum += Math.floor(Buffer.byteLength(messages[i]!.text ?? '') / 4) + 4;
    if (sum > preserveBudget) return Math.min(Math.max(i + 1, 1), messages.length - 1);
  }
  return 0;
}

/** `adjustSplitForToolPairs`, with its extra step back (the GT-1 orphan). */
export function adjustSplitForToolPairs(messages: readonly GoatMessage[], split: number): number {
  if (split <= 0) return split;
  let s = split;
  while (s > 0 && messages[s]!.role === 'tool') s -= 1;
  if (s > 0 && messages[s]!.role === 'assistant' && messages[s]!.toolCalls) s -= 1;
  return Math.max(s, 1);
}

async function summarize(ctx: CompactionContext, messages: readonly GoatMessage[]): Promise<string | undefined> {
  const lines = messages.map((m) => {
    const bytes = Buffer.from(m.text ?? '', 'utf8');
    const text =
      bytes.length > GOAT_SUMMARY_MESSAGE_BYTES
        ? `${bytes.subarray(0, GOAT_SUMMARY_MESSAGE_BYTES).toString('utf8')}...`
        : bytes.toString('utf8');
    return `[${m.role}]: ${text}`;
  });
  const outcome = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [userText(`${GOAT_SUMMARY_PROMPT}\n${lines.join('\n')}`)],
    config: { maxOutputTokens: GOAT_SUMMARY_MAX_TOKENS },
  });
  if (outcome.ok) return outcome.text;
  ctx.warn?.('goat: summary failed, dropping the compact zone', { reason: outcome.reason });
  return undefined;
}

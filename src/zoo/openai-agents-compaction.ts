/**
 * OpenAI Agents SDK, `OpenAIResponsesCompactionSession` (openai/openai-agents-python @04c49c78
 * [index copy]: `src/agents/memory/openai_responses_compaction_session.py`), the session
 * decorator the SDK documents for long conversations: after each turn it may call the Responses
 * API's `responses.compact` and replace every stored item with the result.
 * docs/peer-strategies.md §13.
 *
 * - When: after a turn's items are stored (X2: `afterInvocation`), never during a turn.
 * - Trigger (`default_should_trigger_compaction`): at least `DEFAULT_COMPACTION_THRESHOLD` (10)
 *   candidate items — stored items that are neither user messages nor compaction items
 *   (`select_compaction_candidate_items`). A count of items, not of tokens: a turn of a few huge
 *   tool outputs never triggers it, a chatty one triggers it every turn.
 * - `run_compaction` in `input` mode: every stored item goes to `responses.compact` (emulated as
 *   the server would apply it, X11: its prompt is not public, its compaction item encrypted);
 *   the output — the user messages verbatim, then one compaction item (the summary, readable
 *   only by the model) — replaces all stored items (X4: one record over the whole session).
 * - A failed compaction request restores nothing (the items were not touched yet) and RAISES out
 *   of the run (here the strategy throws: the run fails as `strategy-threw`).
 * Known limits kept: no check before or inside a turn, so a long tool loop overflows the window
 * before the first compaction can run; the compaction request is the whole session.
 */
import type { Content } from '@google/genai';
import type { CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { isTypedUserMessage, modelText, textOnly, userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary, summaryError } from './_shared/summarizer.ts';

export const OPENAI_AGENTS_COMPACTION = 'openai-agents-compaction';
/** `DEFAULT_COMPACTION_THRESHOLD`: candidate items that trigger a compaction. */
export const DEFAULT_COMPACTION_THRESHOLD = 10;
/** The server's compaction instruction is not public: ours, by intent. */
export const RESPONSES_COMPACT_SERVER_PROMPT =
  'Compact the conversation above into one item from which it can be continued.';

export const AUDIT: StrategyAudit = {
  upstream: 'openai/openai-agents-python',
  commit: '04c49c78 [index copy]',
  checked: '2026-11-26',
  follows: [
    'src/agents/memory/openai_responses_compaction_session.py: DEFAULT_COMPACTION_THRESHOLD 10, select_compaction_candidate_items (not user messages, not compaction items), default_should_trigger_compaction (>= 10 candidates), run_compaction (input mode: every session item to responses.compact; the output replaces all stored items; the error propagates)',
  ],
  leavesOut: [
    'the server: its summary prompt and which items it keeps are not public; emulated as "every user message verbatim, then one compaction item" (the shape openai/openai-agents-js PR #760 describes for responses.compact: every item but the user messages folded into one encrypted item), summarized by the world\'s summarizer',
    "previous_response_id mode (the server-side chain; same items on the server), the deferral while local tool outputs are pending (the world's turns end with every call answered), a custom should_trigger_compaction hook (the `compaction_threshold` option stands for the count-based one), the compaction model (default gpt-4.1) and its usage accounting",
    '_strip_orphaned_assistant_ids and output normalisation: item ids the world does not have',
  ],
};

export function openaiAgentsCompactionStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(OPENAI_AGENTS_COMPACTION, options, {
    compaction_threshold: {
      kind: 'integer',
      min: 1,
      meaning: 'candidate items that trigger responses.compact (default 10, the SDK default hook)',
    },
  });
  const threshold = read.compaction_threshold ?? DEFAULT_COMPACTION_THRESHOLD;

  return {
    name: OPENAI_AGENTS_COMPACTION,
    compact() {},
    async afterInvocation(ctx) {
      const history = projectedHistory(ctx);
      if (compactionCandidateCount(history) < threshold) return undefined;
      const end = lastEventId(ctx);
      if (end === undefined) return undefined;
      const items = history.map((m) => structuredClone(m.content));
      const outcome = await requestSummary(ctx, {
        model: ctx.summarizer.name,
        contents: [...items, userText(RESPONSES_COMPACT_SERVER_PROMPT)],
      });
      // `await self.client.responses.compact(...)` raises out of `run_compaction`, and out of the run.
      if (!outcome.ok && outcome.reason !== 'empty') throw summaryError(outcome);
      return { append: [{ endEventId: end, contents: compactionOutput(items, outcome.ok ? outcome.text : '') }] };
    },
  };
}

/**
 * `select_compaction_candidate_items`, counted as Responses items: each function call and each
 * function output is an item, a model text is one message item; user messages and compaction
 * items (the model contents of our own records) are not candidates.
 */
export function compactionCandidateCount(history: readonly HistoryMessage[]): number {
  let count = 0;
  for (const message of history) {
    const { content } = message;
    if (isTypedUserMessage(content) || (message.fromRecord && content.role === 'model')) continue;
    const parts = content.parts ?? [];
    const calls = parts.filter((p) => p.functionCall !== undefined || p.functionResponse !== undefined).length;
    const text = parts.some((p) => typeof p.text === 'string' && p.text !== '' && p.thought !== true) ? 1 : 0;
    count += calls + text;
  }
  return count;
}

/** The emulated `responses.compact` output: every user message verbatim, then the compaction item. */
export function compactionOutput(items: readonly Content[], summary: string): Content[] {
  const users = items.filter(isTypedUserMessage).map((c) => userText(textOnly(c)));
  return summary === '' ? users : [...users, modelText(summary)];
}

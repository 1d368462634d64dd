/**
 * OpenAI Agents SDK, `OpenAIResponsesCompactionSession`, read line by line on 2026-11-27 at
 * openai/openai-agents-python @583fede1 (`main`, 2026-08-16, the file's last change there; the
 * previous pin 04c49c78 was a commit of PR #4466 that differs only in usage accounting):
 * `src/agents/memory/openai_responses_compaction_session.py`, with the call site in
 * `run_internal/session_persistence.py`. The session decorator the SDK documents for long
 * conversations: it may call the Responses API's `responses.compact` and replace every stored
 * item with the result. docs/peer-strategies.md §13.
 *
 * - When: the runner stores each step's items (`run.py` L1818–1829 → `save_turn_items_if_needed`
 *   `agent_runner_helpers.py` L502–528) and then offers a compaction (`session_persistence.py`
 *   L656–696) — but a step with local tool outputs only defers it (`_defer_compaction` L386–404),
 *   and the next step without them forces it. In a run every step but the final answer carries
 *   tool outputs, so compaction happens once, after the final step: at the end of the invocation
 *   (X2: `afterInvocation`), never during the tool loop. With no candidates added in between, the
 *   deferred trigger and the final one see the same count.
 * - Trigger (`default_should_trigger_compaction` L58–60): at least `DEFAULT_COMPACTION_THRESHOLD`
 *   (10, L28) candidate items — stored items that are neither user messages nor compaction items
 *   (`select_compaction_candidate_items` L34–55). A count of items, not of tokens: a turn of a few huge
 *   tool outputs never triggers it, a chatty one triggers it every turn.
 * - `run_compaction` (L170–263) in `input` mode: every stored item goes to `responses.compact` (emulated as
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
  commit: '583fede1',
  checked: '2026-11-27',
  follows: [
    'src/agents/memory/openai_responses_compaction_session.py @583fede1: DEFAULT_COMPACTION_THRESHOLD 10 (L28), select_compaction_candidate_items L34-55 (not user messages, not compaction items), default_should_trigger_compaction L58-60 (>= 10 candidates), run_compaction L170-263 (input mode L232-236: every session item to responses.compact L238; the output replaces all stored items L248-255; the error propagates), _defer_compaction L386-404',
    "src/agents/run_internal/session_persistence.py @583fede1 L656-696 (after each step's items are stored: defer on local tool outputs, else run_compaction, forced after a deferral); run.py L1818-1829 and agent_runner_helpers.py L502-528 (per-step persistence)",
  ],
  leavesOut: [
    'the server: its summary prompt and which items it keeps are not public; emulated as "every user message verbatim, then one compaction item" (the shape openai/openai-agents-js PR #760 describes for responses.compact: every item but the user messages folded into one encrypted item), summarized by the world\'s summarizer',
    'previous_response_id mode (the server-side chain; same items on the server), a custom should_trigger_compaction hook (the `compaction_threshold` option stands for the count-based one), the compaction model (default gpt-4.1) and its usage accounting (#4446)',
    'a run ended by max_turns or an error stores no final step: no compaction then upstream; here afterInvocation runs whenever the invocation ends',
    '_strip_orphaned_assistant_ids and output normalisation: item ids the world does not have; the restore of the history when the replacement fails or is cancelled (#4298)',
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

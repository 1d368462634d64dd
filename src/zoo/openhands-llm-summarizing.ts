/**
 * OpenHands `LLMSummarizingCondenser` as the OpenHands app configures it by default
 * (All-Hands-AI/OpenHands @156d0686: `openhands/memory/condenser/impl/llm_summarizing_condenser.py`,
 * `openhands/memory/view.py`, `openhands/server/session/session.py` L229–247 (the default pipeline:
 * keep_first 4, max_size = the user's `condenser_max_size` or 120), `openhands/controller/agent_controller.py`
 * L949–976 (a context-window error becomes a condensation request)).
 *
 * - When: before every agent step the view (the events the agent would send) is condensed when it
 *   holds more than `max_size` events, or when a condensation was requested (X4: compactSession).
 *   Upstream the condensation is the step's action and the model is called on the next step with
 *   the condensed view; here the record is appended and the same request already reflects it.
 * - `get_condensation`: the first `keep_first` events stay; the tail keeps
 *   `max_size // 2 − keep_first − 1` events; everything between is forgotten (the previous summary,
 *   which sits right after the head, is not sent as an event but as the previous summary). One
 *   summarizer call: the state-summary prompt (USER_CONTEXT, TASK_TRACKING, COMPLETED, PENDING,
 *   CURRENT_STATE, code sections), `<PREVIOUS SUMMARY>` and one `<EVENT id=…>` per forgotten event,
 *   each cut to `max_event_length` (10,000) characters in the middle. The summary is inserted at
 *   offset `keep_first` (a user message, as the conversation memory renders an
 *   `AgentCondensationObservation`).
 * - On a context-window error: a `CondensationRequestAction` (`enable_history_truncation`, on by
 *   default) and the step runs again (X3: onModelError condenses and retries). In the app's default
 *   pipeline the request is taken by the `ConversationWindowCondenser` first (no summary: the first
 *   user message and the newer half of the events kept); here it goes to the summarizing condenser,
 *   as when that condenser is configured on its own.
 * - The summarizer's answer is taken as it is (an empty one becomes an empty summary); an error
 *   propagates and ends the run, as the agent controller's error state does.
 * Known limits kept: the trigger counts events, not tokens: 120 events of large tool output pass
 * the window long before the condenser runs, and the summarizer request is not bounded (up to
 * 10,000 characters per forgotten event); a condensation requested on a short view forgets no event
 * and fails (`min()` over an empty sequence).
 */
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { fullText, userText } from './_shared/content-text.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { NothingToForgetError, pySlice, rangeStartAfterHead, truncateContent } from './_shared/openhands.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary, summaryError } from './_shared/summarizer.ts';

export const OPENHANDS_LLM_SUMMARIZING = 'openhands-llm-summarizing';
/** `session.py`: the app's default pipeline (the class's own defaults are max_size 100, keep_first 1). */
export const DEFAULT_MAX_SIZE = 120;
export const DEFAULT_KEEP_FIRST = 4;
export const DEFAULT_MAX_EVENT_LENGTH = 10_000;
export const NO_EVENTS_SUMMARIZED = 'No events summarized';
/** The condenser's prompt, by its sections (paraphrased). */
export const OPENHANDS_SUMMARY_PROMPT =
  "You maintain a context-aware state summary for an interactive agent. Given the events being forgotten and the previous summary, track: USER_CONTEXT (the user's requirements and goals), TASK_TRACKING (task ids and statuses), COMPLETED, PENDING, CURRENT_STATE; for code tasks also CODE_STATE, TESTS, CHANGES, DEPS, VERSION_CONTROL_STATUS. Keep it concise.";
export const SUMMARIZE_INSTRUCTION = 'Now summarize the events using the rules above.';

export const AUDIT: StrategyAudit = {
  upstream: 'All-Hands-AI/OpenHands',
  commit: '156d0686',
  checked: '2026-11-26',
  follows: [
    'openhands/memory/condenser/impl/llm_summarizing_condenser.py L25-46 (keep_first < max_size // 2), L52-69 (head, target max_size // 2, events_from_tail, the forgotten slice), L120-138 (previous summary and events, each truncated), L151-161 (CondensationAction with summary_offset = keep_first; should_condense: len(view) > max_size or a request)',
    'openhands/memory/view.py from_events: forgotten ids removed, the latest summary inserted at its offset',
    'openhands/server/session/session.py L229-247: keep_first 4, max_size = condenser_max_size or 120',
    'openhands/controller/agent_controller.py L949-976: a context-window error adds a CondensationRequestAction (enable_history_truncation)',
    'openhands/events/serialization/event.py truncate_content: the middle cut out',
  ],
  leavesOut: [
    'the rest of the default pipeline: ConversationWindowCondenser, which takes condensation requests (a context-window error) before this condenser sees them, keeping the first user message and the newer half of the events without a summary; here the summarizing condenser handles the request itself, as when configured alone. BrowserOutputCondenser (the world has no browser)',
    'events are messages of the projected history: OpenHands has one event per tool call and per observation, and counts its system prompt and the initial user message as events',
    'str(event) of an OpenHands event: the message is serialized as its text and JSON of calls and responses',
    'the condensation as a separate agent step (here the same request reflects it), metadata and metrics',
  ],
};

const STATE = { requested: 'openhands:condensationRequested' } as const;

export function openhandsLlmSummarizingStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(OPENHANDS_LLM_SUMMARIZING, options, {
    max_size: {
      kind: 'integer',
      min: 1,
      meaning: 'events in the view before it is condensed (default 120, condenser_max_size)',
    },
    keep_first: { kind: 'integer', min: 0, meaning: 'first events always kept (default 4)' },
    max_event_length: {
      kind: 'integer',
      min: 0,
      meaning: 'characters of each event sent to the summarizer (default 10,000)',
    },
  });
  const maxSize = read.max_size ?? DEFAULT_MAX_SIZE;
  const keepFirst = read.keep_first ?? DEFAULT_KEEP_FIRST;
  const maxEventLength = read.max_event_length ?? DEFAULT_MAX_EVENT_LENGTH;
  // The constructor's checks (L32-39).
  if (keepFirst >= Math.floor(maxSize / 2))
    throw new StrategyOptionsError(
      `${OPENHANDS_LLM_SUMMARIZING}: keep_first (${keepFirst}) must be less than half of max_size (${maxSize})`,
    );

  const condense = (ctx: CompactionContext) =>
    getCondensation(ctx, projectedHistory(ctx), { maxSize, keepFirst, maxEventLength });

  return {
    name: OPENHANDS_LLM_SUMMARIZING,
    compact() {},
    async compactSession(ctx) {
      const view = projectedHistory(ctx);
      const requested = ctx.state.get(STATE.requested) === true;
      if (!(view.length > maxSize || requested)) return undefined;
      ctx.state.set(STATE.requested, false);
      return { append: [await getCondensation(ctx, view, { maxSize, keepFirst, maxEventLength })] };
    },
    async onModelError(ctx, error) {
      if (!isContextWindowExceeded(error)) return undefined;
      // The request is handled on the next step, which is this step run again.
      return { append: [await condense(ctx)], retry: true };
    },
  };
}

interface Settings {
  readonly maxSize: number;
  readonly keepFirst: number;
  readonly maxEventLength: number;
}

/** `get_condensation`: the record forgetting the middle of the view, with the new summary in its place. */
export async function getCondensation(
  ctx: CompactionContext,
  view: readonly HistoryMessage[],
  settings: Settings,
): Promise<CompactionRecord> {
  const { maxSize, keepFirst, maxEventLength } = settings;
  const head = view.slice(0, keepFirst);
  const eventsFromTail = Math.floor(maxSize / 2) - head.length - 1;
  const previous = view[keepFirst];
  const previousSummary =
    previous !== undefined && isOwnSummary(previous) ? summaryText(previous) : NO_EVENTS_SUMMARIZED;
  const forgotten = pySlice(view, keepFirst, -eventsFromTail).filter((m) => !isOwnSummary(m));
  if (forgotten.length === 0) throw new NothingToForgetError(OPENHANDS_LLM_SUMMARIZING, view.length);

  let prompt = `${OPENHANDS_SUMMARY_PROMPT}\n\n<PREVIOUS SUMMARY>\n${truncateContent(previousSummary, maxEventLength)}\n</PREVIOUS SUMMARY>\n\n\n`;
  forgotten.forEach((m) => {
    prompt += `<EVENT id=${m.event.id}>\n${truncateContent(fullText(m.content), maxEventLength)}\n</EVENT>\n`;
  });
  prompt += SUMMARIZE_INSTRUCTION;
  const outcome = await requestSummary(ctx, { model: ctx.summarizer.name, contents: [userText(prompt)] });
  // `response.choices[0].message.content` is taken as it is: an empty answer is an empty summary.
  if (!outcome.ok && outcome.reason !== 'empty') throw summaryError(outcome);
  const summary = outcome.ok ? outcome.text : '';
  // From right after the head: the range covers the previous condensation's, whose summary it replaces.
  const start = rangeStartAfterHead(ctx, head);
  return {
    ...(start === undefined ? {} : { startEventId: start }),
    endEventId: forgotten[forgotten.length - 1]!.throughEventId,
    contents: [userText(summary)],
  };
}

/** A summary this condenser inserted (the content of one of its records). */
function isOwnSummary(message: HistoryMessage): boolean {
  return message.fromRecord && message.record !== undefined && message.record.contents.length === 1;
}

function summaryText(message: HistoryMessage): string {
  return (message.content.parts ?? []).map((p) => p.text ?? '').join('');
}

/**
 * OpenAI Codex CLI, local auto-compaction (openai/codex @c3756006, read from the fork snapshot
 * surflabom/codex: `codex-rs/core/src/compact.rs` L31–33 constants, L68–219
 * `run_compact_task_inner`, L240–258 user-message collection, L309–375 `build_compacted_history`;
 * `codex.rs` L4300–4345 mid-turn, L4399–4461 pre-turn; `context_manager/history.rs` L100–145;
 * `protocol/src/openai_models.rs` L211–212; `templates/compact/{prompt,summary_prefix}.md`).
 * docs/peer-strategies.md §3.
 *
 * - limit = min(`model_auto_compact_token_limit`, floor(0.9 × W)); total = the last response's
 *   total tokens (input incl. cached + output, X7) + ceil(bytes/4) of every item after the last
 *   model-generated item.
 * - Pre-turn (the invocation's first request, X14 emulated: the new user message is not part of
 *   the compaction and follows the result) and mid-turn (every later request, i.e. after sampling
 *   with tool calls pending): compact when total ≥ limit.
 * - The summarizer gets the whole history plus the compaction prompt. When it overflows, the
 *   oldest item (with its call/output counterpart) is dropped and the call retried; one item left
 *   is an error. Other errors are retried up to `stream_max_retries` (5); an error aborts the turn.
 * - The new history: real user messages (earlier summaries excluded), newest first up to 20,000
 *   approx tokens (the oldest kept one truncated with a marker), in order, then one user message
 *   `SUMMARY_PREFIX + "\n" + summary` (X4: replaces the whole history). Assistant and tool items are
 *   never kept, so no orphan is possible. Usage restarts from an estimate of the new history plus
 *   the base instructions (`recompute_token_usage`, codex.rs L2567–2597).
 * - No loop guard (a warning only).
 * Known bugs kept: #40213 (initial context + kept user text + summary ≥ limit: compaction after
 * every sampling), #40619 (compaction can grow the context), #36642 (an empty summary leaves the
 * prefix alone), #13271/#24014 (the compaction request overflows: trimmed one item per retry).
 */
import type { Content } from '@google/genai';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import { capText, fullText, isTypedUserMessage, textOnly, userText, utf8Bytes } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const CODEX_LOCAL = 'codex';
/** `COMPACT_USER_MESSAGE_MAX_TOKENS`. */
export const COMPACT_USER_MESSAGE_MAX_TOKENS = 20_000;
/** The share of the window the limit is capped at (`auto_compact_token_limit`). */
export const CODEX_AUTO_COMPACT_WINDOW_RATIO = 0.9;
/** The provider's `stream_max_retries` default. */
export const CODEX_STREAM_MAX_RETRIES = 5;
/** `templates/compact/prompt.md`, paraphrased. */
export const CODEX_COMPACT_PROMPT =
  'CONTEXT CHECKPOINT COMPACTION. Write a handoff summary for another LLM that will resume the task: progress and key decisions; important context, constraints and user preferences; remaining steps; critical data, examples and references. Be concise and structured.';
/** `templates/compact/summary_prefix.md`, paraphrased. */
export const CODEX_SUMMARY_PREFIX =
  'Another language model started to solve this problem and produced a summary of its thinking process. Use it to build on the work already done and avoid duplicating it:';
export const CODEX_TRUNCATION_MARKER = '…tokens truncated…';

export const AUDIT: StrategyAudit = {
  upstream: 'openai/codex',
  commit: 'c3756006',
  checked: '2026-11-26',
  follows: [
    'codex-rs/core/src/compact.rs L31-33, L68-219 (run_compact_task_inner), L240-258, L309-375 (build_compacted_history)',
    'codex-rs/core/src/codex.rs L2567-2597 (recompute_token_usage: history + base instructions), L4300-4345 (mid-turn), L4399-4461 (pre-turn)',
    'codex-rs/core/src/context_manager/history.rs L100-145, L245-285; protocol/src/openai_models.rs L259-270 (0.9 x window)',
  ],
  leavesOut: [
    'remote compaction (compact_remote.rs, v1 /responses/compact and v2 on the normal endpoint): the path OpenAI-provider users run; it needs an opaque server item (X11)',
    'the double count right after a local compaction (the replacement holds no model-generated item, so the whole history counts again as new items) [derived, unverified upstream]',
    'the read from the fork snapshot surflabom/codex (openai/codex 2026-02-13 plus one CI file); newer upstream not re-read',
  ],
};

const LAST_TOTAL = 'codex:lastTotalTokens';

/** `approx_token_count`: ceil(UTF-8 bytes / 4). */
export function approxTokens(text: string): number {
  return Math.ceil(utf8Bytes(text) / 4);
}

export function codexLimit(contextWindow: number, configured: number | undefined): number {
  const cap = Math.floor(CODEX_AUTO_COMPACT_WINDOW_RATIO * contextWindow);
  if (contextWindow <= 0) return configured ?? Number.POSITIVE_INFINITY;
  return configured === undefined ? cap : Math.min(configured, cap);
}

export function codexLocalStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(CODEX_LOCAL, options, {
    model_auto_compact_token_limit: {
      kind: 'integer',
      min: 1,
      meaning: 'auto-compaction limit in tokens (capped at 90% of the window)',
    },
    compact_prompt: { kind: 'string', meaning: 'replaces the compaction prompt' },
  });
  const prompt = read.compact_prompt ?? CODEX_COMPACT_PROMPT;

  return {
    name: CODEX_LOCAL,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (!usage.missing) ctx.state.set(LAST_TOTAL, usage.totalTokens);
    },

    async compactSession(ctx) {
      const due = autoCompactionDue(ctx, LAST_TOTAL, read.model_auto_compact_token_limit);
      if (due === undefined) return undefined;
      const { prior, incoming } = due;
      const summary = await summarizeWithTrimming(ctx, prior, prompt);
      if (summary === undefined) return { endInvocation: true };
      const replacement = buildCompactedHistory(prior, summary);
      // `recompute_token_usage` (codex.rs L2567–2597): the estimate of the new history plus the base instructions.
      ctx.state.set(
        LAST_TOTAL,
        replacement.reduce((sum, c) => sum + approxTokens(fullText(c)), 0) +
          (ctx.requestOverhead?.systemInstructionTokens ?? 0),
      );
      ctx.warn?.('codex: Long threads and multiple compactions can cause the model to be less accurate.');
      const end = incoming === 1 ? prior[prior.length - 1]!.throughEventId : lastEventId(ctx)!;
      return { append: [{ endEventId: end, contents: replacement }] };
    },
  };
}

/**
 * Codex's auto-compaction check, the same on its local and remote paths: the last usage total
 * (kept in `totalKey`) plus ceil(bytes/4) of the items added since the model last answered,
 * against `codexLimit`. Before a turn the incoming user message is not recorded yet, so it is
 * neither counted nor compacted (`incoming` is 1 then). Undefined: nothing to compact yet.
 */
export function autoCompactionDue(
  ctx: CompactionContext,
  totalKey: string,
  configuredLimit: number | undefined,
): { readonly prior: readonly HistoryMessage[]; readonly incoming: 0 | 1 } | undefined {
  const history = projectedHistory(ctx);
  const preTurn = !history.some(
    (m) => !m.fromRecord && m.content.role === 'model' && m.event.invocationId === ctx.invocationId,
  );
  const incoming = preTurn && history.length > 0 && isTypedUserMessage(history[history.length - 1]!.content) ? 1 : 0;
  const prior = history.slice(0, history.length - incoming);
  if (prior.length === 0) return undefined;
  const total = Number(ctx.state.get(totalKey) ?? 0) + trailingEstimate(prior);
  if (total < codexLimit(ctx.contextWindow, configuredLimit)) return undefined;
  return { prior, incoming };
}

/** ceil(bytes/4) of the items after the last model-generated item (or after the last compaction). */
function trailingEstimate(history: readonly HistoryMessage[]): number {
  let total = 0;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i]!;
    if (message.fromRecord || message.content.role === 'model') break;
    total += approxTokens(fullText(message.content));
  }
  return total;
}

/**
 * `run_compact_task_inner`: the history + the prompt; on overflow drop the oldest item (and its
 * counterpart: a call's output, an output's call) and retry; other errors up to the retry budget.
 * Returns `SUMMARY_PREFIX + "\n" + summary`, or undefined (the turn is aborted).
 */
async function summarizeWithTrimming(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
  prompt: string,
): Promise<string | undefined> {
  let items = history.map((m) => m.content);
  let failures = 0;
  for (;;) {
    const outcome = await requestSummary(ctx, {
      model: ctx.summarizer.name,
      contents: [...items.map((c) => structuredClone(c)), userText(prompt)],
    });
    if (outcome.ok) return `${CODEX_SUMMARY_PREFIX}\n${outcome.text}`;
    if (outcome.reason === 'empty') return `${CODEX_SUMMARY_PREFIX}\n`;
    if (outcome.reason === 'overflow') {
      if (items.length <= 1) {
        ctx.warn?.('codex: the compaction request does not fit the context window');
        return undefined;
      }
      items = removeFirstItem(items);
      failures = 0;
      continue;
    }
    failures += 1;
    if (failures > CODEX_STREAM_MAX_RETRIES) {
      ctx.warn?.('codex: auto-compaction failed', { error: String(outcome.error) });
      return undefined;
    }
  }
}

/** `remove_first_item`: the oldest item, and the output of a call it made (or the call of an output). */
function removeFirstItem(items: readonly Content[]): Content[] {
  const [first, ...rest] = items;
  const pairs =
    (first?.parts ?? []).some((p) => p.functionCall) && (rest[0]?.parts ?? []).some((p) => p.functionResponse);
  return pairs ? rest.slice(1) : rest;
}

/** `build_compacted_history`: real user messages newest first up to 20,000 approx tokens, then the summary. */
export function buildCompactedHistory(history: readonly HistoryMessage[], summaryText: string): Content[] {
  const userMessages = history
    .filter((m) => isTypedUserMessage(m.content))
    .map((m) => textOnly(m.content))
    .filter((text) => text !== '' && !text.startsWith(CODEX_SUMMARY_PREFIX));
  const selected: string[] = [];
  let remaining = COMPACT_USER_MESSAGE_MAX_TOKENS;
  for (let i = userMessages.length - 1; i >= 0 && remaining > 0; i -= 1) {
    const text = userMessages[i]!;
    const tokens = approxTokens(text);
    if (tokens <= remaining) {
      selected.unshift(text);
      remaining -= tokens;
    } else {
      selected.unshift(capText(text, remaining * 4, `\n${CODEX_TRUNCATION_MARKER}`));
      remaining = 0;
    }
  }
  return [...selected.map(userText), userText(summaryText)];
}

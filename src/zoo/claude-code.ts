/**
 * Claude Code auto-compaction, AS DOCUMENTED: Claude Code's source is closed, so this follows its
 * public documentation (code.claude.com: how-claude-code-works "When context fills up",
 * context-window "What survives compaction", hooks PreCompact/PostCompact), the Agent SDK's
 * streamed `compact_boundary` system message (`compact_metadata: { trigger: auto|manual,
 * pre_tokens }`), and — where the docs give no number — constants users measured and published
 * [community], each marked below. docs/peer-strategies.md §9.
 *
 * - Count: the last response's usage (input, cache reads and writes, output) plus an estimate of
 *   the messages added since (chars/4 × 4/3) [community].
 * - Trigger, before every model request of the query loop [community]: count ≥ effective window
 *   − 13,000, where the effective window is W − min(max output, 20,000) (200k → 167k)
 *   [community]. `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` can only lower it (anthropics/claude-code#31806).
 * - "It clears older tool outputs first, then summarizes the conversation if needed" (docs): the
 *   tool results older than the 5 most recent become "[Old tool result content cleared]"
 *   [community: 5]; when that brings the count under the trigger, no summary.
 * - Otherwise a full compaction: the whole conversation plus the summary prompt (primary request,
 *   concepts, files and code, errors, all user messages, pending tasks, current work, next step)
 *   to the model, no tools. A prompt too long for it: the oldest API round is dropped and the call
 *   retried; one round left fails ("too_few_groups"). After 3 consecutive failures auto-compaction
 *   is off for the session [community].
 * - After it (docs): the summary, then re-injected from disk the instruction files (CLAUDE.md:
 *   here part of the system prompt, which every request carries) and up to 5 recently read files,
 *   a file over 5,000 tokens as its path only, 50,000 tokens in all [community: the budget]. The
 *   boundary is reported as `compact_boundary` with `pre_tokens` (here a log line).
 * - On "prompt too long" (X3): compact as above and retry once.
 * - Thrash breaker (CLI ≥ 2.1.89, the message quoted in anthropics/claude-code#82131, #60600): a
 *   compaction needed within 3 model calls of the previous one, the 3rd time in a row, ends the
 *   turn with "Autocompact is thrashing" instead of compacting again.
 * Known bugs kept: the re-injected files and the next reads refill the context right after a
 * compaction (anthropics/claude-code#85489, #60600, #82131, #72857): compaction every few calls
 * until the breaker stops the turn.
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionResponse, partText, userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const CLAUDE_CODE = 'claude-code';
/** [community] The output reserved for the summary: the effective window is W − min(max output, this). */
export const MAX_OUTPUT_TOKENS_FOR_SUMMARY = 20_000;
/** [community] Auto-compaction fires this far below the effective window. */
export const AUTOCOMPACT_BUFFER_TOKENS = 13_000;
/** The default max output of the model (CLAUDE_CODE_MAX_OUTPUT_TOKENS), larger than the summary reserve. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 32_000;
/** Docs: up to 5 recently read files come back after a compaction. */
export const POST_COMPACT_MAX_FILES = 5;
/** Docs: a file over 5k tokens comes back as its path only. */
export const POST_COMPACT_MAX_TOKENS_PER_FILE = 5_000;
/** [community] The budget of all re-injected files. */
export const POST_COMPACT_TOKEN_BUDGET = 50_000;
/** [community] Tool results kept when older ones are cleared. */
export const KEEP_RECENT_TOOL_RESULTS = 5;
export const CLEARED_TOOL_RESULT = '[Old tool result content cleared]';
/** [community] Consecutive failed auto-compactions before it is switched off for the session. */
export const MAX_CONSECUTIVE_FAILURES = 3;
/** The breaker: refilled within this many model calls ("turns") of the previous compaction ... */
export const THRASH_WITHIN_CALLS = 3;
/** ... this many times in a row. */
export const THRASH_TIMES = 3;
export const THRASH_MESSAGE =
  'Autocompact is thrashing: the context refilled to the limit within 3 turns of the previous compact, 3 times in a row.';
/** The summary prompt, by its documented sections (paraphrased). */
export const CLAUDE_CODE_COMPACT_PROMPT =
  'Summarize this conversation so the work can continue without it. Sections: the primary request and intent; key technical concepts; files and code sections; errors and fixes; problem solving; all user messages; pending tasks; current work; the optional next step.';
export const CONTINUATION_PREFIX =
  'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.';

export const AUDIT: StrategyAudit = {
  upstream: 'Claude Code (closed source): code.claude.com docs + Agent SDK compact_boundary',
  commit: 'docs',
  checked: '2026-11-26',
  follows: [
    'code.claude.com/docs/en/how-claude-code-works: clears older tool outputs first, then summarizes; requests and key code snippets preserved',
    'code.claude.com/docs/en/context-window: CLAUDE.md and memory re-injected from disk, up to 5 recently read files, a file over 5k tokens as its path',
    'Agent SDK: the compact_boundary system message with trigger and pre_tokens; the thrash message quoted in anthropics/claude-code#82131, #60600 (CLI >= 2.1.89)',
  ],
  leavesOut: [
    'every number the docs do not give is [community] (published measurements and reverse-engineering, not a commit): the 20,000 summary reserve, the 13,000 buffer, 5 kept tool results, 50,000 re-injection budget, 3 failures, the chars/4 x 4/3 estimate, the check before every request',
    'the time-based and cache-edit microcompact variants (X12 idle clock, cache_edits), session-memory compaction (experimental), skills and the plan-mode plan re-injection, PreCompact/PostCompact hooks, manual /compact',
    'CLAUDE.md is taken to be in the system prompt (the world has no instruction files), so its re-injection costs nothing extra here',
    "every tool result counts as a read file (the world's tools are generic); the warning and blocking limits",
  ],
};

const STATE = {
  total: 'claude-code:countTokens',
  calls: 'claude-code:modelCalls',
  failures: 'claude-code:consecutiveFailures',
  lastCompactCall: 'claude-code:lastCompactCall',
  refills: 'claude-code:rapidRefills',
  retried: 'claude-code:reactiveRetryCall',
} as const;

interface Settings {
  readonly maxOutputTokens: number;
  readonly pctOverride: number | undefined;
  readonly autoCompact: boolean;
  readonly thrashBreaker: boolean;
}

export function claudeCodeStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(CLAUDE_CODE, options, {
    max_output_tokens: {
      kind: 'integer',
      min: 1,
      meaning: "the model's max output (default 32,000); the effective window is W - min(this, 20,000)",
    },
    autocompact_pct_override: {
      kind: 'number',
      min: 1,
      max: 100,
      meaning: 'CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: percent of the effective window; can only lower the trigger',
    },
    auto_compact: { kind: 'boolean', meaning: 'autoCompactEnabled (default true)' },
    thrash_breaker: {
      kind: 'boolean',
      meaning: 'the "Autocompact is thrashing" breaker (default true: CLI >= 2.1.89)',
    },
  });
  const settings: Settings = {
    maxOutputTokens: read.max_output_tokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    pctOverride: read.autocompact_pct_override,
    autoCompact: read.auto_compact ?? true,
    thrashBreaker: read.thrash_breaker ?? true,
  };

  return {
    name: CLAUDE_CODE,
    compact() {},
    afterModel(ctx, _response, usage) {
      ctx.state.set(STATE.calls, calls(ctx) + 1);
      if (!usage.missing) ctx.state.set(STATE.total, usage.totalTokens);
    },
    async compactSession(ctx) {
      if (!settings.autoCompact || ctx.contextWindow <= 0) return undefined;
      if (Number(ctx.state.get(STATE.failures) ?? 0) >= MAX_CONSECUTIVE_FAILURES) return undefined;
      const history = projectedHistory(ctx);
      const count = currentCount(ctx, history);
      const threshold = autoCompactThreshold(ctx.contextWindow, settings);
      if (count < threshold) return undefined;
      // The docs' first step: clear older tool outputs; enough when it brings the count under the trigger.
      const cleared = clearOlderToolResults(history);
      if (cleared.records.length > 0 && count - cleared.savedTokens < threshold) {
        ctx.state.set(STATE.total, Number(ctx.state.get(STATE.total) ?? 0) - cleared.savedTokens);
        return { append: cleared.records };
      }
      if (settings.thrashBreaker && rapidRefill(ctx) >= THRASH_TIMES) {
        ctx.state.set(STATE.refills, 0);
        ctx.warn?.(`${CLAUDE_CODE}: ${THRASH_MESSAGE}`);
        return { endInvocation: true };
      }
      const record = await compactConversation(ctx, history, count);
      return record ? { append: [record] } : undefined;
    },
    async onModelError(ctx, error) {
      if (!isContextWindowExceeded(error)) return undefined;
      // One reactive compaction per request: a second refusal of the same call stands.
      if (ctx.state.get(STATE.retried) === calls(ctx)) return undefined;
      ctx.state.set(STATE.retried, calls(ctx));
      const history = projectedHistory(ctx);
      const record = await compactConversation(ctx, history, currentCount(ctx, history));
      return record ? { append: [record], retry: true } : undefined;
    },
  };
}

/** The auto-compact trigger: (W − min(max output, 20,000)) − 13,000, or lower with the percent override. */
export function autoCompactThreshold(
  contextWindow: number,
  settings: Pick<Settings, 'maxOutputTokens' | 'pctOverride'>,
): number {
  const effective = contextWindow - Math.min(settings.maxOutputTokens, MAX_OUTPUT_TOKENS_FOR_SUMMARY);
  const threshold = effective - AUTOCOMPACT_BUFFER_TOKENS;
  return settings.pctOverride === undefined
    ? threshold
    : Math.min(threshold, Math.floor((effective * settings.pctOverride) / 100));
}

function calls(ctx: CompactionContext): number {
  return Number(ctx.state.get(STATE.calls) ?? 0);
}

/** [community] chars/4 × 4/3: the estimate of messages the last usage does not cover. */
export function roughTokens(content: Content): number {
  return Math.ceil(((content.parts ?? []).reduce((n, p) => n + partText(p).length, 0) / 4) * (4 / 3));
}

/** The last usage plus the estimate of the raw messages after the last model message. */
function currentCount(ctx: CompactionContext, history: readonly HistoryMessage[]): number {
  let added = 0;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i]!;
    if (message.content.role === 'model' || message.fromRecord) break;
    added += roughTokens(message.content);
  }
  return Number(ctx.state.get(STATE.total) ?? 0) + added;
}

/** How many compactions in a row came within 3 model calls of the previous one, this one included. */
function rapidRefill(ctx: CompactionContext): number {
  const last = ctx.state.get(STATE.lastCompactCall) as number | undefined;
  const refills =
    last !== undefined && calls(ctx) - last <= THRASH_WITHIN_CALLS ? Number(ctx.state.get(STATE.refills) ?? 0) + 1 : 0;
  ctx.state.set(STATE.refills, refills);
  return refills;
}

/** Tool results older than the 5 most recent, cleared in place (one record per event), and the tokens that saves. */
export function clearOlderToolResults(history: readonly HistoryMessage[]): {
  records: CompactionRecord[];
  savedTokens: number;
} {
  const results = history.filter((m) => !m.fromRecord && hasFunctionResponse(m.content));
  const records: CompactionRecord[] = [];
  let savedTokens = 0;
  for (const message of results.slice(0, Math.max(0, results.length - KEEP_RECENT_TOOL_RESULTS))) {
    const parts = (message.content.parts ?? []).map((part) =>
      part.functionResponse
        ? { functionResponse: { ...part.functionResponse, response: { result: CLEARED_TOOL_RESULT } } }
        : structuredClone(part),
    );
    const cleared: Content = { role: message.content.role ?? 'user', parts };
    const saved = roughTokens(message.content) - roughTokens(cleared);
    if (saved <= 0) continue;
    savedTokens += saved;
    records.push({ startEventId: message.event.id, endEventId: message.event.id, contents: [cleared] });
  }
  return { records, savedTokens };
}

/** A full compaction: the record replacing the conversation, or undefined when it failed (counted towards the breaker). */
async function compactConversation(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
  preTokens: number,
): Promise<CompactionRecord | undefined> {
  const end = lastEventId(ctx);
  if (history.length === 0 || end === undefined) return undefined;
  const summary = await summarize(
    ctx,
    history.map((m) => m.content),
  );
  if (summary === undefined) {
    const failures = Number(ctx.state.get(STATE.failures) ?? 0) + 1;
    ctx.state.set(STATE.failures, failures);
    if (failures >= MAX_CONSECUTIVE_FAILURES)
      ctx.warn?.(`${CLAUDE_CODE}: auto-compact failed ${failures} times in a row; off for this session`);
    return undefined;
  }
  ctx.state.set(STATE.failures, 0);
  ctx.warn?.(`${CLAUDE_CODE}: compact_boundary`, { trigger: 'auto', preTokens });
  const contents = [userText(`${CONTINUATION_PREFIX}\n\n${summary}`), ...recentFiles(history)];
  const overhead =
    (ctx.requestOverhead?.systemInstructionTokens ?? 0) + (ctx.requestOverhead?.toolDeclarationTokens ?? 0);
  ctx.state.set(STATE.total, overhead + contents.reduce((sum, c) => sum + roughTokens(c), 0));
  ctx.state.set(STATE.lastCompactCall, calls(ctx));
  return { endEventId: end, contents };
}

/** The summary text; on a prompt too long the oldest API round is dropped and the call retried. */
async function summarize(ctx: CompactionContext, messages: readonly Content[]): Promise<string | undefined> {
  let groups = apiRounds(messages);
  for (;;) {
    const outcome = await requestSummary(ctx, {
      model: ctx.summarizer.name,
      contents: [...groups.flat().map((c) => structuredClone(c)), userText(CLAUDE_CODE_COMPACT_PROMPT)],
    });
    if (outcome.ok) return outcome.text;
    if (outcome.reason !== 'overflow') {
      ctx.warn?.(`${CLAUDE_CODE}: compact failed`, { error: String(outcome.error) });
      return undefined;
    }
    if (groups.length <= 1) {
      ctx.warn?.(`${CLAUDE_CODE}: compact failed: too_few_groups`);
      return undefined;
    }
    groups = groups.slice(1);
  }
}

/** The conversation as API rounds: each model message opens one; what precedes the first is its own. */
export function apiRounds(messages: readonly Content[]): Content[][] {
  const groups: Content[][] = [];
  for (const message of messages) {
    if (message.role === 'model' || groups.length === 0) groups.push([message]);
    else groups[groups.length - 1]!.push(message);
  }
  return groups;
}

/** Docs: up to 5 recently read files re-read after the compaction; one over 5k tokens as its path only; 50k in all. */
export function recentFiles(history: readonly HistoryMessage[]): Content[] {
  const files: Content[] = [];
  let budget = POST_COMPACT_TOKEN_BUDGET;
  for (let i = history.length - 1; i >= 0 && files.length < POST_COMPACT_MAX_FILES; i -= 1) {
    for (const part of history[i]!.content.parts ?? []) {
      if (!part.functionResponse || files.length >= POST_COMPACT_MAX_FILES) continue;
      const name = part.functionResponse.name ?? 'file';
      const text = Object.values(part.functionResponse.response ?? {})
        .filter((v): v is string => typeof v === 'string')
        .join('\n');
      if (text === '' || text === CLEARED_TOOL_RESULT) continue;
      const file = userText(`Called the Read tool for ${name}. Result:\n${text}`);
      const tokens = roughTokens(file);
      if (tokens <= POST_COMPACT_MAX_TOKENS_PER_FILE && tokens <= budget) {
        files.unshift(file);
        budget -= tokens;
      } else {
        files.unshift(
          userText(
            `Note: ${name} was read before the conversation was summarized, but its contents are too large to include. Read it again if needed.`,
          ),
        );
      }
    }
  }
  return files;
}

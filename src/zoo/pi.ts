/**
 * pi coding agent compaction (badlogic/pi-mono @83378aad: `packages/coding-agent/docs/
 * compaction.md`; `src/core/compaction/compaction.ts` L110–118 settings, L128–130
 * `calculateContextTokens`, L212–215 `shouldCompact`, L222–280 `estimateTokens`, L523–540
 * `generateSummary`; `src/core/agent-session.ts` L1730–1822 `_checkCompaction`; docs/peer-strategies.md §14).
 * Also the engine of OpenClaw.
 *
 * - When: after the agent loop of a prompt ends (X2, `agent_end`), never between tool rounds.
 * - Count: the last assistant message's `totalTokens || input + output + cacheRead + cacheWrite`
 *   (X7). When that message predates the latest compaction the check is skipped (stale-usage
 *   guard, agent-session.ts L1757–1765); with no usage yet, chars/4 of the context. Fire when
 *   count > W − `reserveTokens` (16,384).
 * - Cut (`findCutPoint`, compaction.ts L376–436): walk back summing chars/4 (tool calls: name +
 *   JSON arguments) until ≥ `keepRecentTokens` (20,000); the cut is the first valid cut point (a
 *   user or assistant message or a summary, never a tool result) AT OR AFTER the message where the
 *   budget was reached — forwards, keeping less; none there → the first cut point of all (nothing
 *   is compacted). A cut inside a turn is a split turn: the history before the turn and the turn's
 *   prefix are summarized apart and merged.
 * - The summarizer gets the conversation as text in one user message (tool results cut to 2,000
 *   characters), the structured prompt (or the UPDATE prompt anchored on the previous summary), and
 *   `maxTokens` = floor(0.8 × reserveTokens). The result is a `CompactionEntry`: the summary, then
 *   the entries from `firstKeptEntryId` (X4).
 * - Overflow (X3): compact and retry once; a second overflow in the same prompt is not retried.
 * - A failed summary appends nothing (an error is reported).
 * Known bugs kept: PI-1 (no check between tool rounds: a long turn overflows before compaction
 * runs), #8196 (the summarizer input is not budgeted), OpenClaw #70052 (chars/4 undercounts CJK,
 * so the kept tail is several times its budget).
 */
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import {
  capText,
  hasFunctionResponse,
  isTypedUserMessage,
  partText,
  textOnly,
  userText,
} from './_shared/content-text.ts';
import { projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const PI = 'pi';
export const DEFAULT_RESERVE_TOKENS = 16_384;
export const DEFAULT_KEEP_RECENT_TOKENS = 20_000;
/** pi's `estimateTokens`: every character a quarter token. */
export const ESTIMATOR_CHARS = 'chars/4';
/**
 * OpenClaw's fix of #103930 (PR #114386, merged 2026-07-27): compaction accounting through its
 * CJK-aware character estimator. Modelled as each CJK character counting as 4 characters (about one
 * token), the weight #70052/#70112 describe; the PR's calibrated per-script weights are not reproduced.
 */
export const ESTIMATOR_CJK_AWARE = 'cjk-aware';
export const TOOL_RESULT_MAX_CHARS = 2_000;
export const PI_SUMMARY_PREFIX =
  'The conversation history before this point was compacted into the following summary:\n\n';
/** The structured prompt, by its sections (paraphrased). */
export const PI_SUMMARY_PROMPT =
  'Summarize the conversation above as a checkpoint. Sections: Goal; Constraints & Preferences; Progress (Done / In Progress / Blocked); Key Decisions; Next Steps; Critical Context; <read-files>; <modified-files>.';
export const PI_UPDATE_PROMPT =
  'Update the previous summary with the newer conversation above, keeping its sections: Goal; Constraints & Preferences; Progress; Key Decisions; Next Steps; Critical Context.';
export const PI_TURN_PREFIX_PROMPT =
  'Summarize the beginning of the current turn above (it continues after this summary).';

export const AUDIT: StrategyAudit = {
  upstream: 'badlogic/pi-mono',
  commit: '83378aad',
  checked: '2026-11-26',
  follows: [
    'packages/coding-agent/src/core/compaction/compaction.ts L110-118 (settings), L128-130, L212-215, L222-280 (estimateTokens), L300-436 (cut points, findCutPoint forwards), L523-540 (generateSummary)',
    'packages/coding-agent/src/core/agent-session.ts L1742-1822 (_checkCompaction: stale-usage guard skips, one overflow retry)',
  ],
  leavesOut: [
    'the one-retry flag resets per invocation here; upstream on every user message or non-error assistant message',
    'the model-switch check (the world has one model); extension-supplied compaction (fromHook); cumulative <read-files>/<modified-files> lists (no files in the world)',
    'thinking and custom messages (the world has none), so #8196 shows here through many capped tool results, not through uncut thinking',
  ],
};

const STATE = { usage: 'pi:lastAssistantUsage', retried: 'pi:overflowRetriedInvocation' } as const;

export function piStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(PI, options, {
    enabled: { kind: 'boolean', meaning: 'compaction.enabled (default true)' },
    reserveTokens: { kind: 'integer', min: 0, meaning: 'tokens kept free for the answer (default 16,384)' },
    keepRecentTokens: { kind: 'integer', min: 0, meaning: 'recent tokens kept verbatim (default 20,000)' },
    estimator: {
      kind: 'string',
      values: [ESTIMATOR_CHARS, ESTIMATOR_CJK_AWARE],
      meaning: `"${ESTIMATOR_CHARS}" (pi, default) or "${ESTIMATOR_CJK_AWARE}" (OpenClaw after PR #114386)`,
    },
  });
  const settings = {
    enabled: read.enabled ?? true,
    reserveTokens: read.reserveTokens ?? DEFAULT_RESERVE_TOKENS,
    keepRecentTokens: read.keepRecentTokens ?? DEFAULT_KEEP_RECENT_TOKENS,
    cjkAware: read.estimator === ESTIMATOR_CJK_AWARE,
  };

  return {
    name: PI,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (usage.missing) return;
      const tokens =
        usage.totalTokens || usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
      ctx.state.set(STATE.usage, { tokens, compactions: compactionCount(ctx) });
    },
    async afterInvocation(ctx) {
      if (!settings.enabled) return undefined;
      const history = projectedHistory(ctx);
      if (contextTokens(ctx, history, settings.cjkAware) <= ctx.contextWindow - settings.reserveTokens)
        return undefined;
      const record = await compactHistory(ctx, history, settings);
      return record ? { append: [record] } : undefined;
    },
    async onModelError(ctx, error) {
      if (!settings.enabled || !isContextWindowExceeded(error)) return undefined;
      if (ctx.state.get(STATE.retried) === ctx.invocationId) {
        ctx.warn?.('pi: recovery failed after one compact-and-retry attempt');
        return undefined;
      }
      ctx.state.set(STATE.retried, ctx.invocationId);
      const record = await compactHistory(ctx, projectedHistory(ctx), settings);
      return record ? { append: [record], retry: true } : undefined;
    },
  };
}

function compactionCount(ctx: CompactionContext): number {
  return (ctx.events ?? []).filter((e) => e.actions?.compaction).length;
}

/**
 * `calculateContextTokens` with the stale-usage guard: usage older than the latest compaction
 * skips the check (0); no usage yet → chars/4 of the context.
 */
function contextTokens(ctx: CompactionContext, history: readonly HistoryMessage[], cjkAware = false): number {
  const usage = ctx.state.get(STATE.usage) as { tokens: number; compactions: number } | undefined;
  if (usage) return usage.compactions === compactionCount(ctx) ? usage.tokens : 0;
  return history.reduce((sum, m) => sum + estimateTokens(m.content, cjkAware), 0);
}

/** `estimateTokens`: chars/4 of text, tool-call names and JSON arguments, tool results (CJK characters ×4 when `cjkAware`). */
export function estimateTokens(content: Content, cjkAware = false): number {
  return Math.ceil(
    (content.parts ?? []).reduce(
      (sum, part) => sum + (part.inlineData ? 4_800 : weightedLength(partText(part), cjkAware)),
      0,
    ) / 4,
  );
}

const CJK = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/gu;

function weightedLength(text: string, cjkAware: boolean): number {
  if (!cjkAware) return text.length;
  return text.length + 3 * (text.match(CJK)?.length ?? 0);
}

/**
 * `findCutPoint`: the first kept message. Walking back until `keepRecentTokens` are reached, then
 * forwards to the first valid cut point (not a tool result) at or after that message; none there
 * (or the budget never reached) → the first cut point.
 */
export function findCutPoint(history: readonly HistoryMessage[], keepRecentTokens: number, cjkAware = false): number {
  const cutPoints = history.flatMap((m, i) => (hasFunctionResponse(m.content) ? [] : [i]));
  if (cutPoints.length === 0) return 0;
  let kept = 0;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    kept += estimateTokens(history[i]!.content, cjkAware);
    if (kept >= keepRecentTokens) return cutPoints.find((c) => c >= i) ?? cutPoints[0]!;
  }
  return cutPoints[0]!;
}

async function compactHistory(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
  settings: { reserveTokens: number; keepRecentTokens: number; cjkAware: boolean },
): Promise<CompactionRecord | undefined> {
  const cut = findCutPoint(history, settings.keepRecentTokens, settings.cjkAware);
  if (cut <= 0) return undefined;
  const maxOutputTokens = Math.floor(0.8 * settings.reserveTokens);
  let turnStart = cut;
  while (turnStart > 0 && !(isTypedUserMessage(history[turnStart]!.content) && !history[turnStart]!.fromRecord))
    turnStart -= 1;
  const splitTurn = !isTypedUserMessage(history[cut]!.content) && turnStart < cut;
  const before = splitTurn ? history.slice(0, turnStart) : history.slice(0, cut);
  const previous = before.find((m) => m.fromRecord);
  const parts: string[] = [];
  const main = before.filter((m) => !m.fromRecord);
  if (main.length > 0 || previous) {
    const prompt = previous
      ? `${PI_UPDATE_PROMPT}\n\n<previous-summary>\n${textOnly(previous.content).replace(PI_SUMMARY_PREFIX, '')}\n</previous-summary>`
      : PI_SUMMARY_PROMPT;
    const summary = await summarizeText(ctx, main, prompt, maxOutputTokens);
    if (summary === undefined) return undefined;
    parts.push(summary);
  }
  if (splitTurn) {
    const prefix = await summarizeText(ctx, history.slice(turnStart, cut), PI_TURN_PREFIX_PROMPT, maxOutputTokens);
    if (prefix === undefined) return undefined;
    parts.push(prefix);
  }
  return {
    endEventId: history[cut - 1]!.throughEventId,
    contents: [userText(`${PI_SUMMARY_PREFIX}${parts.join('\n\n')}`)],
  };
}

/** `generateSummary`: the messages serialized as text in one user message. */
async function summarizeText(
  ctx: CompactionContext,
  messages: readonly HistoryMessage[],
  prompt: string,
  maxOutputTokens: number,
): Promise<string | undefined> {
  const text = messages
    .map(
      ({ content }) =>
        `${content.role === 'model' ? 'Assistant' : hasFunctionResponse(content) ? 'Tool result' : 'User'}: ${(content.parts ?? []).map((p) => (p.functionResponse ? capText(partText(p), TOOL_RESULT_MAX_CHARS) : partText(p))).join('\n')}`,
    )
    .join('\n\n');
  const outcome = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [userText(`<conversation>\n${text}\n</conversation>\n\n${prompt}`)],
    config: { maxOutputTokens },
  });
  if (outcome.ok) return outcome.text;
  ctx.warn?.('pi: compaction failed', { reason: outcome.reason });
  return undefined;
}

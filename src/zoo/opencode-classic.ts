/**
 * opencode, classic generation (anomalyco/opencode `packages/opencode/src/session/compaction.ts`
 * @fd78ec63; the prompt loop's check from index copies of `prompt.ts`; docs/peer-strategies.md §2a, docs/peer-strategies.md).
 *
 * - Before each model call (X4, the top of the prompt loop) the last finished step's usage
 *   (`total || input + output + cache read + cache write`, X7) is compared with `usable =
 *   limit.input − reserved` (reserved = min(20,000, max output)) or, without an input limit,
 *   `W − max output`. Skipped when `auto` is false, W is 0, or the newest message is a summary.
 * - The summary: the ENTIRE history plus the compaction prompt (headings Goal / Instructions /
 *   Discoveries / Accomplished / Relevant files), no tools, no cap. It replaces the history as
 *   [marker (user), summary (assistant), "Continue if you have next steps…" (user)].
 * - Reactive path (X3): a provider overflow summarizes the history before the last real user
 *   message and replays that message after the summary (or adds a note when there is none), then
 *   retries; it runs even when `auto` is false (#30664). "Overflow" is opencode's own reading of
 *   the provider's error (`_shared/opencode-provider-error.ts`: its message patterns and the 413
 *   status), not the engine's typed check: a refusal in other words ends the turn (#50574), and
 *   any error in listed words is compacted for, whatever its cause (#49965).
 * - A summarizer failure (overflow included: "Session too large to compact") stops the run (X9).
 * - `prune()` after the loop (X2) clears old tool outputs (PRUNE_PROTECT 40,000, PRUNE_MINIMUM
 *   20,000), on by default in this generation unless `prune` is false.
 * Known bugs kept: #27924 (irreducible overhead: compaction before every call), #17340 (the
 * summarizer gets the whole over-window history), #8089/#6286 (schemas and late trigger), #30664.
 */
import type { CompactionContext, CompactionStrategy, Content } from '../engine/types.ts';
import { userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import {
  CONTINUE_TEXT,
  forgetStepTokens,
  lastIsSummary,
  lastRealUserIndex,
  lastStepTokens,
  OPENCODE_OUTPUT_TOKEN_MAX,
  OVERFLOW_NOTE_TEXT,
  pruneRecords,
  recordStepTokens,
  SESSION_TOO_LARGE,
  summaryContents,
  usableTokens,
  type OpencodeLimits,
} from './_shared/opencode.ts';
import { isOpencodeContextOverflow, type OpencodeClassifier } from './_shared/opencode-provider-error.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'anomalyco/opencode',
  commit: 'fd78ec63',
  checked: '2026-11-26',
  follows: [
    'packages/opencode/src/session/compaction.ts (isOverflow, prune, process) @fd78ec63',
    'packages/opencode/src/util/token.ts @0f7d18ad (Token.estimate)',
    'the prompt loop check from index copies of prompt.ts',
    'packages/opencode/src/provider/error.ts @00badcb8 lines 9-26 (OVERFLOW_PATTERNS), 37-44 (isOverflow) and parseAPICallError (413, body code): the overflow classifier of the reactive path',
  ],
  leavesOut: [
    'the reactive path (replay of the last user message on a provider overflow) belongs to the later tail generation; at @fd78ec63 an overflow stopped the run (kept: only scenarios that refuse over-window requests reach it)',
    'prune counts only typed user turns (upstream counts every user-role message, the marker included)',
    "the classifier's response-body parsing (`message()` joining the body's message): the world's provider errors carry their text in `message` and no body",
  ],
};

export const OPENCODE_CLASSIC = 'opencode';
/** The classic compaction prompt, by its headings (paraphrased). */
export const OPENCODE_CLASSIC_PROMPT =
  'Provide a detailed prompt for continuing our conversation above. Focus on what we did, what we are doing, which files we are working on and what we will do next. Sections: Goal; Instructions; Discoveries; Accomplished; Relevant files.';

export function opencodeOptions(
  name: string,
  options: unknown,
  pruneDefault: boolean,
  reserveWithoutInputLimit = false,
) {
  const read = readOptions(name, options, {
    auto: { kind: 'boolean', meaning: 'compaction.auto: compact automatically' },
    prune: { kind: 'boolean', meaning: 'compaction.prune: clear old tool outputs after each run' },
    reserved: {
      kind: 'integer',
      min: 0,
      meaning: 'compaction.reserved: tokens kept free (default min(20,000, maxOutputTokens))',
    },
    limitInput: {
      kind: 'integer',
      min: 0,
      meaning: "the model's limit.input (0 = none: W − maxOutputTokens is usable)",
    },
    maxOutputTokens: { kind: 'integer', min: 0, meaning: 'maxOutputTokens(model) (default 32,000)' },
  });
  const limits: OpencodeLimits = {
    auto: read.auto ?? true,
    reserved: read.reserved,
    limitInput: read.limitInput ?? 0,
    maxOutputTokens: read.maxOutputTokens ?? OPENCODE_OUTPUT_TOKEN_MAX,
    reserveWithoutInputLimit,
  };
  return { limits, prune: read.prune ?? pruneDefault };
}

export function opencodeClassicStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const { limits, prune } = opencodeOptions(OPENCODE_CLASSIC, options, true);

  return {
    name: OPENCODE_CLASSIC,
    compact() {},
    afterModel: (ctx, _response, usage) => void recordStepTokens(ctx, usage),

    async compactSession(ctx) {
      if (!limits.auto || ctx.contextWindow <= 0) return undefined;
      const history = projectedHistory(ctx);
      if (lastIsSummary(history) || lastStepTokens(ctx) < usableTokens(ctx, limits)) return undefined;
      const end = lastEventId(ctx);
      const summary = await summarize(ctx, history);
      if (summary === undefined || end === undefined) return { endInvocation: true };
      forgetStepTokens(ctx);
      return { append: [{ endEventId: end, contents: [...summaryContents(summary), userText(CONTINUE_TEXT)] }] };
    },

    onModelError: reactiveCompaction(summarize, 'classic'),

    afterInvocation: (ctx) => (prune ? { append: pruneRecords(projectedHistory(ctx)) } : undefined),
  };
}

/**
 * The reactive path's split: the history before the last real user message is summarized and
 * that message replayed after the summary (the turn's work after it is hidden with the rest);
 * without one, everything is summarized.
 */
export function reactiveSplit(history: readonly HistoryMessage[]): {
  head: readonly HistoryMessage[];
  replayed: Content | undefined;
} {
  const replay = lastRealUserIndex(history);
  return replay < 0
    ? { head: history, replayed: undefined }
    : { head: history.slice(0, replay), replayed: history[replay]!.content };
}

/**
 * opencode's reactive path, the same in both modes: on a context-window error, summarize the
 * history before the last real user message and retry with that message replayed (or a note when
 * there is none).
 */
export function reactiveCompaction(
  summarize: (ctx: CompactionContext, head: readonly HistoryMessage[]) => Promise<string | undefined>,
  classifier: OpencodeClassifier,
): NonNullable<CompactionStrategy['onModelError']> {
  return async (ctx, error) => {
    // opencode reads no typed error: `parseAPICallError` matches the provider's text (and the 413
    // status) against its own list; anything else is an API error the turn ends on.
    if (!isOpencodeContextOverflow(error, classifier)) return undefined;
    const end = lastEventId(ctx);
    if (end === undefined) return undefined;
    const { head, replayed } = reactiveSplit(projectedHistory(ctx));
    const summary = await summarize(ctx, head);
    if (summary === undefined) return undefined;
    forgetStepTokens(ctx);
    const after = replayed ? [structuredClone(replayed)] : [userText(OVERFLOW_NOTE_TEXT)];
    return { append: [{ endEventId: end, contents: [...summaryContents(summary), ...after] }], retry: true };
  };
}

/** The classic summary call: the whole history + the prompt, no tools; undefined when it failed. */
async function summarize(ctx: CompactionContext, history: readonly HistoryMessage[]): Promise<string | undefined> {
  const outcome = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [...history.map((m) => structuredClone(m.content)), userText(OPENCODE_CLASSIC_PROMPT)],
  });
  if (outcome.ok) return outcome.text;
  ctx.warn?.(`opencode: ${outcome.reason === 'overflow' ? SESSION_TOO_LARGE : 'compaction failed'}`, {
    reason: outcome.reason,
  });
  return undefined;
}

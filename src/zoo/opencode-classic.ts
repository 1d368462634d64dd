/**
 * opencode, classic generation (anomalyco/opencode `packages/opencode/src/session/compaction.ts`
 * and `prompt.ts` @fd78ec63, both read at that commit in the public index on 2026-11-27;
 * docs/peer-strategies.md §2a).
 *
 * - Before each model call (X4, the top of the prompt loop) the last finished step's usage
 *   (`total || input + output + cache read + cache write`, X7) is compared with `usable =
 *   limit.input − reserved` (reserved = min(20,000, max output)) or, without an input limit,
 *   `W − max output`. Skipped when `auto` is false, W is 0, or the newest message is a summary.
 * - The summary: the ENTIRE history plus the compaction prompt (headings Goal / Instructions /
 *   Discoveries / Accomplished / Relevant files), no tools, no cap. It replaces the history as
 *   [marker (user), summary (assistant), "Continue if you have next steps…" (user)].
 * - Reactive path (X3): a provider overflow summarizes the history before the last real user
 *   message and replays that message after the summary as a user message of its own (or, when no
 *   user message precedes it, summarizes everything and adds a note), then retries; it runs even
 *   when `auto` is false (#30664). The path is the tail generation's (sst/opencode @31e22f65
 *   `processCompaction`), given to this generation too (see AUDIT). "Overflow" is opencode's own reading of
 *   the provider's error (`_shared/opencode-provider-error.ts`: its message patterns and the 413
 *   status), not the engine's typed check: a refusal in other words ends the turn (#50574), and
 *   any error in listed words is compacted for, whatever its cause (#49965).
 * - A summarizer failure (overflow included: "Session too large to compact") stops the run (X9).
 * - `prune()` after the loop (X2) clears old tool outputs (PRUNE_PROTECT 40,000, PRUNE_MINIMUM
 *   20,000), on by default in this generation unless `prune` is false.
 * Known bugs kept: #27924 (irreducible overhead: compaction before every call), #17340 (the
 * summarizer gets the whole over-window history), #8089/#6286 (schemas and late trigger), #30664.
 */
import type { CompactionContext, CompactionStrategy, Content, Part } from '../engine/types.ts';
import { userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import {
  CONTINUE_TEXT,
  forgetStepTokens,
  isUserMessage,
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
  checked: '2026-11-27',
  follows: [
    'packages/opencode/src/session/compaction.ts @fd78ec63 (re-read in full 2026-11-27): isOverflow (usable = input − reserved, else context − max output, no reserved), prune (on unless compaction.prune is false; PRUNE_PROTECT 40,000, PRUNE_MINIMUM 20,000, skill protected), process (every message + the template prompt, no tools; "Continue if you have next steps…" when auto; error → stop)',
    'packages/opencode/src/util/token.ts @0f7d18ad (Token.estimate)',
    'packages/opencode/src/session/prompt.ts @fd78ec63 (read at the pin 2026-11-27): loop — a pending compaction task runs process (stop on "stop"); then lastFinished && !summary && isOverflow(lastFinished.tokens) → create({auto: true}) and loop; a processor result "compact" → create({auto: true}); prune after the loop',
    'the reactive path as sst/opencode @31e22f65 compaction.ts processCompaction runs it (lines counted in the file the index stores at that commit): 357-373 the replay search and its hasContent guard, 685-712 the replay created as a new user message after the summary (here a record of its own), media as [Attached <mime>: <name>]',
    'packages/opencode/src/provider/error.ts @00badcb8 lines 9-26 (OVERFLOW_PATTERNS), 37-44 (isOverflow) and parseAPICallError (413, body code): the overflow classifier of the reactive path',
  ],
  leavesOut: [
    'the reactive path (replay of the last user message on a provider overflow) belongs to the later tail generation; at @fd78ec63 an overflow stopped the run (kept: only scenarios that refuse over-window requests reach it)',
    'one pinned commit for the classifier: @fd78ec63 has no reactive path, so no classifier is read there; the classic pattern list is error.ts @00badcb8 (the index holds no copy of error.ts at @fd78ec63, and the opencode mirror, 820 MB, was too large to fetch on 2026-11-26 to read it there)',
    'the synthetic "Continue…" message is a user message upstream (a turn start for prune); here it stays inside the summary record and is not counted',
    'prune counts only typed user turns (upstream counts every user-role message, the marker included)',
    "the classifier's response-body parsing (`message()` joining the body's message): the world's provider errors carry their text in `message` and no body",
    'processor.ts at @fd78ec63 is not in the index (stored, not at that commit): what makes the processor return "compact" there is not read at the pin. prompt.ts @fd78ec63 does turn that result into a plain compaction of the whole history (no replay, no overflow flag: compaction.ts @fd78ec63 process has neither), which this module does not model; it keeps the later replay path instead',
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
 * The reactive path's split (sst/opencode @31e22f65 `compaction.ts` `processCompaction` L357-373):
 * the history before the last user message (raw or itself a replay) is summarized and that message
 * replayed after the summary (the turn's work after it is hidden with the rest). When no user
 * message precedes it (`hasContent` false: the overflow came in the session's first request, or
 * right after an earlier compaction whose replay is the only request left) nothing is replayed and
 * everything is summarized.
 */
export function reactiveSplit(history: readonly HistoryMessage[]): {
  head: readonly HistoryMessage[];
  replayed: Content | undefined;
} {
  const replay = lastRealUserIndex(history);
  if (replay < 0) return { head: history, replayed: undefined };
  const head = history.slice(0, replay);
  if (!head.some(isUserMessage)) return { head: history, replayed: undefined };
  return { head, replayed: history[replay]!.content };
}

/**
 * The replayed request: a copy of the user's message with media turned into a text note
 * (`[Attached <mime>: <name>]`, `processCompaction` L699-711).
 */
export function replayCopy(content: Content): Content {
  const parts: Part[] = (content.parts ?? []).map((part) =>
    part.inlineData
      ? { text: `[Attached ${part.inlineData.mimeType ?? 'file'}: ${part.inlineData.displayName ?? 'file'}]` }
      : structuredClone(part),
  );
  return { role: 'user', parts };
}

/**
 * opencode's reactive path: on a provider error opencode reads as a context overflow, summarize
 * the history before the last user message and retry with that message replayed (or a note when
 * there is none to replay).
 *
 * Upstream replays the request as a NEW user message created after the summary (`processCompaction`
 * L685-712), so later compactions treat it as the user's message: the next reactive compaction
 * finds it, `turns` starts a turn at it, the summarizer reads it. A strategy adds contents only
 * through records, so the replay is a record of its own after the summary's record: the summary's
 * record hides the session up to the event before the last, the replay's record hides the last
 * event and holds only the copied request (`isReplayedMessage` recognizes it). A later compaction
 * whose head ends at the summary therefore leaves the replay in place.
 *
 * `honoursAutoOff`: from the current generation on, a context overflow with `compaction.auto`
 * false is an error the turn ends on (sst/opencode @31e22f65 `processor.ts` `halt`); before, the
 * overflow path compacted regardless (#30664).
 */
export function reactiveCompaction(
  summarize: (ctx: CompactionContext, head: readonly HistoryMessage[]) => Promise<string | undefined>,
  classifier: OpencodeClassifier,
  auto: { readonly enabled: boolean; readonly honoursAutoOff: boolean } = { enabled: true, honoursAutoOff: false },
): NonNullable<CompactionStrategy['onModelError']> {
  return async (ctx, error) => {
    // opencode reads no typed error: `parseAPICallError` matches the provider's text (and the 413
    // status) against its own list; anything else is an API error the turn ends on.
    if (!isOpencodeContextOverflow(error, classifier)) return undefined;
    if (auto.honoursAutoOff && !auto.enabled) return undefined;
    const events = ctx.events ?? [];
    const end = events[events.length - 1]?.id;
    if (end === undefined) return undefined;
    const { head, replayed } = reactiveSplit(projectedHistory(ctx));
    const summary = await summarize(ctx, head);
    if (summary === undefined) return undefined;
    forgetStepTokens(ctx);
    const beforeEnd = events[events.length - 2]?.id;
    if (!replayed || beforeEnd === undefined)
      return {
        append: [{ endEventId: end, contents: [...summaryContents(summary), userText(OVERFLOW_NOTE_TEXT)] }],
        retry: true,
      };
    return {
      append: [
        { endEventId: beforeEnd, contents: summaryContents(summary) },
        { startEventId: end, endEventId: end, contents: [replayCopy(replayed)] },
      ],
      retry: true,
    };
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

/**
 * `hardened`: ContextGuard's threshold design (calibrated counts, a summary over the immutable
 * events re-injected behind a watermark, the structured summary prompt, a mechanical fallback)
 * with every limitation the fuzzer found in it fixed. The faithful ports (threshold.ts,
 * sliding-window.ts) stay as they are; each fix below names the regression scenario it answers
 * (scenarios/regressions/, README "Known limitations").
 *
 * Every step: put the stored summary in place of the contents it covers, keep the user's request
 * in front of the model, and send as is while the calibrated count stays under the threshold
 * (window − ContextGuard's buffer). At the threshold, compact once:
 *
 * 1. Keep a recent tail verbatim (newest contents within a share of the room; never a function
 *    response without its call), and fold everything older into the summary.
 * 2. Summarize with the summarizer only when it pays: the old part is larger than the summary
 *    budget, the result is sure to be smaller than the request the host built, and fewer than
 *    `maxSummarizationsPerWindow` steps of the last `summarizationWindowSteps` called it already.
 *    Otherwise fold mechanically (no summarizer call). Fixes:
 *    - no summarization that cannot shrink the request, e.g. when it holds little more than the
 *      current user message (threshold-summarizing-the-user-message-grows-the-request.yaml,
 *      sliding-window-compaction-grows-a-small-request.yaml): no loop;
 *    - a bound on summarizations per window of steps, and a post-compaction size well under the
 *      threshold (threshold-cold-factor-premature-compaction.yaml): no thrash;
 *    - a threshold on tokens, never on the number of contents
 *      (sliding-window-counts-contents-not-tokens.yaml).
 * 3. The summarize request is measured as the provider counts it, prompt and previous summary
 *    included, against the summarizer's own window, and cut to fit (summarizer-request.ts:
 *    threshold-summarizer-input-counts-heuristic-tokens.yaml,
 *    sliding-window-summarizer-input-untruncated.yaml).
 * 4. The summary is held to its budget whatever the summarizer returns, and the fallback digest
 *    too, so neither an oversized reply nor a chain of fallbacks can grow without bound
 *    (threshold-oversized-summary-sticks.yaml, threshold-small-window-fallback-chain.yaml). A
 *    failed call falls back; the stored summary is never dropped
 *    (sliding-window-summarizer-failure-sends-raw-history.yaml).
 * 5. The watermark covers exactly what was summarized, found again by a fingerprint, and the tail
 *    kept verbatim is never covered, so the next re-injection drops nothing unsummarized
 *    (sliding-window-recent-tail-dropped-after-compaction.yaml, and the adk-go empty user message
 *    off-by-one: boundary.ts).
 * 6. The user's request is quoted on every step it is not in the request verbatim, not only on
 *    the compaction step, and found in the built request when the host hides the user content
 *    (threshold-continuation-lost-after-compaction.yaml; request-text.ts).
 * 7. When even that is over the room, long tool results, texts and attachments of the tail are
 *    cut, then the oldest tail contents dropped, the user's request always kept.
 * 8. When the system prompt and tools alone leave no room under the threshold, nothing is
 *    summarized at all (it could not help): the request is cut to fit the window; still over it,
 *    the summary gives way, then the user's message is sent as its text alone, attachments
 *    dropped (hardened-attachment-over-window.yaml).
 * 9. The ratio observed on one request (of one model) is not trusted for the next where it could
 *    matter: whenever some ratio up to the cap could reach the threshold, the host's count decides
 *    (hardened-model-switch-ratio-jump.yaml).
 * 10. What a summary is worst at keeping is not left to it (issue 29: goals forgotten after
 *    compaction, the artifact trail the weakest kind of every summarizer): the user's first message
 *    and every line the user added later, and the latest result line of each file a write-like tool
 *    touched, are carried forward verbatim in front of the summary, within half its budget
 *    (carried-ledger.ts, docs/contextguard.md §11).
 */
import { Buffer } from 'node:buffer';
import type { Content } from '@google/genai';
import { DEFAULT_HEURISTIC_CORRECTION_FACTOR, MIN_CORRECTION_FACTOR } from '../../constants.ts';
import { loadTodos } from '../../state/load-todos.ts';
import { loadLastHeuristic, loadRealTokens } from '../../state/state-helpers.ts';
import { buildFallbackSummary } from '../../summary/build-fallback-summary.ts';
import { continuationText, summaryContent } from '../../summary/summary-content.ts';
import { computeBuffer } from '../../tokens/compute-buffer.ts';
import { estimateContentTokens, estimateTokens } from '../../tokens/estimate-tokens.ts';
import type {
  CompactionContext,
  CompactionOutcome,
  CompactionStrategy,
  LlmRequest,
  OptionSpace,
  SummarizerModel,
} from '../../types.ts';
import { createSerializer } from '../serialize.ts';
import { readIntegerOptions } from '../strategy-options.ts';
import { coveredCount, fingerprint } from './boundary.ts';
import { foldIntoLedger, renderLedger } from './carried-ledger.ts';
import { clipContent, clipText, clipTextKeepingEnd } from './clip.ts';
import { loadMemory, saveMemory, type HardenedMemory } from './hardened-state.ts';
import { carriesText, currentRequestText } from './request-text.ts';
import { fittedSummarizeRequest } from './summarizer-request.ts';

export const STRATEGY_HARDENED = 'hardened';

/**
 * Heuristic tokens of one content, memoized by identity: a compaction sizes the same contents
 * many times over (every candidate request), and a host's contents are fresh objects every step,
 * so an entry never outlives what it describes.
 */
const contentSizes = new WeakMap<Content, number>();

function tokensOf(content: Content): number {
  let tokens = contentSizes.get(content);
  if (tokens === undefined) {
    tokens = estimateContentTokens([content]);
    contentSizes.set(content, tokens);
  }
  return tokens;
}

function contentsTokens(contents: readonly Content[]): number {
  let total = 0;
  for (let i = 0; i < contents.length; i += 1) total += tokensOf(contents[i]!);
  return total;
}

export interface HardenedStrategyOptions {
  /** Context window to plan for instead of the model's; 0 = the model's. */
  readonly maxTokens?: number;
  /** Steps that may call the summarizer within any `summarizationWindowSteps` consecutive steps (default 2). */
  readonly maxSummarizationsPerWindow?: number;
  /** The window of steps that bound applies to (default 5: ADK users' "3 in 5 steps is thrash"). */
  readonly summarizationWindowSteps?: number;
  /** Share of the room under the threshold the recent tail may keep verbatim after a compaction, in percent. */
  readonly keepRecentPercent?: number;
  /** Share of that room the summary may take, in percent (never more than ContextGuard's output budget). */
  readonly summaryPercent?: number;
}

/** Default share of the room under the threshold kept verbatim after a compaction, in percent. */
const DEFAULT_KEEP_RECENT_PERCENT = 5;
/** Default share of that room the summary may take, in percent. */
const DEFAULT_SUMMARY_PERCENT = 20;

/**
 * The options the fuzzer draws (`declarations.optionSpace`): the shares of the room under
 * the threshold the recent tail and the summary may take, from none to half. The thrash bound (2
 * summarizing steps in 5) is left out: it is the no-thrash property's own limit, and a looser one
 * breaks it by design; `maxTokens` is left out as threshold's is (option-spaces.ts).
 */
export const HARDENED_OPTION_SPACE: OptionSpace = Object.freeze({
  keepRecentPercent: Object.freeze({ min: 0, max: 50, default: DEFAULT_KEEP_RECENT_PERCENT }),
  summaryPercent: Object.freeze({ min: 1, max: 50, default: DEFAULT_SUMMARY_PERCENT }),
});

/** Share of the summary's budget the carried ledger may take (the summarizer gets the rest). */
const LEDGER_SHARE = 0.5;
/** A summarization must leave the request at most this share of what the host built. */
const SHRINK_REQUIRED = 0.9;
/** Below this many heuristic tokens of room under the threshold, summarizing cannot help. */
const MIN_ROOM = 64;
/** Heuristic tokens of the summary wrapper (prefix and suffix lines). */
const SUMMARY_WRAPPER = 20;
/** Margin on a calibrated estimate of a summarize request when the host has no exact count. */
const SUMMARIZER_COUNT_MARGIN = 1.25;
/** Per-part caps tried, largest first, when the tail must shrink. */
const TAIL_PART_CAPS = [4096, 1024, 256, 64, 16] as const;

export function hardenedStrategy(
  options?: HardenedStrategyOptions | Readonly<Record<string, unknown>>,
): CompactionStrategy {
  const read = readIntegerOptions(STRATEGY_HARDENED, options, {
    maxTokens: { min: 0, meaning: 'context window override in tokens, 0 = the model window' },
    maxSummarizationsPerWindow: { min: 1, meaning: 'summarizing steps allowed per window of steps' },
    summarizationWindowSteps: { min: 1, meaning: 'the window of steps the bound applies to' },
    keepRecentPercent: { min: 0, meaning: 'percent of the room under the threshold kept verbatim' },
    summaryPercent: { min: 1, meaning: 'percent of the room under the threshold for the summary' },
  });
  const shares = {
    keepRecent: Math.min(90, read.keepRecentPercent ?? DEFAULT_KEEP_RECENT_PERCENT) / 100,
    summary: Math.min(50, read.summaryPercent ?? DEFAULT_SUMMARY_PERCENT) / 100,
  };
  const maxTokens = read.maxTokens ?? 0;
  const perWindow = read.maxSummarizationsPerWindow ?? 2;
  const windowSteps = read.summarizationWindowSteps ?? 5;
  const serialize = createSerializer();

  async function compact(ctx: CompactionContext, request: LlmRequest): Promise<CompactionOutcome> {
    const memory = loadMemory(ctx);
    const step = memory.steps + 1;
    saveMemory(ctx, { steps: step });
    const window = maxTokens > 0 ? maxTokens : ctx.contextWindow;
    const threshold = window - computeBuffer(window);

    // The request as the host built it, read sparingly: a host may copy each content on first read
    // (ADK clones every event into every request; the simulator's array does it lazily), so the
    // part the summary covers is never read whole, only near its boundary.
    const built: readonly Content[] = request.contents;
    const requestText = currentRequestText(ctx.userContent, built);
    const head = headText(memory.carried, memory.summary);
    const covered = head === '' ? 0 : coveredCount(built, memory.covered, memory.boundary);
    const live = built.slice(covered);
    request.contents = arrange(head, live, requestText);
    const heuristic = estimateTokens(request);
    if (providerCount(ctx, request, heuristic, window, threshold) < threshold) return { requestTokens: heuristic };

    return serialize(() =>
      compactNow({
        ctx,
        request,
        memory,
        step,
        window,
        threshold,
        built,
        requestText,
        covered,
        live,
        perWindow,
        windowSteps,
        shares,
      }),
    );
  }

  return { name: STRATEGY_HARDENED, compact, declarations: { optionSpace: HARDENED_OPTION_SPACE } };
}

interface Compaction {
  readonly ctx: CompactionContext;
  readonly request: LlmRequest;
  readonly memory: HardenedMemory;
  readonly step: number;
  readonly window: number;
  readonly threshold: number;
  /** The request's contents as the host built them (every session event). */
  readonly built: readonly Content[];
  readonly requestText: string;
  /** How many of `built` the stored summary covers. */
  readonly covered: number;
  /** `built` past what the summary covers. */
  readonly live: readonly Content[];
  readonly perWindow: number;
  readonly windowSteps: number;
  readonly shares: { readonly keepRecent: number; readonly summary: number };
}

async function compactNow(c: Compaction): Promise<CompactionOutcome> {
  const { ctx, request, memory, step, live } = c;
  const factor = calibrationFactor(ctx, request);
  const overhead = estimateTokens({
    contents: [],
    ...(request.config === undefined ? {} : { config: request.config }),
  });
  // What the host built, without reading the covered part: its tokens were recorded when covered.
  // (When the boundary moved, the recorded figure describes other contents: those are sized again.)
  const coveredTokens =
    c.covered === memory.covered ? memory.coveredTokens : contentsTokens(c.built.slice(0, c.covered));
  const builtHeuristic = overhead + coveredTokens + contentsTokens(live);
  const heuristicOf = (contents: readonly Content[]): number => overhead + contentsTokens(contents);
  const underThreshold = Math.floor(c.threshold / factor) - overhead;
  // Fix 8: no room under the threshold at all: aim only at the window, and never summarize.
  const cramped = underThreshold < MIN_ROOM;
  const continuationTokens = c.requestText === '' ? 0 : Math.ceil(continuationText(c.requestText).length / 4) + 1;
  const room = cramped ? Math.floor(c.window / factor) - overhead : underThreshold;
  const summaryBudget = cramped
    ? Math.max(0, Math.floor(room * c.shares.summary))
    : Math.max(16, Math.min(Math.floor(room * c.shares.summary), Math.floor((computeBuffer(c.window) * 0.5) / factor)));
  const goal = cramped
    ? room
    : summaryBudget + SUMMARY_WRAPPER + continuationTokens + Math.floor(room * c.shares.keepRecent);

  // Fix 1 and 5: a verbatim tail within what is left; everything older is folded, when folding
  // makes the request smaller at all (folding only the user's message would not: it comes back
  // whole, quoted).
  const unfolded = heuristicOf(arrange(headText(memory.carried, memory.summary), live, c.requestText));
  let split = tailStart(live, Math.max(0, goal - summaryBudget - SUMMARY_WRAPPER - continuationTokens));
  const foldedAtMost = (at: number): number =>
    overhead +
    summaryBudget +
    SUMMARY_WRAPPER +
    (carriesText(live.slice(at), c.requestText) ? 0 : continuationTokens) +
    contentsTokens(live.slice(at));
  if (split > 0 && foldedAtMost(split) >= unfolded) split = 0;
  const old = live.slice(0, split);
  let tail: Content[] = live.slice(split);

  // Fix 10: the user's words and the files written are carried forward structurally, within a
  // share of the summary's budget, and the summarizer gets the rest (carried-ledger.ts).
  const ledger = foldIntoLedger(memory.ledger, old);
  const carried = renderLedger(ledger, Math.floor(summaryBudget * LEDGER_SHARE));
  const carriedTokens = carried === '' ? 0 : Math.ceil(Buffer.byteLength(carried) / 4) + 1;
  const summarizerBudget = Math.max(16, summaryBudget - carriedTokens);

  const recent = memory.summarizedAt.filter((at) => at > step - c.windowSteps);
  // What summarizing can save: the old contents but the user's message, which must come back anyway.
  const oldTokens = contentsTokens(
    old.filter((content) => !carriesText([content], c.requestText) || c.requestText === ''),
  );
  const summarizeNow =
    !cramped &&
    old.length > 0 &&
    oldTokens > summarizerBudget &&
    recent.length < c.perWindow &&
    foldedAtMost(split) <= Math.floor(builtHeuristic * SHRINK_REQUIRED);

  let summary: string;
  let called = false;
  if (summarizeNow) {
    const outcome = await summarizeOld(ctx, old, memory.summary, summarizerBudget, factor, c.window);
    called = outcome.called;
    summary = outcome.summary ?? foldMechanically(old, memory.summary, summarizerBudget);
  } else {
    summary =
      old.length === 0
        ? clipText(memory.summary, summarizerBudget)
        : foldMechanically(old, memory.summary, summarizerBudget);
  }
  // What goes in front of the request: the carried ledger, then the summary.
  const stored = summary;
  summary = headText(carried, summary);

  // Fix 7: cut the tail until the request is under the threshold (cramped: the window), the
  // user's request kept whole. Measured as the provider counts near the window (see `measured`).
  const count = (contents: Content[]): number =>
    measured(ctx, { ...request, contents }, heuristicOf(contents), factor, c.window);
  const limit = (cramped ? c.window : c.threshold) - 1;
  request.contents = arrange(summary, tail, c.requestText);
  for (const cap of TAIL_PART_CAPS) {
    if (count(request.contents) <= limit) break;
    tail = tail.map((content) => clipContent(content, cap, carriesText([content], c.requestText)));
    request.contents = arrange(summary, tail, c.requestText);
  }
  for (;;) {
    if (count(request.contents) <= limit) break;
    const shorter = withoutOldestUnit(tail, c.requestText);
    if (shorter === null) break;
    tail = shorter;
    request.contents = arrange(summary, tail, c.requestText);
  }

  // Still over the window (the user's request alone nearly fills it): the summary gives way, then
  // goes, and the request is sent as the user wrote it rather than quoted.
  let gaveWay = false;
  while (count(request.contents) > c.window && summary !== '') {
    gaveWay = true;
    const tokens = Math.floor(Buffer.byteLength(summary) / 4);
    summary = tokens <= 8 ? '' : clipText(summary, Math.floor(tokens / 2));
    request.contents = arrange(summary, tail, c.requestText);
  }
  // Each fallback below replaces the request only when the provider counts it smaller; the count
  // of what is sent is kept rather than asked for again (near the window it is the host's count).
  let sent = count(request.contents);
  const preferSmaller = (candidate: Content[]): void => {
    const tokens = count(candidate);
    if (tokens < sent) {
      request.contents = candidate;
      sent = tokens;
    }
  };
  if (sent > c.window) {
    // The user's own message instead of the quote, when it is the smaller (no attachments to carry).
    preferSmaller(arrange(summary, tail, c.requestText, messageCarrying(c.built, c.requestText)));
  }
  if (sent > c.window && c.requestText !== '') {
    // Last resort: the user's message as its text alone, its attachments dropped. An over-window
    // request is refused whole, so the text reaching the model beats nothing reaching it; this is
    // the smallest request that still carries the user's request (regressions/hardened-attachment-over-window).
    // Only the request's own text: not a marker left where an attachment was cut, nor other parts.
    const plainMessage: Content = { role: 'user', parts: [{ text: c.requestText }] };
    const plainTail = tail.map((content) =>
      content.role === 'user' && carriesText([content], c.requestText) ? plainMessage : content,
    );
    preferSmaller(arrange(summary, plainTail, c.requestText, plainMessage));
  }

  const coveredNow = c.covered + split;
  saveMemory(ctx, {
    // When the head had to give way, what was sent is what is kept (the ledger is rendered anew at
    // the next compaction); otherwise the summary and the carried text apart, so the summarizer is
    // never sent the carried text as a previous summary to compress again.
    summary: gaveWay ? summary : stored,
    carried: gaveWay ? '' : carried,
    ledger,
    covered: coveredNow,
    coveredTokens: coveredTokens + contentsTokens(old),
    boundary: coveredNow > 0 ? fingerprint(c.built[coveredNow - 1]) : '',
    summarizedAt: called ? [...recent, step] : recent,
  });
  return { requestTokens: heuristicOf(request.contents) };
}

/** The carried ledger and the summary, as one text in front of the request ('' when both are). */
function headText(carried: string, summary: string): string {
  if (carried === '') return summary;
  return summary === '' ? carried : `${carried}\n\n${summary}`;
}

/**
 * [summary?, continuation quoting the request when nothing else carries it, ...rest]. `bare`: the
 * user's own message instead of the continuation (59 tokens smaller: what fits when the message
 * alone nearly fills the window).
 */
function arrange(
  summary: string,
  rest: readonly Content[],
  requestText: string,
  bare: Content | null = null,
): Content[] {
  const head = summary === '' ? [] : [summaryContent(summary)];
  const carried = carriesText(head, requestText) || carriesText(rest, requestText);
  const continuation: Content[] = carried
    ? []
    : [bare ?? { role: 'user', parts: [{ text: continuationText(requestText) }] }];
  return [...head, ...continuation, ...rest];
}

/** The newest content of `contents` whose text is `text` (the user's message itself). */
function messageCarrying(contents: readonly Content[], text: string): Content | null {
  if (text === '') return null;
  for (let i = contents.length - 1; i >= 0; i -= 1) {
    const content = contents[i];
    if (content?.role === 'user' && (content.parts ?? []).some((part) => part?.text === text)) return content;
  }
  return null;
}

/**
 * Where the verbatim tail starts: the newest contents within `budget` heuristic tokens (possibly
 * none: the summary then carries everything, as ContextGuard's does), never starting on a function
 * response whose call would be left behind.
 */
function tailStart(contents: readonly Content[], budget: number): number {
  let start = contents.length;
  let used = 0;
  while (start > 0) {
    const cost = tokensOf(contents[start - 1]!);
    if (used + cost > budget) break;
    used += cost;
    start -= 1;
  }
  return pairAfter(contents, start);
}

/** The first index at or after `from` that does not hold a function response (whose call is before it). */
function pairAfter(contents: readonly Content[], from: number): number {
  let index = from;
  while (index < contents.length && isFunctionResponse(contents[index])) index += 1;
  return index;
}

/**
 * `tail` without its oldest unit (a message, or a call with the responses that answer it) that
 * does not carry the user's request; null when only that is left (it is never dropped: a quote of
 * it would cost as much).
 */
function withoutOldestUnit(tail: readonly Content[], requestText: string): Content[] | null {
  for (let start = 0; start < tail.length; ) {
    const end = Math.max(start + 1, pairAfter(tail, start + 1));
    const unit = tail.slice(start, end);
    if (requestText === '' || !carriesText(unit, requestText)) return [...tail.slice(0, start), ...tail.slice(end)];
    start = end;
  }
  return null;
}

function isFunctionResponse(content: Content | undefined): boolean {
  return content?.role === 'user' && (content.parts ?? []).some((part) => part?.functionResponse != null);
}

/**
 * Fix 4: the mechanical fold. The previous summary (its first half of the budget) and a digest of
 * the old contents (its most recent part), together within `budget`: a chain of fallbacks cannot
 * grow, where ContextGuard prepends every previous summary whole.
 */
function foldMechanically(old: readonly Content[], previous: string, budget: number): string {
  const digest = buildFallbackSummary(old, '');
  if (previous === '') return clipTextKeepingEnd(digest, budget);
  if (digest === '') return clipText(previous, budget);
  const kept = clipText(previous, Math.floor(budget / 2));
  const left = Math.max(1, budget - Math.ceil(Buffer.byteLength(kept) / 4) - 2);
  return `${kept}\n\n---\n\n${clipTextKeepingEnd(digest, left)}`;
}

/** Fixes 3 and 4: one summarizer call over a request that fits its window, the reply held to budget. */
async function summarizeOld(
  ctx: CompactionContext,
  old: readonly Content[],
  previous: string,
  budget: number,
  factor: number,
  window: number,
): Promise<{ readonly summary: string | null; readonly called: boolean }> {
  const summarizer: SummarizerModel = ctx.summarizer;
  const count =
    ctx.countTokens ??
    ((request: LlmRequest) =>
      Math.ceil(estimateTokens(request) * (calibrated(ctx) ? factor * SUMMARIZER_COUNT_MARGIN : MAX_OBSERVED_RATIO)));
  const request = fittedSummarizeRequest(
    {
      model: summarizer.name,
      window: summarizer.contextWindow ?? window,
      maxOutputTokens: Math.max(16, Math.floor(budget * factor)),
      count,
    },
    old,
    clipText(previous, budget),
    loadTodos(ctx),
  );
  if (request === null) return { summary: null, called: false };
  try {
    const response = await summarizer.generateContent(request);
    if (response?.errorCode) return { summary: null, called: true };
    let text = '';
    for (const part of response?.content?.parts ?? []) if (part && typeof part.text === 'string') text += part.text;
    return { summary: text === '' ? null : clipText(text, budget), called: true };
  } catch (error) {
    ctx.warn?.('hardened: summarization failed, folding mechanically', { agent: ctx.agentName, error: String(error) });
    return { summary: null, called: true };
  }
}

/** The cap on an observed real/heuristic ratio (ContextGuard's is 5, which real tokenizers exceed). */
const MAX_OBSERVED_RATIO = 16;

/** The last counted request's real/heuristic ratio, in [1, 16]. */
function observedRatio(ctx: CompactionContext): number {
  return Math.min(MAX_OBSERVED_RATIO, Math.max(MIN_CORRECTION_FACTOR, loadRealTokens(ctx) / loadLastHeuristic(ctx)));
}

/** Whether the host recorded a provider count and the estimate of the request it counted. */
function calibrated(ctx: CompactionContext): boolean {
  return loadRealTokens(ctx) > 0 && loadLastHeuristic(ctx) > 0;
}

/**
 * What the provider will count for `request`: ContextGuard's calibrated count once there is a
 * count to calibrate from; before that (no usage metadata yet, or none at all, or a first request
 * the host did not let strategies see) the host's own count when it has one (X11), else the cold
 * factor. ContextGuard keeps the cold factor until usage arrives, and overflows when the real
 * ratio is beyond it (README "Known limitations").
 */
function providerCount(
  ctx: CompactionContext,
  request: LlmRequest,
  heuristic: number,
  window: number,
  threshold: number,
): number {
  if (!calibrated(ctx))
    return ctx.countTokens ? ctx.countTokens(request) : Math.trunc(heuristic * DEFAULT_HEURISTIC_CORRECTION_FACTOR);
  // As ContextGuard's `tokenCount` (never less than the last real count), with the ratio capped at
  // 16 rather than 5: a provider counting 8 tokens where the heuristic sees 1 is still measured.
  const estimate = Math.max(loadRealTokens(ctx), Math.trunc(heuristic * observedRatio(ctx)));
  if (!ctx.countTokens) return estimate;
  // The observed ratio is one request's, of one model: after a model switch or a drift of the
  // provider's ratio (2 observed, 8 now) a request well under the threshold by it can overflow.
  // So the host's count decides whenever some ratio up to the cap could reach the threshold
  // (regressions/hardened-model-switch-ratio-jump), and from half the window on in any case.
  return estimate >= window * NEAR_WINDOW || heuristic * MAX_OBSERVED_RATIO >= threshold
    ? ctx.countTokens(request)
    : estimate;
}

/**
 * From half the window on, a calibrated estimate is checked with the host's count when it has
 * one: the ratio observed on the last request (a small compacted one, say) need not hold for a
 * request of other contents (a large tool result through a real tokenizer: 1.1 vs 1.7 seen).
 */
const NEAR_WINDOW = 0.5;

/** `request` as the provider will count it: the calibrated estimate, or the host's count near the window. */
function measured(
  ctx: CompactionContext,
  request: LlmRequest,
  heuristic: number,
  factor: number,
  window: number,
): number {
  const estimate = Math.trunc(heuristic * factor);
  return ctx.countTokens && estimate >= window * NEAR_WINDOW ? ctx.countTokens(request) : estimate;
}

/**
 * The real/heuristic ratio to size the compaction with: the last counted request's (in [1, 16]);
 * before any count, this request's as the host counts it, else the cold
 * factor. Used without the stale-count floor of `calibratedTokenCount`: after a compaction the
 * old count no longer describes the request.
 */
function calibrationFactor(ctx: CompactionContext, request: LlmRequest): number {
  const heuristic = estimateTokens(request);
  // The host's count of this very request, when it has one: no ratio is closer to the truth.
  const counted =
    ctx.countTokens && heuristic > 0 ? Math.max(MIN_CORRECTION_FACTOR, ctx.countTokens(request) / heuristic) : null;
  if (calibrated(ctx)) return counted === null ? observedRatio(ctx) : Math.max(observedRatio(ctx), counted);
  return counted ?? DEFAULT_HEURISTIC_CORRECTION_FACTOR;
}

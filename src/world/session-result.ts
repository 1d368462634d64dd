import type { FactState } from './facts/fact-types.ts';
import type { SessionRetention } from './facts/retention.ts';

/**
 * What the world measures. One `StepRecord` per LLM step (one adk `runOneStep`), then session
 * totals and checks. All numbers are deterministic functions of the scenario and strategy.
 */

export type SummarizerOutcome = 'ok' | 'error' | 'empty' | 'timeout' | 'overflow';

export interface SummarizerCallRecord {
  /** Heuristic tokens (ContextGuard estimator) of the summarizer request. */
  readonly inputTokens: number;
  /** What the provider would count for it (the phase's token model). */
  readonly inputRealTokens: number;
  /** The summarizer's own window (the call overflowed it when inputRealTokens > window); null = it has none. */
  readonly contextWindow: number | null;
  readonly maxOutputTokens: number | null;
  /** Heuristic tokens of the text it returned (0 on failure). */
  readonly outputTokens: number;
  readonly outcome: SummarizerOutcome;
  /**
   * Only when the caller supplied the summarizer model (`RunSessionOptions.summarizer`, e.g. a real
   * Gemini model), so its summaries can be judged: the text it wrote ('' for an empty answer), and
   * why there is no usable summary on a failed call. Absent for the simulated summarizer, whose
   * replies are reproducible from the seed.
   */
  readonly summary?: string;
  readonly failure?: string;
}

/**
 * What a step that called the summarizer did with the history (measure/compaction-coverage.ts),
 * in the reference ruler's real tokens: what `summary-growth` and `summarizer-input-budget` judge.
 * `replyCarriedTokens` and `quotedTokens` search the summary for quotes: the world works them out
 * when first read (from snapshots of what the step showed), since most verdicts never need them.
 */
export interface StepCompaction {
  /** Real tokens of what the strategy sent in place of history: every content that is not an untouched copy of a history content (the summary, a continuation, shortened contents). */
  readonly summaryTokens: number;
  /** Real tokens of the step's successful summarizer replies (each counted as one content). */
  readonly replyTokens: number;
  /**
   * Real tokens of the text of those replies the summary material carries verbatim (its lines, or
   * runs of them, found in a reply; one content): a strategy may send the reply whole or only the
   * part its budget allows, so what it sends of this step's reply is told apart from the rest.
   */
  readonly replyCarriedTokens: number;
  /** History contents this step stopped sending verbatim for the first time: the history its summary newly covers. */
  readonly newlyCovered: number;
  /** Their real tokens. */
  readonly newlyCoveredTokens: number;
  /** Real tokens of those of them whose text the strategy carried into what it sent (a quoted request, a shortened output). */
  readonly quotedTokens: number;
  /** Of them, the ones with text found in none of the step's summarizer requests (nor, shortened, in what it sent). */
  readonly leftOutOfSummarizer: number;
  /** Real tokens of the newest of those (0 when none). */
  readonly newestLeftOutTokens: number;
}

export interface StepRecord {
  /** 0-based LLM step number in the session. */
  readonly step: number;
  readonly turn: number;
  /** `user`, `tool-results`, `tool-chain-<k>`, `retry` (an adk-js retry of the same step). */
  readonly label: string;
  /** Logical clock at the start of the step. */
  readonly clock: number;
  readonly contextWindow: number;
  readonly contentsBefore: number;
  readonly contentsAfter: number;
  /** ContextGuard heuristic of the request before and after plugins/callbacks rewrote it. */
  readonly heuristicBefore: number;
  readonly heuristicAfter: number;
  /** Real tokens (token model) before and after: `realAfter` is what the model was sent. */
  readonly realBefore: number;
  readonly realAfter: number;
  /** The request sent to the model exceeded its window (realAfter > contextWindow). */
  readonly overflow: boolean;
  /** A callback answered instead of the model (short-circuit): nothing was sent. */
  readonly shortCircuited: boolean;
  readonly summarizerCalls: readonly SummarizerCallRecord[];
  /** The strategy re-used a stored summary without calling the summarizer (measure/summary-reuse.ts). */
  readonly reinjection: boolean;
  /** The strategy shrank the request without calling the summarizer and without a stored summary (history dropped or cut). */
  readonly trimmed: boolean;
  /**
   * The request got smaller as the provider counts it (the Go simulator's "compaction" count, whose
   * ratio model grows with the len/4 count: a strategy that moves text where len/4 does not look
   * shrinks that count without sending less).
   */
  readonly compacted: boolean;
  /** Leading contents of the previous sent request that are not unchanged at the same position now. */
  readonly cacheChurn: number;
  /**
   * Real tokens of the sent request from the first position that changed since the previous
   * request sent (everything on the first request, or when the system instruction or tools
   * changed): what a provider's prefix cache could not serve. 0 when nothing was sent.
   */
  readonly uncachedTokens: number;
  /**
   * Output tokens of the model's answer on this step (its texts and function calls, by the same
   * ruler); 0 when a callback answered instead. Absent in records not made by the world's recorder.
   */
  readonly outputTokens?: number;
  /** Function calls without a response / responses without a call in the sent request. */
  readonly orphanCalls: number;
  readonly orphanResponses: number;
  /** The latest user request is present verbatim or quoted in a continuation. */
  readonly userRequestPresent: boolean;
  /** Set on a step that called the summarizer: what the compaction did with the history. */
  readonly compaction?: StepCompaction;
  /** The count the strategy compared with its trigger on this step (`CompactionOutcome.triggerCount`), when it reported one. */
  readonly triggerCount?: number;
  /** The warnings the strategy reported on this step (`ctx.warn`: message, then its fields as JSON); absent when none. */
  readonly warnings?: readonly string[];
  /**
   * Issue 29: the state of every fact planted before this step, in the request sent (facts/fact-probe.ts);
   * absent when the scenario plants none yet, or nothing was sent.
   */
  readonly facts?: Readonly<Record<string, FactState>>;
  /**
   * Forgetting has a price: the model answered this step with a recovery call (a re-read, a re-run)
   * for the needed fact `fact`, its `attempt`-th for that need (from 1). Absent on every other step.
   */
  readonly recovery?: { readonly fact: string; readonly attempt: number };
}

export type SessionFailureKind =
  | 'strategy-threw'
  | 'strategy-hung'
  /** The strategy called process.exit (the harness's sandbox stops the call and names it so). */
  | 'strategy-exited'
  /** The session held more heap than the worker's limit (the harness's heap guard stops it and names it so). */
  | 'strategy-out-of-memory'
  /** The strategy left a request that is not valid contents (null, wrong shapes, unknown roles). */
  | 'invalid-request'
  | 'events-mutated'
  /** The strategy replaced a built-in the world measures with (`Buffer.byteLength`, `JSON.stringify`…): ruler/tampered-globals.ts. */
  | 'strategy-tampered'
  | 'world-error';

export interface SessionFailure {
  readonly kind: SessionFailureKind;
  readonly message: string;
  readonly step: number | null;
}

export interface SessionTotals {
  readonly turns: number;
  readonly llmSteps: number;
  /** Steps in which the summarizer was called at least once. */
  readonly summarizations: number;
  readonly summarizerCalls: number;
  /** Steps that re-used a stored summary without calling the summarizer. */
  readonly reinjections: number;
  /** Steps that shrank the request with no summary at all (dropped or cut history). */
  readonly trimmedSteps: number;
  /** Summarizer calls that failed (error, empty, timeout, overflow): the strategy had to fall back. */
  readonly fallbacks: number;
  readonly compactedSteps: number;
  readonly overflowSteps: number;
  readonly peakRealTokens: number;
  /** peakRealTokens as a percentage of the window of that step (one decimal). */
  readonly peakPercent: number;
  readonly summarizerInputTokens: number;
  readonly summarizerOverflows: number;
  /** Summarizations whose sent request was not smaller than the request before them. */
  readonly loops: number;
  /** Windows of `thrash.withinSteps` steps holding `thrash.count` or more summarizations. */
  readonly thrash: number;
  readonly orphanSteps: number;
  readonly missingUserRequestSteps: number;
  readonly cacheChurnTotal: number;
  /**
   * Warnings the strategy reported (`ctx.warn`) in the whole session, after the last step too.
   * Always set by `runSession` (optional only so hand-built fixtures stay valid).
   */
  readonly warnings?: number;
  /**
   * ContextGuard heuristic of the whole stored history at the end (every event's content, never
   * compacted): the Go simulator's `finalTokens`, a measure of input volume only. Always set by
   * `runSession` (optional only so hand-built fixtures stay valid).
   */
  readonly finalHistoryTokens?: number;
}

/**
 * How a user turn's last invocation ended, as the world saw it (never as the strategy declares):
 * - `model-response`: its last event is the final response of a model call the step loop made;
 * - `model-error`: its last event is the step loop's error event (the provider refused the
 *   request, or the turn reached `maxLlmCallsPerTurn`);
 * - `no-answer`: anything else: the invocation was ended before the model was called (a hook set
 *   `endInvocation`), a callback answered in the model's place, or it stopped right after a tool ran.
 */
export type TurnEnding = 'model-response' | 'model-error' | 'no-answer';

/** One played user turn: the model calls made for it (all its invocations, follow-ups included) and how it ended. */
export interface TurnAnswer {
  /** Session-wide 0-based turn index. */
  readonly turn: number;
  /** Invocations the turn took (1, plus the follow-ups a strategy re-queued). */
  readonly invocations: number;
  /** Requests that reached the model for this turn (the calls the step loop made, refused ones included). */
  readonly modelCalls: number;
  readonly ending: TurnEnding;
}

export interface SessionResult {
  readonly scenario: string;
  readonly seed: number;
  readonly totals: SessionTotals;
  readonly steps: readonly StepRecord[];
  /** Set when the session could not complete (the strategy threw, hung, or mutated events). */
  readonly failure: SessionFailure | null;
  /**
   * Hash of the full trace (events, requests, state): equal seeds give equal digests. Present
   * only when asked for (`runSession(…, { traceDigest: true })`).
   */
  readonly traceDigest?: string;
  /**
   * Summarizer calls made after the last step (a strategy's after-invocation hook, docs/peer-strategies.md X2);
   * counted in the totals. Absent when there were none.
   */
  readonly trailingSummarizerCalls?: readonly SummarizerCallRecord[];
  /** Warnings the strategy reported after the last step (absent when none). */
  readonly trailingWarnings?: readonly string[];
  /**
   * One entry per user turn played to its end, in order: whether the model answered it
   * (measure/turn-answers.ts). Always set by `runSession` (optional only so hand-built fixtures
   * and results from other hosts stay valid; `model-answers` cannot judge a result without it).
   */
  readonly turnAnswers?: readonly TurnAnswer[];
  /** Issue 29: what survived of the planted facts (absent when the scenario plants none). */
  readonly retention?: SessionRetention;
}

/**
 * The engine's public contract: the request a strategy rewrites, the context it is given, and the
 * strategy interface anyone can implement.
 *
 * Shapes mirror ADK: `LlmRequest` is adk-js 2.0.0's `{ model?, contents, config? }` (agents run
 * `beforeModelCallback({callbackContext, llmRequest})` over it), `LlmResponse` is the plain object
 * a `BaseLlm` yields. Content, Part and config types come from `@google/genai`.
 */
import type {
  Content,
  GenerateContentConfig,
  GenerateContentResponseUsageMetadata,
} from '@google/genai';
import type {
  AfterInvocationOutcome,
  AfterModelOutcome,
  CompactSessionOutcome,
  ModelErrorOutcome,
  ModelUsage,
  RequestOverhead,
  SessionEvent,
} from './hook-types.ts';

export type { Content, Part, GenerateContentConfig } from '@google/genai';

/** The request a before-model callback sees and may rewrite (adk-js `LlmRequest`, minus live/tool maps). */
export interface LlmRequest {
  model?: string;
  contents: Content[];
  config?: GenerateContentConfig;
}

/** One response of a model call (adk-js `LlmResponse`). Streaming chunks carry `partial: true`. */
export interface LlmResponse {
  content?: Content;
  usageMetadata?: GenerateContentResponseUsageMetadata;
  partial?: boolean;
  errorCode?: string;
  errorMessage?: string;
  finishReason?: string;
}

/**
 * The model a strategy summarizes with. One non-streaming call; a rejected promise is a failed
 * call (ContextGuard's `summarize` treats it as an error and falls back).
 */
export interface SummarizerModel {
  readonly name: string;
  /**
   * Optional (docs/peer-strategies.md X6): the summarizer's own context window in tokens, when the host knows it. A
   * strategy sizing its summarize request needs it: the summarizer may be a smaller model than the
   * agent's. Absent: assume the agent's window.
   */
  readonly contextWindow?: number | undefined;
  generateContent(request: LlmRequest): Promise<LlmResponse>;
}

/** Session state as a callback sees it (ADK `callbackContext.state`: get reads delta then state). */
export interface CompactionState {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** What a strategy is given on every before-model call. */
export interface CompactionContext {
  /** The agent whose request this is (ContextGuard keys all state by it). */
  readonly agentName: string;
  /** Session state with ADK's dual-write semantics. */
  readonly state: CompactionState;
  /** The invocation's user content (`callbackContext.userContent`); undefined when the host has none. */
  readonly userContent: Content | undefined;
  /** The model to summarize with. */
  readonly summarizer: SummarizerModel;
  /** The context window of the request's model, in tokens (registry lookup or explicit override). */
  readonly contextWindow: number;
  /**
   * Optional: where a strategy reports a recoverable problem it handled itself (upstream logs these
   * with `slog.Warn`, e.g. a failed summarizer call). `ContextGuard` supplies its `onWarning` when
   * the host does not set this.
   */
  readonly warn?: (message: string, fields?: Record<string, unknown>) => void;
  /**
   * Optional, set by hosts that run the docs/peer-strategies.md §B hooks (the world always does): the session's
   * events so far, read-only, compaction records included (X4).
   */
  readonly events?: readonly SessionEvent[];
  /** Optional: the id of the invocation this call belongs to (each user turn is one). */
  readonly invocationId?: string;
  /** Optional (X8): the system instruction's and tool declarations' tokens, as the provider counts them. */
  readonly requestOverhead?: RequestOverhead;
  /** Optional (X11): the provider's own count of a request (a `countTokens` call). */
  readonly countTokens?: (request: LlmRequest) => number;
}

/**
 * A compaction strategy: rewrites `request` in place (or leaves it alone) before it goes to the
 * model. It must never touch session events: the request is a fresh copy built for this step.
 */
export interface CompactionStrategy {
  readonly name: string;
  /** Rewrites `request` in place; may report what it measured along the way (`CompactionOutcome`). */
  compact(ctx: CompactionContext, request: LlmRequest): void | CompactionOutcome | Promise<void | CompactionOutcome>;
  /**
   * Optional (X1): sees every non-partial model response with its usage (X7; `usage.missing` when
   * the response carried none) and may end the invocation after this step.
   */
  afterModel?(ctx: CompactionContext, response: LlmResponse, usage: ModelUsage): void | AfterModelOutcome | Promise<void | AfterModelOutcome>;
  /**
   * Optional (X4): runs before the contents of every model request are built from the session's
   * events (where adk-js runs its context compactors) and may append compaction records, which the
   * contents of this request already reflect, or end the invocation before this model call.
   * `ctx.events` is the session so far.
   */
  compactSession?(ctx: CompactionContext): void | CompactSessionOutcome | Promise<void | CompactSessionOutcome>;
  /**
   * Optional (X2): runs once the invocation (the user's turn) has finished; may append compaction
   * records and ask for a follow-up invocation (X9).
   */
  afterInvocation?(ctx: CompactionContext): void | AfterInvocationOutcome | Promise<void | AfterInvocationOutcome>;
  /**
   * Optional (X3): the provider refused `request` (`isContextWindowExceeded(error)` for a window
   * overflow; nothing was billed and no usage reported). May append records and ask to run the step
   * again; the host bounds retries only by its own call limit, so a strategy bounds its own.
   */
  onModelError?(ctx: CompactionContext, error: unknown, request: LlmRequest): void | ModelErrorOutcome | Promise<void | ModelErrorOutcome>;
  /**
   * Optional: the trigger the strategy promises to keep, so the fuzzer can check it
   * (`declared-trigger`): no request sent at or over it passes without a compaction, and no
   * compaction fires well below it. Read by the harness only; the host never uses it.
   */
  readonly declaredTrigger?: DeclaredTrigger;
  /**
   * Optional: the trigger in the strategy's own count, which `compact` reports on every call as
   * `CompactionOutcome.triggerCount`: a call whose count is at or over `at(contextWindow)`
   * compacts (calls the summarizer or trims history), one below it does not, exactly. What a
   * trigger in real tokens cannot pin: a comparison off by one (`>` for `>=`) at the boundary.
   * Read by the harness only.
   */
  readonly ownTrigger?: OwnTrigger;
  /**
   * Optional: the count the strategy judges requests by, so the fuzzer can check it against the
   * provider's count per kind of content (`estimate-precision`): the system instruction, the tool
   * declarations, text and tool responses of each kind, inline data... Read by the harness only.
   */
  readonly declaredEstimate?: DeclaredEstimate;
  /**
   * Optional: how the strategy cuts the history it sends the summarizer, so the fuzzer can check
   * it (`summarizer-input-budget`): it drops contents only while they exceed its declared share
   * of the window in its own count, and never drops one it had room for. What no property of a
   * session can see: a budget counted in bytes where tokens were meant keeps a quarter of what
   * fits, and the summary silently loses the older history. Read by the harness only.
   */
  readonly declaredSummarizerInput?: DeclaredSummarizerInput;
  /**
   * Optional: the option values the fuzzer may build this strategy with, per option (plain data:
   * it travels from the worker that loads the strategy to the fuzzer). Each run draws its options
   * from it, shrinking towards the defaults, so a bug that only shows for non-default options is
   * reachable. Options the user fixes (`--strategy-options`) are never drawn. Read by the harness
   * only; the factory must accept every value declared here.
   */
  readonly optionSpace?: OptionSpace;
}

/** The options a fuzzer may draw, by option name (`CompactionStrategy.optionSpace`). */
export type OptionSpace = Readonly<Record<string, IntegerOptionRange>>;

/**
 * An integer option drawn from [min, max], both included. `default` is what the strategy does
 * with the option left out; shrinking moves a drawn value towards it, so a counterexample keeps
 * only the departures from the defaults that its failure needs.
 */
export interface IntegerOptionRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** A strategy's trigger in its own count (`CompactionStrategy.ownTrigger`). */
export interface OwnTrigger {
  /** The count, in the strategy's own unit, from which it compacts, for a model's window. */
  at(contextWindow: number): number;
  /** What the count counts, for messages ("calibrated tokens", "contents since the last compaction"). */
  readonly counts: string;
}

/** A strategy's declared estimator (`CompactionStrategy.declaredEstimate`). */
export interface DeclaredEstimate {
  /** The strategy's count of a request, before any calibration (ContextGuard: `estimateTokens`). */
  tokens(request: LlmRequest): number;
  /**
   * `real`: `tokens` counts the provider's tokens already. `calibrated`: the strategy scales its
   * count by what the provider reports for whole requests (ContextGuard's correction factor), so
   * only the count of one kind against another matters: the check first scales every count by
   * the provider's count of a plain English text over the strategy's.
   */
  readonly unit: 'real' | 'calibrated';
  /**
   * How far the count of one kind of content may fall below the provider's count of it, as a
   * share (0.1: at least 90 % of it). One number for every kind, or per kind: a probe's own name
   * (`system-instruction`, `tool-declarations`, `text:cjk`, `tool-response:json`, `function-call`,
   * `inline-data`, `server-tool-call`, `server-tool-response`), else its content kind (`cjk`, `emoji`, ...), else `default`.
   */
  readonly tolerance: number | EstimateTolerances;
  /**
   * Optional: the tolerance when the provider counts with a real tokenizer (BPE: the world's
   * `tiktoken` token models), whose count of code, JSON, CJK or emoji departs from any count of
   * bytes or characters. Absent: `tolerance` there too.
   */
  readonly tokenizerTolerance?: number | EstimateTolerances;
  /**
   * Optional: how far the count of one kind may rise above the provider's count of it, as a share
   * (0.1: at most 110 % of it), per kind as `tolerance` is. An estimator that overcounts a kind
   * compacts early on requests rich in it: summarizer calls spent and detail lost well below the
   * window, which a trigger declared in the strategy's own count cannot show. Absent: overcounts
   * are not judged.
   */
  readonly overcount?: number | EstimateTolerances;
  /** Optional: `overcount` when the provider counts with a real tokenizer. Absent: `overcount` there too. */
  readonly tokenizerOvercount?: number | EstimateTolerances;
}

/** How a strategy cuts its summarizer's input (`CompactionStrategy.declaredSummarizerInput`). */
export interface DeclaredSummarizerInput {
  /** The share of the model's window, in `tokens`, the input is cut to (ContextGuard: 0.8). */
  readonly share: number;
  /** The strategy's count of a list of contents, the unit of `share` (ContextGuard: `estimateContentTokens`). */
  tokens(contents: readonly Content[]): number;
  /**
   * What the strategy sends the summarizer of `contents` (oldest first) for a model window of
   * `contextWindow`: contents of that list (the same objects), the ones it drops left out.
   */
  trim(contents: readonly Content[], contextWindow: number): readonly Content[];
}

/** Per-kind tolerances of a `DeclaredEstimate` (shares); `default` for every kind not named. */
export interface EstimateTolerances {
  readonly default: number;
  readonly [kind: string]: number;
}

/** A strategy's declared trigger (`CompactionStrategy.declaredTrigger`). */
export interface DeclaredTrigger {
  /** The request size, in real tokens (as the provider counts them), from which it compacts, for a model's window. */
  tokens(contextWindow: number): number;
  /**
   * How far its own count may be off the provider's, as a share (0.1 = 10 %): a request may pass
   * uncompacted up to tokens × (1 + tolerance), and compaction may fire from tokens × (1 − tolerance).
   */
  readonly tolerance: number;
}

/** What `compact` may report back to `ContextGuard` (all optional). */
export interface CompactionOutcome {
  /**
   * `estimateTokens` of the request exactly as the strategy leaves it, when the strategy computed
   * it anyway. ContextGuard records the request's heuristic after every call (the calibration of
   * the next step divides the real count by it); with this it need not estimate the whole request
   * a second time. Leave it out when unsure: a wrong value skews the next step's calibration.
   */
  readonly requestTokens?: number;
  /**
   * The count the strategy compared with its trigger on this call, in its own unit (the threshold
   * strategy: its calibrated token count; the sliding window: the contents since its last
   * compaction). With `CompactionStrategy.ownTrigger`, the fuzzer checks that the call compacted
   * exactly when this count reached the trigger (`declared-trigger`).
   */
  readonly triggerCount?: number;
}

/** Builds a strategy from plain options (what scenario files and `--strategy` name). */
export type StrategyFactory = (options?: Record<string, unknown>) => CompactionStrategy;

/**
 * The engine's public contract: the request a strategy rewrites, the context it is given, and the
 * strategy interface anyone can implement.
 *
 * Shapes mirror ADK: `LlmRequest` is adk-js 2.0.0's `{ model?, contents, config? }` (agents run
 * `beforeModelCallback({callbackContext, llmRequest})` over it), `LlmResponse` is the plain object
 * a `BaseLlm` yields. Content, Part and config types come from `@google/genai`.
 */
import type { Content, GenerateContentConfig, GenerateContentResponseUsageMetadata } from '@google/genai';
import type {
  AfterInvocationOutcome,
  AfterModelOutcome,
  CompactSessionOutcome,
  ModelErrorOutcome,
  ModelUsage,
  RequestOverhead,
  SessionEvent,
} from './hook-types.ts';
import type { StrategyDeclarations } from './strategy-declarations.ts';

export type { Content, Part, GenerateContentConfig } from '@google/genai';
export type {
  DeclaredEstimate,
  DeclaredSummarizerInput,
  DeclaredTrigger,
  EstimateTolerances,
  IntegerOptionRange,
  OptionSpace,
  OwnCountKind,
  OwnTrigger,
  StrategyDeclarations,
} from './strategy-declarations.ts';

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
  afterModel?(
    ctx: CompactionContext,
    response: LlmResponse,
    usage: ModelUsage,
  ): void | AfterModelOutcome | Promise<void | AfterModelOutcome>;
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
  onModelError?(
    ctx: CompactionContext,
    error: unknown,
    request: LlmRequest,
  ): void | ModelErrorOutcome | Promise<void | ModelErrorOutcome>;
  /**
   * Optional: what the strategy declares about itself for the fuzzer's contract checks (its
   * trigger, its estimator, its summarizer cut, the options it may be built with). Read by the
   * harness only; the host never uses it (strategy-declarations.ts).
   */
  readonly declarations?: StrategyDeclarations;
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
   * compaction). With `StrategyDeclarations.ownTrigger`, the fuzzer checks that the call compacted
   * exactly when this count reached the trigger (`declared-trigger`).
   */
  readonly triggerCount?: number;
}

/** Builds a strategy from plain options (what scenario files and `--strategy` name). */
export type StrategyFactory = (options?: Record<string, unknown>) => CompactionStrategy;

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
}

/**
 * A compaction strategy: rewrites `request` in place (or leaves it alone) before it goes to the
 * model. It must never touch session events: the request is a fresh copy built for this step.
 */
export interface CompactionStrategy {
  readonly name: string;
  /** Rewrites `request` in place; may report what it measured along the way (`CompactionOutcome`). */
  compact(ctx: CompactionContext, request: LlmRequest): void | CompactionOutcome | Promise<void | CompactionOutcome>;
  /** Optional: sees every non-partial model response (ContextGuard persists real token usage here). */
  afterModel?(ctx: CompactionContext, response: LlmResponse): void | Promise<void>;
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
}

/** Builds a strategy from plain options (what scenario files and `--strategy` name). */
export type StrategyFactory = (options?: Record<string, unknown>) => CompactionStrategy;

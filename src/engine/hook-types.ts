/**
 * The optional hooks a strategy may add to `compact` (docs/peer-strategies.md §B), and the data they see and
 * return. Every hook is optional: a strategy without them runs exactly as before, and so does
 * every host that does not call them.
 *
 * Ids refer to docs/peer-strategies.md §B: X1 after-model with usage, X2 after-invocation, X3 provider overflow,
 * X4 compaction records appended as events, X7 usage breakdown, X8 request overhead, X9 follow-up
 * invocation, X11 the provider's own token count.
 */
import type { Content, GenerateContentResponseUsageMetadata } from '@google/genai';

/**
 * X7: what one model response cost, as the provider reported it. `promptTokens` is the whole
 * prompt (`input + cacheRead + cacheWrite`); providers that cache (Anthropic, OpenAI) report the
 * three parts apart, Gemini reports the prompt and the cached part.
 */
export interface ModelUsage {
  /** Prompt tokens neither read from nor written to a cache. */
  readonly inputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly outputTokens: number;
  /** `inputTokens + cacheReadTokens + cacheWriteTokens`. */
  readonly promptTokens: number;
  /** `promptTokens + outputTokens`. */
  readonly totalTokens: number;
  /** The response carried no usage at all (every count is then 0). */
  readonly missing: boolean;
}

/**
 * X8: what every request spends before its contents, in the provider's tokens: the system
 * instruction and the tool declarations (what a `countTokens` call on each would report).
 */
export interface RequestOverhead {
  readonly systemInstructionTokens: number;
  readonly toolDeclarationTokens: number;
}

/**
 * X4: a compaction appended to the session as an event (adk-python `EventActions.compaction`,
 * adk-js `CompactedEvent`, opencode's compaction part, pi's `CompactionEntry`, Crush's summary
 * pointer). Raw events are never changed: when contents are rebuilt, the events from
 * `startEventId` through `endEventId` (inclusive, in session order) are hidden and `contents`
 * stand in their place. A later record whose range covers an earlier one's replaces it (a rolling
 * summary starts at the first event).
 */
export interface CompactionRecord {
  /** First hidden event; absent = the session's first event. */
  readonly startEventId?: string;
  /** Last hidden event. */
  readonly endEventId: string;
  /** What the model sees instead, in order (a summary, a marker, a pruned copy; may be empty). */
  readonly contents: readonly Content[];
  /**
   * Usage to put on the record's event (adk-python puts the summarizer's usage on its compaction
   * event, which the next token count then reads).
   */
  readonly usageMetadata?: GenerateContentResponseUsageMetadata;
}

/** The fields of a session event a strategy may read (adk-js / adk-go `Event`, read-only). */
export interface SessionEvent {
  readonly id: string;
  readonly invocationId: string;
  readonly author: string | undefined;
  readonly timestamp: number;
  readonly content?: Content;
  readonly usageMetadata?: GenerateContentResponseUsageMetadata;
  readonly errorCode?: string;
  readonly partial?: boolean;
  readonly actions?: { readonly compaction?: CompactionRecord };
}

/** X1: what `afterModel` may ask of the step loop. */
export interface AfterModelOutcome {
  /**
   * End the invocation after this step: its tools still run, no further model call is made
   * (adk `invocationContext.endInvocation`; Crush's `StopWhen`).
   */
  readonly endInvocation?: boolean;
}

/** X4: what an event-level hook may append. */
export interface SessionCompactionOutcome {
  /** Compaction records to append as events, in order; contents are rebuilt over them. */
  readonly append?: readonly CompactionRecord[];
}

/** X4 (+ X9): what `compactSession` may do before a request's contents are built. */
export interface CompactSessionOutcome extends SessionCompactionOutcome {
  /**
   * X9: end the invocation now, before this model call (adk: a request processor setting
   * `endInvocation`; opencode stops when its summary fails, Gemini CLI when the request would overflow).
   */
  readonly endInvocation?: boolean;
}

/** X2 (+ X9): what `afterInvocation` may do. */
export interface AfterInvocationOutcome extends SessionCompactionOutcome {
  /**
   * X9: run one more invocation right away with this user message (Crush re-queues the
   * interrupted prompt); the scripted work of the interrupted turn continues in it.
   */
  readonly followUp?: Content;
}

/** X3: what `onModelError` may do after the provider refused a request. */
export interface ModelErrorOutcome extends SessionCompactionOutcome {
  /** Run the step again: contents are rebuilt (with the records appended) and `compact` runs again. */
  readonly retry?: boolean;
}

/**
 * What the world runs: a fully resolved, concrete scenario. The harness turns a scenario file
 * (YAML, with rules, ranges and defaults) into this; the fuzzer generates it; the world plays it.
 * Nothing here is optional or random any more: every size is a number, every rule is applied.
 */

import type { WorldFact } from './facts/fact-types.ts';

/** Kinds of generated text. Sizes are always exact UTF-8 byte counts. */
export type ContentKind =
  /** `"x"` repeated: the Go simulator's tool responses. */
  | 'x'
  /** The Go simulator's `longMessage(turn, size)` Kubernetes question (needs `turn`). */
  | 'go-long-message'
  /** The Go simulator's final model text `Turn %d analysis: <body>`; `size` is the body size (needs `turn`). */
  | 'go-analysis'
  /** The Go simulator's system prompt: "You are a helpful assistant. " repeated. */
  | 'go-system-prompt'
  /** English prose. */
  | 'prose'
  /** Pretty-printed JSON (what real tool results look like). */
  | 'json'
  /** Log lines with timestamps and levels. */
  | 'logs'
  /** Source code. */
  | 'code'
  /** Chinese/Japanese text (3 UTF-8 bytes per character). */
  | 'cjk'
  /** Emoji-heavy chat text (4 UTF-8 bytes per emoji). */
  | 'emoji';

export type TextSpec =
  /** A literal text, used verbatim. */
  | { readonly text: string }
  /**
   * Generated text of exactly `size` UTF-8 bytes (for `go-analysis`, `size` is the body size).
   * `source: 'corpus'`: a realistic kind is a seeded window over the kind's corpus
   * (content/corpus-text.ts; the scenario's `session.textSource`), not generated word by word.
   */
  | { readonly kind: ContentKind; readonly size: number; readonly turn?: number; readonly source?: 'corpus' };

/** What the provider really counts. */
export type TokenModelSpec =
  /** real = floor(heuristic(request) × ratio): the seeds' model. */
  | { readonly kind: 'ratio'; readonly ratio: number }
  /**
   * A real BPE tokenizer counting the rendered request; `scale` (absent: 1) multiplies its count,
   * floored, for a provider whose own tokenizer counts that much more (a calibrated replay).
   */
  | { readonly kind: 'tiktoken'; readonly encoding: 'o200k_base' | 'cl100k_base'; readonly scale?: number };

/** Settings that may change mid-session (a scenario's named phases). */
export interface PhaseSettings {
  readonly name: string;
  /** Model name the agent uses in this phase (keys the model registry). */
  readonly modelName: string;
  /** The model's real context window in this phase, in tokens. */
  readonly contextWindow: number;
  /** Whether model responses carry `usageMetadata.promptTokenCount`. */
  readonly usageMetadata: boolean;
  readonly tokenModel: TokenModelSpec;
  /** Number of partial streaming chunks before the final response (0 = no streaming). */
  readonly streamingChunks: number;
}

export interface ToolCallSpec {
  readonly name: string;
  /** The tool's result: the function response is `{ [responseKey]: <text> }`. */
  readonly response: TextSpec;
  readonly responseKey: string;
  /** Arguments the model passes (Go simulator: `{ param: "value" }`). */
  readonly args: Readonly<Record<string, unknown>>;
  /** Replay: the call id the log recorded (the model sends it; absent = the step loop assigns `adk-<uuid>`). */
  readonly id?: string;
  /** Replay: the function response the log recorded, played verbatim instead of `{ [responseKey]: response }`. */
  readonly recordedResponse?: Readonly<Record<string, unknown>>;
}

/** Replay: what a log recorded about one model request (its provider's counts, all in tokens). */
export interface RecordedUsage {
  /** Input tokens of the request, including cached ones. */
  readonly inputTokens: number;
  readonly outputTokens?: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
}

/**
 * Replay: one recorded model response that made function calls. `calls` consecutive entries of
 * the turn's `toolCalls` (in order) are this response's calls (a parallel group as recorded);
 * `text` is what the model said beside them ('' = nothing).
 */
export interface ReplayStep {
  readonly text: string;
  readonly calls: number;
}

/**
 * Replay (open loop): a turn played back as a log recorded it. The model's responses are
 * `steps` (each a group of calls), then the final `modelResponse` text, whatever the strategy kept.
 */
export interface ReplayTurn {
  readonly steps: readonly ReplayStep[];
  /** The recorded usage of each model request of the turn (steps, then the final text); null where the log has none. */
  readonly usage: readonly (RecordedUsage | null)[];
  /**
   * The recorded pause (ms) before each model request of the turn, aligned with `usage`: the
   * world's clock advances by it before the request (0: none). Absent when the log recorded no time.
   */
  readonly pauses?: readonly number[];
}

/** Replay: a tool declaration as the log recorded it (JSON Schema parameters). */
export interface RecordedToolDeclaration {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

export interface AttachmentSpec {
  readonly mimeType: string;
  /** Raw byte size (sent as base64 inline data, zero-filled like the Go simulator). */
  readonly size: number;
}

export interface WorldTurn {
  /** 0-based index in the whole session. */
  readonly index: number;
  /** Index into `WorldScenario.phases`. */
  readonly phase: number;
  readonly user: TextSpec;
  readonly attachments: readonly AttachmentSpec[];
  readonly toolCalls: readonly ToolCallSpec[];
  /** Sequential: one call per LLM step (a chain); otherwise all calls in one response (parallel). */
  readonly sequential: boolean;
  readonly modelResponse: TextSpec;
  /** Replay: the recorded grouping of this turn's calls into model responses (absent: scripted, `sequential` decides). */
  readonly replay?: ReplayTurn;
  /**
   * The scenario lets this turn end without a model answer on purpose (a strategy that stops the
   * turn by design): the `model-answers` property does not judge it. Absent = false.
   */
  readonly unanswered?: boolean;
}

export type SummarizerFaultKind =
  /** The call rejects with an error. */
  | 'error'
  /** The call succeeds with no text. */
  | 'empty'
  /** The call never answers within the summarizer's deadline (rejects with a timeout error). */
  | 'timeout'
  /** The reply ignores maxOutputTokens and is `exceedFactor` times larger. */
  | 'oversize';

export interface SummarizerFault {
  /** 1-based summarizer call numbers this fault applies to, or every call. */
  readonly calls: 'all' | readonly number[];
  readonly kind: SummarizerFaultKind;
}

/**
 * How the simulated summarizer keeps the planted facts it is sent (facts/retention-policy.ts):
 * faithful-extractive keeps all that fit its output budget; structured keeps what its prompt asks
 * for and half of the rest; lossy forgets even some of what it is asked for.
 */
export type RetentionProfile = 'extractive' | 'structured' | 'lossy';

export interface SummarizerSpec {
  /**
   * fixed: always `text` (the seeds' 120-byte summary);
   * honour: a summary that fills (but respects) the request's maxOutputTokens;
   * exceed: a summary `exceedFactor` times maxOutputTokens (a provider that does not enforce it).
   */
  readonly reply: 'fixed' | 'honour' | 'exceed';
  readonly text: string;
  readonly exceedFactor: number;
  /**
   * The summarizer's own context window, in tokens; larger input is rejected like a real provider
   * rejects it. null = the agent model's window in the current phase. 'none' = no window at all:
   * every request is answered, however large, as the Go simulator's mock summarizer does (it
   * ignores its input and always returns the fixed summary, docs/contextguard.md §10).
   */
  readonly contextWindow: number | null | 'none';
  readonly faults: readonly SummarizerFault[];
  /** Absent: 'structured' (the default, README "What survives a compaction"). Only text with planted facts is affected. */
  readonly retention?: RetentionProfile;
  /**
   * 'corpus': the prose of `honour` / `exceed` replies is a window over the prose corpus, as every
   * other text of a `session.textSource: corpus` session (content/corpus-text.ts). Absent: generated word by word.
   */
  readonly textSource?: 'corpus';
}

export interface ToolDeclarationsSpec {
  /** MCP-style declarations as the Go simulator's `makeMCPTools(count, schemaSize)` builds them. */
  readonly count: number;
  readonly schemaSize: number;
}

export type Flavour = 'adk-js' | 'adk-go';

export interface WorldScenario {
  readonly name: string;
  readonly seed: number;
  /** Which ADK port's step loop to mirror where they differ (default adk-js 2.0.0). */
  readonly flavour: Flavour;
  readonly agentName: string;
  readonly systemPrompt: TextSpec | null;
  readonly toolDeclarations: ToolDeclarationsSpec | null;
  /** adk-js adds a declaration for every tool the agent has; the Go simulator declares none. */
  readonly declareCalledTools: boolean;
  /** Whether the invocation's user content reaches callbacks (real ADK: yes; Go simulator: no). */
  readonly exposeUserContent: boolean;
  readonly summarizer: SummarizerSpec;
  readonly phases: readonly PhaseSettings[];
  readonly turns: readonly WorldTurn[];
  /** Thrash: `count` summarizations within `withinSteps` consecutive LLM steps. */
  readonly thrash: { readonly count: number; readonly withinSteps: number };
  /** Safety bound on LLM steps per turn (adk-js maxLlmCalls is 500 per invocation). */
  readonly maxLlmCallsPerTurn: number;
  /**
   * The provider refuses a request above the window with a context-overflow error instead of
   * answering it (docs/peer-strategies.md X3). Absent or false: it answers everything, as before (overflow is
   * still measured).
   */
  readonly refuseOverWindow?: boolean;
  /** The prompt-cache lifetime the session is priced with (absent: five minutes); pricing only. */
  readonly promptCacheLifetime?: '5m' | '1h';
  /**
   * The provider as it really is, when it differs from what the strategy is told (implies
   * refusing): `limit`, the tokens (by the provider's count) above which it refuses, may be below
   * the phase's window (an Ollama server whose `num_ctx` is smaller than the agent's configured
   * window; a gateway that refuses a "1M" model at 940k); absent = the phase's window.
   * `refusal`: its own status and text ({prompt} and {limit} filled in), thrown as a plain provider
   * error, not the engine's typed one; absent = the typed error with Gemini's text. `errors`:
   * calls that fail whatever their size (a transient 500), also plain errors. The verdicts
   * still judge overflow against the phase's window; a turn the provider refused below it is judged
   * by `model-answers` (world/measure/provider-refusal.ts).
   */
  readonly provider?: WorldProvider;
  /**
   * docs/peer-strategies.md X7: how the provider reports prompt caching in the usage a strategy sees. 'prefix': it
   * caches every prompt, so the prefix shared with the last answered request is a cache read and
   * the rest a cache write (Anthropic-style). Absent: no cache, all input. Events carry
   * `promptTokenCount` either way.
   */
  readonly promptCache?: 'prefix';
  /** Replay: the tool declarations the log recorded, sent verbatim on every request. */
  readonly recordedTools?: readonly RecordedToolDeclaration[];
  /**
   * Issue 29: facts planted in the session (user messages, tool results, final texts), probed on
   * every later request. Absent or empty: nothing is planted and every text is as generated.
   */
  readonly facts?: readonly WorldFact[];
}

/** `WorldScenario.provider`: the provider's real limit and the words of its refusal. */
export interface WorldProvider {
  readonly limit?: number;
  readonly refusal?: { readonly status: number; readonly message: string };
  /** Errors that are not about size: the 1-based model `call` of the session fails once with this status and text. */
  readonly errors?: readonly { readonly call: number; readonly status: number; readonly message: string }[];
}

/**
 * The fuzzer's intermediate values: what the arbitraries generate and shrink. A draft states
 * sizes relative to the window ("exactly the compaction threshold + 1 token") so the interesting
 * edges survive any window or ratio; `buildScenarioSpec` turns a draft into a plain `ScenarioSpec`
 * (the scenario-file model) with every size a number, so a counterexample is a scenario file.
 */
import type { ContentKind } from '../../../world/world-scenario.ts';

/** A size in bytes, absolute or anchored to the window (resolved by `resolveSize`). */
export type SizeDraft =
  /** A round absolute size (multiples of 100 shrink to 0). */
  | { readonly anchor: 'bytes'; readonly bytes: number }
  /** A percentage of the bytes that fill the window in real tokens (100 = exactly the window). */
  | { readonly anchor: 'window'; readonly percent: number }
  /** The compaction threshold `window − computeBuffer(window)` in heuristic tokens / ratio, ± tokens. */
  | { readonly anchor: 'threshold'; readonly tokens: number }
  /** What is left under the threshold after a compaction (summary + continuation + overhead), ± tokens. */
  | { readonly anchor: 'post-budget'; readonly tokens: number };

export type UserDraft =
  /** No text at all: adk-js and adk-go drop it from the request; adk-go then adds its synthetic continue content. */
  | { readonly form: 'empty' }
  | { readonly form: 'literal'; readonly text: string }
  | { readonly form: 'sized'; readonly size: SizeDraft; readonly kind: ContentKind | null }
  | { readonly form: 'long-message'; readonly size: SizeDraft };

export interface ToolDraft {
  readonly size: SizeDraft;
  /** null = the profile's default kind. */
  readonly kind: ContentKind | null;
  /** > 1: a burst of identical calls named `<name>_{k}`. */
  readonly repeat: number;
}

export interface AttachmentDraft {
  readonly mimeType: string;
  readonly size: SizeDraft;
}

export interface TurnDraft {
  readonly repeat: number;
  readonly user: UserDraft;
  readonly attachments: readonly AttachmentDraft[];
  readonly tools: readonly ToolDraft[];
  readonly sequential: boolean;
  /** null = the default model text (120 bytes). */
  readonly response: SizeDraft | null;
  /** Every `every`-th turn of the group carries these tools instead (Go `if i%n==0` bursts). */
  readonly burst: { readonly every: number; readonly tools: readonly ToolDraft[] } | null;
}

export type TokenModelDraft = { readonly ratio: number } | { readonly tokenizer: 'o200k_base' | 'cl100k_base' };

export type SummarizerFaultKind = 'error' | 'empty' | 'timeout' | 'oversize';

export interface SummarizerFaultDraft {
  readonly kind: SummarizerFaultKind;
  readonly calls: 'all' | readonly number[];
}

export interface SummarizerDraft {
  readonly reply: 'fixed' | 'honour' | 'exceed';
  readonly exceedFactor: number | null;
  /** The summarizer's own window as a percentage of the agent window (null = same window). */
  readonly windowPercent: number | null;
  readonly faults: readonly SummarizerFaultDraft[];
}

/** What changes when the session moves to its second phase. */
export interface PhaseSwitchDraft {
  /** Index of the first turn group of the second phase. */
  readonly atGroup: number;
  readonly tokenModel: TokenModelDraft | null;
  /** The new window as a percentage of the first one (a model switch). */
  readonly windowPercent: number | null;
  readonly streaming: number | null;
}

export type UsageDraft = 'on' | 'off' | 'late';

/** Facts to plant (issue 29); positions are percents of the session's sites of each kind (plant-facts.ts). */
export interface FactsDraft {
  /** A goal stated in the first user message. */
  readonly goal: boolean;
  /** Where each constraint is stated, among the user messages. */
  readonly constraints: readonly number[];
  /** Each artifact: where it is first written (among tool results) and how often it is written again later. */
  readonly artifacts: readonly { readonly at: number; readonly updates: number }[];
  /** A decision in a model answer, reversed in a later one or not. */
  readonly decision: { readonly at: number; readonly reversed: boolean } | null;
  /** An error in a tool result, fixed in the next model answer from then on. */
  readonly error: number | null;
  /** How many times the plan (next step) is stated, spread over the model answers. */
  readonly nextSteps: number;
}

export interface ScenarioDraft {
  readonly seed: number;
  readonly profile: 'adk' | 'go-compat';
  readonly flavour: 'adk-js' | 'adk-go';
  readonly contextWindow: number;
  readonly tokenModel: TokenModelDraft;
  readonly usage: UsageDraft;
  readonly streaming: number;
  readonly systemPrompt: SizeDraft | null;
  readonly toolDeclarations: { readonly count: number; readonly schemaSize: number } | null;
  readonly turns: readonly TurnDraft[];
  readonly phaseSwitch: PhaseSwitchDraft | null;
  readonly summarizer: SummarizerDraft;
  /**
   * Set: the first user message is resized so the session's first request lands exactly on the
   * compaction threshold as ContextGuard counts it before any real count arrives (heuristic × the
   * cold factor 2.5, truncated), ± this many heuristic tokens: where a trigger at `>` instead of
   * `>=` differs (`_internals/cold-threshold.ts`). Absent or null: as drawn.
   */
  readonly coldThreshold?: number | null;
  /**
   * Set: the second user message is resized so the second turn's first request lands exactly on
   * the threshold as ContextGuard counts it after the first real count (calibrated), ± this many
   * heuristic tokens (`_internals/warm-threshold.ts`; only where nothing else happens before it).
   * Absent or null: as drawn.
   */
  readonly warmThreshold?: number | null;
  /** Facts planted in the session (absent or null: none). */
  readonly facts?: FactsDraft | null;
}

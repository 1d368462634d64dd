/**
 * The two profiles' defaults. go-compat reproduces the Go simulator's conventions
 * (`compaction_strategy_multiturn_test.go`, docs/contextguard.md §10); adk mirrors a real ADK agent (adk-js
 * 2.0.0: user content reaches callbacks, every tool the agent has is declared, the summarizer is a
 * real model with a window of its own).
 */
import { GO_FIXED_SUMMARY } from '../../world/go-compat/go-scenario.ts';
import type { ContentKind, SummarizerSpec, TextSpec } from '../../world/world-scenario.ts';

/** The Go simulator's mockLLM reply: exactly 120 bytes, whatever it is asked (the world's constant). */
export const GO_SUMMARY_TEXT = GO_FIXED_SUMMARY;

/** Go `responseSize` 0 means 120 chars; we use the same default for both profiles. */
export const DEFAULT_MODEL_RESPONSE_SIZE = 120;

export type ProfileName = 'go-compat' | 'adk';

export interface ProfileDefaults {
  readonly agentName: string;
  readonly exposeUserContent: boolean;
  readonly declareCalledTools: boolean;
  /** Kind of a tool response given only a size. */
  readonly toolResponseKind: ContentKind;
  readonly toolResponseKey: string;
  readonly toolArgs: Readonly<Record<string, unknown>>;
  /** Kind of a system prompt given as a number. */
  readonly systemPromptKind: ContentKind;
  /** The model's final text given as a number (or defaulted) at phase turn `i`. */
  modelText(size: number, i: number): TextSpec;
  /** Kind of user/response text given as { size } without a kind. */
  readonly textKind: ContentKind;
  /** The summarizer's window when the file sets none (world `SummarizerSpec.contextWindow`). */
  readonly summarizerWindow: SummarizerSpec['contextWindow'];
}

const goCompat: ProfileDefaults = {
  agentName: 'test-agent',
  // The Go mock callback context's UserContent() is nil, and the simulator declares no tools.
  exposeUserContent: false,
  declareCalledTools: false,
  toolResponseKind: 'x',
  toolResponseKey: 'result',
  toolArgs: { param: 'value' },
  systemPromptKind: 'go-system-prompt',
  modelText: (size, i) => ({ kind: 'go-analysis', size, turn: i }),
  textKind: 'prose',
  // The Go simulator's mockLLM ignores its input and always answers: the summarizer never fails,
  // so the engine's fallback never runs (docs/contextguard.md §10).
  summarizerWindow: 'none',
};

const adk: ProfileDefaults = {
  agentName: 'assistant',
  // adk-js passes the invocation's user content to callbacks and declares every agent tool.
  exposeUserContent: true,
  declareCalledTools: true,
  toolResponseKind: 'json',
  // adk-js wraps a non-object tool result as { result: value } (agents/functions.js).
  toolResponseKey: 'result',
  toolArgs: {},
  systemPromptKind: 'prose',
  modelText: (size) => ({ kind: 'prose', size }),
  textKind: 'prose',
  // A real summarizer is a model with a window: the agent model's, unless the file sets another.
  summarizerWindow: null,
};

export function profileDefaults(profile: ProfileName): ProfileDefaults {
  return profile === 'go-compat' ? goCompat : adk;
}

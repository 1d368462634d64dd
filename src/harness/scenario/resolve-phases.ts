/**
 * The session's phases: `turns:` is one phase named "main"; `phases:` are named phases whose
 * settings override the session's. A phase's window is its own `contextWindow`, else the
 * registry's window for its model when the model is a well-known ID, else the session's window
 * (same model only); an unknown model without a window is an error, never a guess.
 */
import type { PhaseSettings, TokenModelSpec } from '../../world/world-scenario.ts';
import { knownContextWindow } from './known-context-window.ts';
import { issue, type ScenarioIssue } from './scenario-error.ts';
import type { PhaseSpec, ScenarioSpec, TokenModelInput, TurnGroupSpec } from './scenario-schema.ts';

export const DEFAULT_MODEL = 'sim-model';
/** The seeds' token model: real = heuristic × 2.0. */
export const DEFAULT_TOKEN_RATIO = 2.0;

export interface ResolvedPhases {
  readonly phases: readonly PhaseSettings[];
  readonly turnGroups: readonly (readonly TurnGroupSpec[])[];
  readonly issues: readonly ScenarioIssue[];
}

function tokenModelOf(input: TokenModelInput | undefined): TokenModelSpec {
  if (input?.tokenizer !== undefined)
    return {
      kind: 'tiktoken',
      encoding: input.tokenizer,
      ...(input.scale === undefined || input.scale === 1 ? {} : { scale: input.scale }),
    };
  return { kind: 'ratio', ratio: input?.ratio ?? DEFAULT_TOKEN_RATIO };
}

function windowOf(spec: ScenarioSpec, phase: PhaseSpec | null, index: number, issues: ScenarioIssue[]): number {
  const session = spec.session ?? {};
  const model = phase?.model ?? session.model ?? DEFAULT_MODEL;
  const sameModel = phase?.model === undefined || phase.model === (session.model ?? DEFAULT_MODEL);
  const ownWindow = phase?.contextWindow ?? (sameModel ? session.contextWindow : undefined);
  const window = ownWindow ?? knownContextWindow(model);
  if (window !== null) return window;
  const path = sameModel ? ['session', 'contextWindow'] : ['phases', index, 'contextWindow'];
  issues.push(
    issue(
      path,
      `missing contextWindow: '${model}' is not a well-known model ID, so its window is unknown; set contextWindow (tokens)`,
    ),
  );
  return 0;
}

function settingsOf(
  spec: ScenarioSpec,
  phase: PhaseSpec | null,
  index: number,
  issues: ScenarioIssue[],
): PhaseSettings {
  const session = spec.session ?? {};
  return {
    name: phase?.name ?? 'main',
    modelName: phase?.model ?? session.model ?? DEFAULT_MODEL,
    contextWindow: windowOf(spec, phase, index, issues),
    usageMetadata: phase?.usageMetadata ?? session.usageMetadata ?? true,
    tokenModel: tokenModelOf(phase?.tokenModel ?? session.tokenModel),
    streamingChunks: phase?.streaming ?? session.streaming ?? 0,
  };
}

export function resolvePhases(spec: ScenarioSpec): ResolvedPhases {
  const issues: ScenarioIssue[] = [];
  if (spec.phases !== undefined) {
    return {
      phases: spec.phases.map((phase, index) => settingsOf(spec, phase, index, issues)),
      turnGroups: spec.phases.map((phase) => phase.turns),
      issues,
    };
  }
  return { phases: [settingsOf(spec, null, 0, issues)], turnGroups: [spec.turns ?? []], issues };
}

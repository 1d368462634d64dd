/**
 * The request floor of a scenario (`RequestFloor`), in real tokens, measured exactly as the world
 * measures a request: the world's own pieces (the system instruction from its `system-prompt`
 * stream, the declarations of the agent's tools, each turn's user message from `ModelScript`),
 * the world's ruler (its `len/4` count, never the engine's), and the phase's token model (`createTokenModel`: ratio or BPE).
 *
 * - overhead = real tokens of `{ contents: [], config: { systemInstruction, tools } }`;
 * - carrying request = real tokens of `{ contents: [{ role: 'user', parts: [{ text }] }], config }`
 *   with the text of the turn's user message (the world's `userRequestPresent` looks for exactly
 *   that text), counted as one request: no sum of separately rounded counts.
 *
 * BPE token models load asynchronously: `prepareRequestFloor(scenario)` must run before
 * `requestFloorOf` on a scenario with a tokenizer phase (the fuzzer does it before judging).
 */
import type { LlmRequest } from '../../engine/types.ts';
import { ModelScript } from '../../world/models/model-script.ts';
import { createTokenModel, ratioTokenModel, type TokenModel } from '../../world/models/token-models.ts';
import { requestPreamble } from '../../world/request-preamble.ts';
import { requestQuarterTokens } from '../../world/ruler/quarter-byte-count.ts';
import type { TokenModelSpec, WorldScenario } from '../../world/world-scenario.ts';
import type { RequestFloor } from './request-floor.ts';

const floors = new WeakMap<WorldScenario, RequestFloor>();
const bpeModels = new Map<string, TokenModel>();

/** Loads the BPE token models the scenario's phases use (ratio models need nothing). */
export async function prepareRequestFloor(scenario: WorldScenario): Promise<void> {
  for (const phase of scenario.phases) {
    const spec = phase.tokenModel;
    if (spec.kind === 'tiktoken' && !bpeModels.has(bpeKey(spec)))
      bpeModels.set(bpeKey(spec), await createTokenModel(spec));
  }
}

export function requestFloorOf(scenario: WorldScenario): RequestFloor {
  let floor = floors.get(scenario);
  if (floor === undefined) {
    floor = measureFloor(scenario);
    floors.set(scenario, floor);
  }
  return floor;
}

function measureFloor(scenario: WorldScenario): RequestFloor {
  // Planted facts are part of the user's message, as the world sends it.
  const script = new ModelScript(scenario.seed, scenario.facts ?? []);
  const overheadRequest = requestPreamble(scenario, script);
  const overheadHeuristic = requestQuarterTokens(overheadRequest);
  const modelOf = (turn: number): TokenModel =>
    loadedTokenModel(scenario.phases[scenario.turns[turn]?.phase ?? 0]!.tokenModel);
  const overhead = new Map<number, number>();
  const carrying = new Map<number, number>();
  const overheadOf = (turn: number): number => {
    const phase = scenario.turns[turn]?.phase ?? 0;
    if (!overhead.has(phase)) overhead.set(phase, modelOf(turn).countRequest(overheadRequest, overheadHeuristic));
    return overhead.get(phase)!;
  };
  return {
    overheadRealTokens: overheadOf,
    carryingRequestRealTokens(turn) {
      const worldTurn = scenario.turns[turn];
      const text = worldTurn === undefined ? '' : (script.userMessage(worldTurn).parts?.[0]?.text ?? '');
      if (text === '') return overheadOf(turn);
      if (!carrying.has(turn)) {
        const request: LlmRequest = { ...overheadRequest, contents: [{ role: 'user', parts: [{ text }] }] };
        carrying.set(turn, modelOf(turn).countRequest(request, requestQuarterTokens(request)));
      }
      return carrying.get(turn)!;
    },
  };
}

/** The token model of `spec`, loaded by `prepareRequestFloor` for a BPE one (other checkers count with it too). */
export function loadedTokenModel(spec: TokenModelSpec): TokenModel {
  if (spec.kind === 'ratio') return ratioTokenModel(spec.ratio);
  const model = bpeModels.get(bpeKey(spec));
  if (model === undefined)
    throw new Error(`request floor: call prepareRequestFloor first (token model ${bpeKey(spec)} not loaded)`);
  return model;
}

/** A scaled tokenizer (a calibrated replay) is its own model. */
function bpeKey(spec: Extract<TokenModelSpec, { kind: 'tiktoken' }>): string {
  return spec.scale === undefined || spec.scale === 1 ? spec.encoding : `${spec.encoding}×${spec.scale}`;
}

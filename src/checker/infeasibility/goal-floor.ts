/**
 * The smallest request that carries the turn's user message AND the session's goal and
 * constraints planted so far (their statements, the shortest form a summary could quote them in),
 * in real tokens, measured as `measure-floor.ts` measures the carrying request: one whole request
 * with the world's system instruction and declarations, counted by the phase's token model over the
 * world's ruler (never the engine's estimator: the checker shares no code with what it judges). When
 * even that exceeds the window, no strategy could have kept the goal there (`goal-over-window`).
 */
import type { LlmRequest } from '../../engine/types.ts';
import { factStatement, type FactValue } from '../../world/facts/fact-types.ts';
import { ModelScript } from '../../world/models/model-script.ts';
import { requestPreamble } from '../../world/request-preamble.ts';
import { requestQuarterTokens } from '../../world/ruler/quarter-byte-count.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import { loadedTokenModel } from './measure-floor.ts';

export function goalFloorRealTokens(scenario: WorldScenario, turn: number, values: readonly FactValue[]): number {
  const script = new ModelScript(scenario.seed, scenario.facts ?? []);
  const worldTurn = scenario.turns[turn];
  const user = worldTurn === undefined ? '' : (script.userMessage(worldTurn).parts?.[0]?.text ?? '');
  // The user's message already holds the values planted in it; the others must be quoted.
  const quoted = values.filter((value) => !user.includes(value.marker)).map(factStatement);
  const text = [user, ...quoted].filter((part) => part !== '').join('\n');
  const request: LlmRequest = {
    ...requestPreamble(scenario, script),
    contents: text === '' ? [] : [{ role: 'user', parts: [{ text }] }],
  };
  const phase = scenario.phases[worldTurn?.phase ?? 0]!;
  return loadedTokenModel(phase.tokenModel).countRequest(request, requestQuarterTokens(request));
}

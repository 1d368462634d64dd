/**
 * The cold-threshold anchor made exact: the bytes of the first user message that put the session's
 * first request on ContextGuard's threshold as it counts before any real count arrives
 * (trunc(heuristic × 2.5), docs/contextguard.md §6), ± heuristic tokens. The rest of that request (the
 * system prompt, the MCP declarations and, in the adk profile, a declaration per called tool, as
 * adk-js sends them; the first turn's attachments) is measured on the resolved scenario exactly as the world builds it, so the
 * count lands on the threshold whatever the draft's tools are. Counted by the world's ruler and the
 * checker's ContextGuard count (docs/contextguard.md §2, §6), not the engine's estimator: an estimator
 * that moves its count does not move the boundary with it (exactly when the threshold is a
 * multiple of 5, or 2 more: every notable window's is), unless the cost budget scales the session
 * down (build-scenario-spec.ts builds the draft again with that message, within the budget).
 */
import { CONTEXTGUARD_COLD_FACTOR, contextGuardThreshold } from '../../../checker/properties/reference-own-count.ts';
import type { LlmRequest } from '../../../engine/types.ts';
import { resolveScenario } from '../../../harness/scenario/resolve-scenario.ts';
import type { ScenarioSpec } from '../../../harness/scenario/scenario-schema.ts';
import { ModelScript } from '../../../world/models/model-script.ts';
import { requestPreamble } from '../../../world/request-preamble.ts';
import { requestQuarterTokens } from '../../../world/ruler/quarter-byte-count.ts';

/**
 * The bytes of a first user message that put `spec`'s first request on the cold threshold
 * (± `tokens`); null when the rest of that request alone reaches it (no message lands on it).
 */
export function coldThresholdUserBytes(spec: ScenarioSpec, tokens: number): number | null {
  const world = resolveScenario(spec, { file: 'fuzz-case.yaml', baseDir: '.' }).world;
  const script = new ModelScript(world.seed);
  // The first turn's attachments ride in the same user content as the text being sized.
  const firstTurn = world.turns[0];
  const attachments =
    firstTurn === undefined
      ? []
      : (script.userMessage(firstTurn).parts ?? []).filter((part) => part.text === undefined);
  const request: LlmRequest = {
    ...requestPreamble(world, script),
    contents: attachments.length === 0 ? [] : [{ role: 'user', parts: attachments }],
  };
  const window = world.phases[0]!.contextWindow;
  const heuristic =
    Math.ceil(contextGuardThreshold(window) / CONTEXTGUARD_COLD_FACTOR) - requestQuarterTokens(request) + tokens;
  return heuristic <= 0 ? null : heuristic * 4;
}

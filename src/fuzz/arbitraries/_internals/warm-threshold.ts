/**
 * The threshold anchor after calibration: the bytes of the second user message that put the first
 * request of the second turn exactly on ContextGuard's threshold as it counts it once the provider
 * has reported a real count (max(real, trunc(heuristic × real / last heuristic)), the factor
 * clamped to [1, 5]: docs/contextguard.md §6), ± heuristic tokens. Where the cold anchor
 * (cold-threshold.ts) pins the count before any real count, this one pins the calibrated count, so
 * a comparison off by one after calibration, or a factor computed a token off, shows.
 *
 * Computed without playing the session, as the world builds it, by the world's ruler and the
 * checker's ContextGuard count (docs/contextguard.md §6), never the engine's estimator: the first request (the preamble
 * and the first user message), its real count (the phase's ratio token model, the usage the model
 * reports) and its heuristic (what ContextGuard records as the last heuristic); the second request
 * adds the model's first answer and the second user message, whose heuristic grows by exactly one
 * token per 4 bytes. So the anchored first turn is one plain step: its tool calls and burst rules
 * are dropped (the rest of its group keeps them). It applies where usage is reported from the first
 * step under a ratio token model in the first phase, that first step does not compact, and the
 * first user message is not empty and the second is sized or literal and not empty (test/fuzz/warm-threshold.test.ts plays
 * anchored sessions and checks the landing).
 */
import type { Content } from '@google/genai';
import {
  CONTEXTGUARD_COLD_FACTOR,
  contextGuardCalibrated,
  contextGuardThreshold,
} from '../../../checker/properties/reference-own-count.ts';
import type { LlmRequest } from '../../../engine/types.ts';
import { resolveScenario } from '../../../harness/scenario/resolve-scenario.ts';
import type { ScenarioSpec, TurnGroupSpec, UserMessageSpec } from '../../../harness/scenario/scenario-schema.ts';
import { ModelScript } from '../../../world/models/model-script.ts';
import { requestPreamble } from '../../../world/request-preamble.ts';
import { requestQuarterTokens } from '../../../world/ruler/quarter-byte-count.ts';

/** The anchored spec and the calibrated count its second turn's first request lands on; null when the anchor does not apply. */
export interface WarmAnchor {
  readonly spec: ScenarioSpec;
  /** ContextGuard's calibrated count of the second turn's first request. */
  readonly count: number;
  readonly threshold: number;
}

/** `spec` with its second user message sized so the second turn's first request counts threshold ± `tokens` (heuristic); null when it does not apply. */
export function warmThresholdSpec(spec: ScenarioSpec, tokens: number): WarmAnchor | null {
  const firstPhase = spec.phases?.[0];
  const groups = spec.turns ?? firstPhase?.turns;
  if (groups === undefined) return null;
  const turns = splitSecondTurn(groups);
  if (turns === null) return null;
  const [drawnFirst, second] = turns;
  const { tools: _tools, rules: _rules, sequential: _sequential, ...first } = drawnFirst;
  // An empty message is a feature of its own (adk-js drops it, adk-go adds a synthetic one): not here.
  if (userBytes(first.user) === 0) return null;
  const secondBytes = userBytes(second.user);
  if (secondBytes === null || secondBytes === 0) return null;
  const sized = (bytes: number): ScenarioSpec => {
    const anchored = [first, { ...second, user: sizedUser(second.user, bytes) }, ...turns.slice(2)];
    return spec.turns !== undefined
      ? { ...spec, turns: anchored }
      : { ...spec, phases: [{ ...firstPhase!, turns: anchored }, ...spec.phases!.slice(1)] };
  };

  const world = resolveScenario(sized(secondBytes), { file: 'fuzz-case.yaml', baseDir: '.' }).world;
  const phase = world.phases[0]!;
  if (phase.tokenModel.kind !== 'ratio' || !phase.usageMetadata) return null;
  const ratio = phase.tokenModel.ratio;
  const script = new ModelScript(world.seed);
  const preamble = requestPreamble(world, script);
  const [turn0, turn1] = [world.turns[0]!, world.turns[1]!];
  const user0 = script.userMessage(turn0);
  script.beginTurn(turn0);
  const reply = script.nextReply();
  if (reply.kind !== 'text') return null;
  const model0: Content = { role: 'model', parts: [{ text: reply.text }] };
  const threshold = contextGuardThreshold(phase.contextWindow);

  // The first step: sent whole (its cold count under the threshold), its real count reported.
  const request0: LlmRequest = { ...preamble, contents: [user0] };
  const heuristic0 = requestQuarterTokens(request0);
  if (Math.trunc(heuristic0 * CONTEXTGUARD_COLD_FACTOR) >= threshold) return null;
  const real0 = Math.floor(heuristic0 * ratio);
  const count = (heuristic: number): number => contextGuardCalibrated(heuristic, real0, heuristic0);

  // The second step's heuristic with the drawn message; 4 bytes more or less move it by one token.
  const heuristic1 = requestQuarterTokens({ ...preamble, contents: [user0, model0, script.userMessage(turn1)] });
  const floor = heuristic1 - Math.floor(secondBytes / 4);
  if (count(floor) >= threshold) return null;
  let low = floor;
  let high = Math.max(floor + 1, threshold);
  while (count(high) < threshold) high *= 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (count(middle) >= threshold) high = middle;
    else low = middle;
  }
  // `high`: the smallest heuristic counted at or over the threshold.
  const target = high + tokens;
  const bytes = 4 * (target - floor);
  if (bytes <= 0) return null;
  return { spec: sized(bytes), count: count(target), threshold };
}

/** The turn groups with the first two turns each in a group of their own; null with fewer than two turns. */
function splitSecondTurn(groups: readonly TurnGroupSpec[]): [TurnGroupSpec, TurnGroupSpec, ...TurnGroupSpec[]] | null {
  const expanded: TurnGroupSpec[] = [];
  for (const group of groups) {
    const repeat = group.repeat ?? 1;
    const { repeat: _, ...single } = group;
    const take = Math.min(repeat, 2 - Math.min(2, expanded.length));
    for (let i = 0; i < take; i += 1) expanded.push(single);
    if (repeat > take) expanded.push(repeat - take > 1 ? { ...single, repeat: repeat - take } : single);
  }
  return expanded.length < 2 ? null : (expanded as [TurnGroupSpec, TurnGroupSpec, ...TurnGroupSpec[]]);
}

/** The bytes of a user message spec that is sized or literal (null for a long message, whose text is generated to its own rules). */
function userBytes(user: UserMessageSpec | undefined): number | null {
  if (user === undefined) return null;
  if (typeof user === 'string') return Buffer.byteLength(user, 'utf8');
  if ('size' in user && typeof user.size === 'number') return user.size;
  return null;
}

function sizedUser(user: UserMessageSpec | undefined, bytes: number): UserMessageSpec {
  const kind = user !== undefined && typeof user !== 'string' && 'kind' in user ? user.kind : undefined;
  return kind === undefined ? { size: bytes } : { size: bytes, kind };
}

/**
 * A strategy's own count, counted by the checker from what the world recorded: the count a
 * strategy declares it compares with its trigger (`declarations.ownTrigger.countedAs`), computed
 * without asking the strategy, so `declared-trigger` judges what the strategy did against the
 * count it promised, not against the count it reports about itself (issue 27: a count taken from
 * the strategy's word moves with its bugs). Written from docs/contextguard.md, importing nothing
 * from the engine:
 *
 * - `contextguard-calibrated` (§6, §7, the threshold strategy): `h` is ContextGuard's heuristic of
 *   the request it judged (the world's quarter-byte ruler, heuristicBefore/After); with no real
 *   count stored the count is trunc(h × 2.5); else, with a stored last heuristic, h × (real ÷ last)
 *   clamped to [1, 5], truncated, and never below the stored real count. The host stores the
 *   heuristic of the request it sends after every consulted step, and the provider's prompt count
 *   after every answered one that reports usage; a compaction first resets both.
 * - `contextguard-cold`: trunc(h × 2.5) of the request judged, never calibrated (a strategy that
 *   counts as ContextGuard does before any real count, on every step).
 * - `contents`: the contents of the request judged.
 * - `contents-since-compaction` (§8, the sliding window): the contents of the request as built,
 *   minus the content count noted at the last compaction that stored a summary.
 *
 * A step whose count the world cannot know is `undefined`: a compaction over a stored summary
 * (ContextGuard counted the request after re-injecting that summary, a request no one sends), a
 * step with no contents (the host does not consult the strategy) or answered by a callback.
 */
import type { OwnCountKind } from '../../engine/types.ts';
import type { SessionResult, StepRecord } from '../../world/session-result.ts';
import { failedByScript, isRefusedStep } from '../../world/measure/definitions/provider-refusal.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';

/** docs/contextguard.md §2 and §6: the factor before any real count, and its clamp. */
export const CONTEXTGUARD_COLD_FACTOR = 2.5;
const COLD_FACTOR = CONTEXTGUARD_COLD_FACTOR;
const MIN_FACTOR = 1;
const MAX_FACTOR = 5;

/** Per step of `result` (same index), the count of `kind` the strategy should have compared with its trigger; undefined where unknown. */
export function referenceOwnCounts(
  kind: OwnCountKind,
  scenario: WorldScenario,
  result: SessionResult,
): readonly (number | undefined)[] {
  switch (kind) {
    case 'contextguard-calibrated':
      return calibratedCounts(scenario, result);
    case 'contextguard-cold':
      return judgedRequests(result.steps).map((judged) =>
        judged === undefined ? undefined : Math.trunc(judged.heuristic * COLD_FACTOR),
      );
    case 'contents':
      return judgedRequests(result.steps).map((judged) => judged?.contents);
    case 'contents-since-compaction':
      return contentsSinceCompaction(result.steps);
  }
}

/** What is known of the request a strategy judged on a step: its heuristic and its contents. */
interface JudgedRequest {
  readonly heuristic: number;
  readonly contents: number;
}

/**
 * Per step, the request the strategy judged, where the world knows it: on a step it did not
 * compact, what it sent (a stored summary re-injected changes nothing else); on a step it
 * compacted, the request as the host built it, until a compaction has happened in the session
 * (after one, it may have re-injected what it stored before judging). Undefined on a step it was
 * not consulted on (no contents), from a step a callback answered on (what was stored then is not
 * on record), and on a compaction after the first.
 */
function judgedRequests(steps: readonly StepRecord[]): (JudgedRequest | undefined)[] {
  const judged: (JudgedRequest | undefined)[] = [];
  let compactedBefore = false;
  let known = true;
  for (const step of steps) {
    if (step.shortCircuited) known = false;
    if (!known || step.contentsBefore === 0) {
      judged.push(undefined);
      continue;
    }
    if (!compactedOn(step)) judged.push({ heuristic: step.heuristicAfter, contents: step.contentsAfter });
    else {
      judged.push(compactedBefore ? undefined : { heuristic: step.heuristicBefore, contents: step.contentsBefore });
      compactedBefore = true;
    }
  }
  return judged;
}

/**
 * §6 and §7: the count of each judged request, calibrated by what the host stored before it (the
 * heuristic of every request sent after a consulted step, the provider's count of every answered
 * step that reports usage; both reset by a compaction before the host stores the new heuristic).
 */
function calibratedCounts(scenario: WorldScenario, result: SessionResult): (number | undefined)[] {
  const steps = result.steps;
  const judged = judgedRequests(steps);
  const answered = answeredWithUsage(scenario, result);
  const counts: (number | undefined)[] = [];
  let real = 0;
  let last = 0;
  // From a step a callback answered on, every judged request is unknown (judgedRequests), so what
  // the host stored from there on is never read.
  for (const [index, step] of steps.entries()) {
    const request = judged[index];
    counts.push(request === undefined ? undefined : calibrated(request.heuristic, real, last));
    if (step.contentsBefore > 0) {
      if (compactedOn(step)) real = 0;
      last = step.heuristicAfter;
    }
    if (answered[index]) real = step.realAfter;
  }
  return counts;
}

/**
 * docs/contextguard.md §2: where ContextGuard compacts, window − buffer (the buffer 20,000 from a
 * 200,000 window on, else 20 % of the window truncated). The fuzzer aims its boundary drafts here.
 */
export function contextGuardThreshold(contextWindow: number): number {
  const buffer = contextWindow >= 200_000 ? 20_000 : Math.trunc(contextWindow * 0.2);
  return contextWindow - buffer;
}

/** §6: the calibrated count of a request of heuristic `heuristic`, given the real count and the heuristic stored last (0: none). */
export function contextGuardCalibrated(heuristic: number, real: number, last: number): number {
  return calibrated(heuristic, real, last);
}

function calibrated(heuristic: number, real: number, last: number): number {
  if (real <= 0) return Math.trunc(heuristic * COLD_FACTOR);
  const factor = last > 0 ? Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, real / last)) : COLD_FACTOR;
  return Math.max(real, Math.trunc(heuristic * factor));
}

/** §8: the contents of the request as built, minus the count noted at the last compaction that stored a summary. */
function contentsSinceCompaction(steps: readonly StepRecord[]): (number | undefined)[] {
  const counts: (number | undefined)[] = [];
  let noted = 0;
  for (const step of steps) {
    counts.push(step.shortCircuited || step.contentsBefore === 0 ? undefined : step.contentsBefore - noted);
    // A summary is stored when a summarizer call answered (an empty answer gets the mechanical fallback).
    if (step.summarizerCalls.some((call) => call.outcome === 'ok' || call.outcome === 'empty'))
      noted = step.contentsBefore;
  }
  return counts;
}

function compactedOn(step: StepRecord): boolean {
  return step.summarizerCalls.length > 0 || step.trimmed;
}

/**
 * Per step, whether the provider answered it and reported its prompt count: the phase reports
 * usage, and the request was neither refused for its size (world/measure/definitions/provider-refusal.ts)
 * nor failed by the scenario (`provider.errors`: the n-th request that reaches the provider, from 1).
 */
function answeredWithUsage(scenario: WorldScenario, result: SessionResult): boolean[] {
  const failed = failedByScript(scenario, result.steps);
  return result.steps.map((step, index) => {
    if (step.shortCircuited || failed[index] || step.realAfter <= 0 || isRefusedStep(scenario, step)) return false;
    const phase = scenario.phases[scenario.turns[step.turn]?.phase ?? 0];
    return phase?.usageMetadata === true;
  });
}

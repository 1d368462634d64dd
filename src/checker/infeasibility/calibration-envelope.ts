/**
 * What a calibrated estimator can know when it decides on a step (ContextGuard `tokenCount`,
 * spec §6): with no usage report yet (or usage metadata off) it multiplies the heuristic by the
 * cold factor 2.5; once a report arrived it scales by real/heuristic of the last report, clamped
 * to [1, 5]. A real ratio beyond what it could observe makes an overflow invisible to it.
 *
 * The fuzzer excuses an overflow on these grounds only when the estimate the strategy could have
 * made of the request it SENT was within the window: if even that estimate was over, the strategy
 * saw the overflow coming and sent anyway, which is its own failure.
 */
import type { StepRecord } from '../../world/session-result.ts';
import type { TokenModelSpec, WorldScenario } from '../../world/world-scenario.ts';
import type { Infeasibility } from './infeasibility.ts';

/** ContextGuard `defaultHeuristicCorrectionFactor`: the multiplier before any usage report. */
export const COLD_FACTOR = 2.5;
/** ContextGuard `maxCorrectionFactor`: the calibration cap. */
export const CORRECTION_CAP = 5;

export function explainByCalibration(scenario: WorldScenario, steps: readonly StepRecord[], index: number): Infeasibility | null {
  const step = steps[index]!;
  if (step.heuristicAfter <= 0) return null;
  const ratio = step.realAfter / step.heuristicAfter;
  const source = lastUsageReport(scenario, steps, index);
  if (source === null) {
    return invisible(step, ratio, COLD_FACTOR, 'uncalibrated-ratio', 'no usage report observed yet: cold factor');
  }
  const observed = Math.min(CORRECTION_CAP, Math.max(1, source.realAfter / Math.max(1, source.heuristicAfter)));
  if (!sameTokenModel(scenario, source, step)) {
    return invisible(step, ratio, observed, 'stale-calibration', `token model changed after the last usage report (step ${source.step})`);
  }
  if (ratio > CORRECTION_CAP) {
    return invisible(step, ratio, CORRECTION_CAP, 'ratio-beyond-correction-cap', 'correction capped');
  }
  return null;
}

/** The latest earlier step whose response carried usage metadata (a sent, answered request). */
function lastUsageReport(scenario: WorldScenario, steps: readonly StepRecord[], index: number): StepRecord | null {
  for (let i = index - 1; i >= 0; i -= 1) {
    const candidate = steps[i]!;
    if (candidate.shortCircuited) continue;
    if (phaseOf(scenario, candidate).usageMetadata) return candidate;
  }
  return null;
}

function invisible(
  step: StepRecord,
  ratio: number,
  factor: number,
  reason: Infeasibility['reason'],
  why: string,
): Infeasibility | null {
  if (ratio <= factor) return null;
  const estimate = Math.floor(step.heuristicAfter * factor);
  if (estimate > step.contextWindow) return null;
  return {
    reason,
    detail:
      `${why}: ${step.heuristicAfter} heuristic × ${factor.toFixed(2)} = ${estimate} ≤ window ${step.contextWindow}, ` +
      `but the real ratio ${ratio.toFixed(2)} makes it ${step.realAfter}`,
  };
}

function phaseOf(scenario: WorldScenario, step: StepRecord) {
  const turn = scenario.turns[step.turn];
  return scenario.phases[turn?.phase ?? 0]!;
}

function sameTokenModel(scenario: WorldScenario, a: StepRecord, b: StepRecord): boolean {
  const pa = phaseOf(scenario, a);
  const pb = phaseOf(scenario, b);
  return pa.modelName === pb.modelName && tokenModelKey(pa.tokenModel) === tokenModelKey(pb.tokenModel);
}

function tokenModelKey(model: TokenModelSpec): string {
  return model.kind === 'ratio' ? `ratio:${model.ratio}` : `tiktoken:${model.encoding}`;
}

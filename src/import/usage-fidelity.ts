/**
 * Recorded usage as ground truth. A replay played with no compaction sends exactly the requests
 * the log recorded (same turns, same contents), so each request the world measured can be set
 * beside the input tokens the provider reported for it: the k-th model call of turn t is the k-th
 * step of that turn. Reported per file: the share within ±5 % (the bar: 95 % of the requests that
 * carry usage), and a calibrated token model for this log (`calibrateUsage`: recorded ≈ ratio × ours
 * + overhead, checked on held-out requests). Pure: plain data in, plain data out; it imports
 * nothing from the strategies it could judge.
 */
import { calibrateUsage, type Calibration } from './calibrate-usage.ts';
import type { StepRecord } from '../world/session-result.ts';
import type { WorldScenario } from '../world/world-scenario.ts';

/** A request counts as matched when our count is within this share of the recorded one. */
export const USAGE_TOLERANCE = 0.05;
/** The share of requests with usage that must match. */
export const USAGE_BAR = 0.95;

export interface UsageRow {
  readonly turn: number;
  /** 0-based model call within the turn. */
  readonly call: number;
  readonly recorded: number;
  /** The world's token model's count of the request it sent. */
  readonly measured: number;
  /** ContextGuard's heuristic of the same request (what a ratio token model scales). */
  readonly heuristic: number;
  /** (measured − recorded) / recorded. */
  readonly error: number;
}

export interface RecordedCompactionPoint {
  readonly turn: number;
  readonly call?: number | undefined;
  readonly trigger?: string | undefined;
  readonly preTokens?: number | undefined;
  /** The replay's request at that point (turn, call), with no compaction (null when the replay did not reach it). */
  readonly replayTokens: number | null;
}

export interface UsageFidelity {
  /** Requests whose usage the log recorded. */
  readonly requests: number;
  readonly within: number;
  /** within / requests (null without any). */
  readonly share: number | null;
  readonly passed: boolean | null;
  /** recorded ≈ ratio × measured + overhead, fitted and checked on held-out requests. */
  readonly calibration: Calibration;
  readonly rows: readonly UsageRow[];
  readonly compactions: readonly RecordedCompactionPoint[];
}

export function usageFidelity(
  world: WorldScenario,
  steps: readonly StepRecord[],
  recordedCompactions: readonly Omit<RecordedCompactionPoint, 'replayTokens'>[] = [],
): UsageFidelity {
  const byTurn = new Map<number, StepRecord[]>();
  for (const step of steps) {
    if (step.shortCircuited) continue;
    byTurn.set(step.turn, [...(byTurn.get(step.turn) ?? []), step]);
  }
  const rows: UsageRow[] = [];
  for (const turn of world.turns) {
    const played = byTurn.get(turn.index) ?? [];
    (turn.replay?.usage ?? []).forEach((usage, call) => {
      const step = played[call];
      if (!usage || !step || usage.inputTokens === 0) return;
      rows.push({
        turn: turn.index,
        call,
        recorded: usage.inputTokens,
        measured: step.realAfter,
        heuristic: step.heuristicAfter,
        error: (step.realAfter - usage.inputTokens) / usage.inputTokens,
      });
    });
  }
  const within = rows.filter((row) => Math.abs(row.error) <= USAGE_TOLERANCE).length;
  const share = rows.length === 0 ? null : within / rows.length;
  const firstCompaction = recordedCompactions
    .map((point) => ({ turn: point.turn, call: point.call ?? 0 }))
    .reduce<{ turn: number; call: number } | null>(
      (first, point) =>
        first === null || point.turn < first.turn || (point.turn === first.turn && point.call < first.call)
          ? point
          : first,
      null,
    );
  const compactions = recordedCompactions.map((point) => {
    const step = byTurn.get(point.turn)?.[point.call ?? 0];
    return { ...point, replayTokens: step === undefined ? null : step.realAfter };
  });
  return {
    requests: rows.length,
    within,
    share,
    passed: share === null ? null : share >= USAGE_BAR,
    calibration: calibrateUsage(rows, firstCompaction, USAGE_TOLERANCE, USAGE_BAR),
    rows,
    compactions,
  };
}

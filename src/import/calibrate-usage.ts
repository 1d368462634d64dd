/**
 * The calibrated token model of one log, and an honest check of it. The model
 * (`fitTokenModel`: recorded ≈ ratio × ours + overhead) is fitted on the requests the replay
 * reproduces: those before the first compaction the recorded agent made (after it, the recorded
 * requests held a summary where our replay, played without compaction, still holds everything,
 * so the two no longer describe the same request). The check is held out: the model is fitted
 * on the first half of those requests, in the order they were sent, and the ±5 % check is made
 * on the second half only: it predicts the later, larger requests of a session from its earlier
 * ones, which is what a calibration is for, and it never grades a fit on its own training data.
 * The model reported for the file is then fitted on all of them.
 */
import { fitTokenModel, predictRecorded, type TokenFit } from './fit-token-model.ts';

/** Requests needed to hold any out: two to fit a line on, two to check it on. */
export const MIN_CALIBRATION_REQUESTS = 4;

export interface CalibrationRow {
  readonly turn: number;
  readonly call: number;
  readonly recorded: number;
  readonly measured: number;
}

export interface HeldOutCheck {
  /** Fitted on the first `training` requests. */
  readonly fit: TokenFit;
  readonly training: number;
  /** Checked on the rest. */
  readonly checked: number;
  readonly within: number;
  readonly share: number;
  readonly passed: boolean;
}

export type Calibration =
  | { readonly kind: 'no-usage' }
  | {
      /** Too few requests to hold any out: the fit on all of them (null when it is undetermined), unchecked. */
      readonly kind: 'too-few';
      readonly requests: number;
      readonly afterCompaction: number;
      readonly fit: TokenFit | null;
    }
  | {
      readonly kind: 'held-out';
      readonly requests: number;
      /** Requests left out because the recorded agent had compacted before them. */
      readonly afterCompaction: number;
      /** Fitted on every request before the first recorded compaction. */
      readonly fit: TokenFit;
      /** The fit on the first half, checked on the second (null when the first half's sizes are all equal). */
      readonly heldOut: HeldOutCheck | null;
    };

export function calibrateUsage(
  rows: readonly CalibrationRow[],
  firstCompaction: { readonly turn: number; readonly call: number } | null,
  tolerance: number,
  bar: number,
): Calibration {
  if (rows.length === 0) return { kind: 'no-usage' };
  const before = (row: CalibrationRow): boolean =>
    firstCompaction === null ||
    row.turn < firstCompaction.turn ||
    (row.turn === firstCompaction.turn && row.call < firstCompaction.call);
  const comparable = rows.filter(before);
  const afterCompaction = rows.length - comparable.length;
  const points = comparable.map((row) => ({ ours: row.measured, recorded: row.recorded }));
  const fit = fitTokenModel(points);
  if (comparable.length < MIN_CALIBRATION_REQUESTS || fit === null)
    return { kind: 'too-few', requests: comparable.length, afterCompaction, fit };
  const training = comparable.length >> 1;
  const trainingFit = fitTokenModel(points.slice(0, training));
  let heldOut: HeldOutCheck | null = null;
  if (trainingFit !== null) {
    const checked = points.slice(training);
    const within = checked.filter(
      (point) => Math.abs(predictRecorded(trainingFit, point.ours) - point.recorded) <= tolerance * point.recorded,
    ).length;
    const share = within / checked.length;
    heldOut = { fit: trainingFit, training, checked: checked.length, within, share, passed: share >= bar };
  }
  return { kind: 'held-out', requests: comparable.length, afterCompaction, fit, heldOut };
}

/**
 * `renderFuzz()`: a fuzz report as the command line prints it (one row per property, each
 * counterexample file and the commands that replay it), plain or differential. `rerunCommand` is
 * the command line that plays the same runs again (its replay lines start from it).
 */
import { formatDifferentialReport } from '../fuzz/differential/format-differential-report.ts';
import { formatFuzzReport, type FormatOptions } from '../fuzz/run/format-fuzz-report.ts';
import type { FuzzPlayed } from './fuzz-job.ts';

export type RenderFuzzOptions = FormatOptions;

export function renderFuzz(played: FuzzPlayed, options: RenderFuzzOptions): string {
  return played.mode === 'plain'
    ? formatFuzzReport(played.report, options)
    : formatDifferentialReport(played.report, options);
}

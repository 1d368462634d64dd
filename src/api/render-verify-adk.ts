/**
 * `renderVerifyAdk()`: what `compaction-sim verify-adk` prints for a `verifyAdk()` result part:
 * the files' table (or JSON), or the generated runs' section. Loaded lazily, as the verification.
 */
import type { VerifyFuzzReport } from '../adk/differential/verify-fuzz.ts';
import type { VerifySuiteReport } from '../adk/differential/verify-suite.ts';

export type VerifyAdkPart =
  /** `closing`: end with the `N passed, N failed` line (not when generated runs follow). */
  | {
      readonly kind: 'suite';
      readonly report: VerifySuiteReport;
      readonly format: 'table' | 'json';
      readonly closing: boolean;
    }
  | {
      readonly kind: 'fuzz';
      readonly runs: number;
      readonly report: VerifyFuzzReport;
      readonly files: ReadonlyMap<number, string>;
    };

export async function renderVerifyAdk(part: VerifyAdkPart, color: boolean): Promise<string> {
  const { renderVerifyReport, renderFuzzVerification } = await import('../adk/differential/verify-report.ts');
  return part.kind === 'suite'
    ? renderVerifyReport(part.report, part.format, color, part.closing)
    : renderFuzzVerification(part.report, part.files, part.runs, color);
}

/**
 * What `verify-adk` prints: a table (scenario, steps compared, verdict, first difference; plus the
 * two compactors' measurements when adk-js's own compactor ran too), the details of every
 * difference, and the closing line `N passed, N failed`. Or the same as JSON.
 */
import Table from 'cli-table3';
import { paint } from '../../harness/report/ansi.ts';
import { formatCount, summaryLine } from '../../harness/report/format.ts';
import type { StepDifference } from './compare-runs.ts';
import { previewValue } from './first-difference.ts';
import type { RunMeasurements, ScenarioVerification } from './verify-scenario.ts';
import type { VerifyFuzzReport } from './verify-fuzz.ts';
import type { VerifySuiteReport } from './verify-suite.ts';

export const VERIFY_FORMATS = ['table', 'json'] as const;
export type VerifyFormat = (typeof VERIFY_FORMATS)[number];

/** `closing`: end with `N passed, N failed` (off when generated scenarios follow and the command closes). */
export function renderVerifyReport(
  report: VerifySuiteReport,
  format: VerifyFormat,
  color: boolean,
  closing = true,
): string {
  return format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderTable(report, color, closing);
}

/**
 * The generated scenarios (`--fuzz-runs`): one line for the runs, then each differing run with its
 * first difference before and after shrinking and the file that replays it.
 */
export function renderFuzzVerification(
  report: VerifyFuzzReport,
  files: ReadonlyMap<number, string>,
  runs: number,
  color: boolean,
): string {
  const { identical, different } = report.summary;
  const head = `fuzz (seed ${report.seed}): ${formatCount(runs)} generated scenarios compared with real adk-js, ${formatCount(identical)} identical, ${formatCount(different)} different`;
  const lines = [paint(head, different === 0 ? 'green' : 'red', color)];
  for (const run of report.runs.filter((r) => r.verification.verdict !== 'pass')) {
    lines.push(`  run ${run.run}: ${differenceCell(run.verification)}`);
    if (run.shrunk !== null) {
      lines.push(
        `    shrunk (${run.shrunk.shrinks} steps, path ${run.shrunk.path}): ${differenceCell(run.shrunk.verification)}`,
      );
      const file = files.get(run.run);
      if (file !== undefined) lines.push(`    replay: npx compaction-sim verify-adk ${file}`);
    }
  }
  return `${lines.join('\n')}\n\n`;
}

function renderTable(report: VerifySuiteReport, color: boolean, closing: boolean): string {
  const measured = report.scenarios.some((v) => v.adkTokenBased !== null || v.verdict === 'measured');
  const head = ['scenario', 'steps\ncompared', 'verdict', 'first difference'];
  if (measured)
    head.push(
      'ContextGuard in adk-js\nsteps · comp. · peak · ovf',
      'adk TokenBasedContextCompactor\nsteps · comp. · peak · ovf',
    );
  const table = new Table({
    head: head.map((title) => paint(title, 'bold', color)),
    style: { head: [], border: color ? ['grey'] : [], compact: true },
  });
  for (const verification of report.scenarios) {
    const row = [
      verification.name,
      formatCount(verification.stepsCompared),
      verdictCell(verification, color),
      differenceCell(verification),
    ];
    if (measured) row.push(measurementsCell(verification.adk), measurementsCell(verification.adkTokenBased));
    table.push(row);
  }
  const parts = [table.toString()];
  const details = report.scenarios.filter((v) => v.difference !== null).map(differenceDetails);
  if (details.length > 0) parts.push(details.join('\n\n'));
  const failures = report.scenarios
    .filter((v) => v.adkTokenBased?.failure)
    .map((v) => `${v.name}: adk token-based run ended early: ${v.adkTokenBased!.failure}`);
  if (failures.length > 0) parts.push(failures.join('\n'));
  const { passed, failed, skipped, measured: measuredCount } = report.summary;
  const extra = [
    skipped > 0 ? `${skipped} skipped` : '',
    measuredCount > 0 ? `${measuredCount} measured (not compared)` : '',
  ].filter(Boolean);
  if (extra.length > 0) parts.push(extra.join(', '));
  if (closing) parts.push(summaryLine(passed, failed));
  return `${parts.join('\n\n')}\n${closing ? '' : '\n'}`;
}

function verdictCell(verification: ScenarioVerification, color: boolean): string {
  switch (verification.verdict) {
    case 'pass':
      return paint('PASS', 'green', color);
    case 'fail':
      return paint('FAIL', 'red', color);
    case 'measured':
      return paint('MEASURED', 'yellow', color);
    default:
      return paint('SKIPPED', 'dim', color);
  }
}

function differenceCell(verification: ScenarioVerification): string {
  if (verification.reason !== null) return verification.reason;
  const difference = verification.difference;
  if (!difference) return '—';
  return `${where(difference)}: ${difference.path}`;
}

function where(difference: StepDifference): string {
  return difference.step === null ? 'session' : `step ${difference.step}`;
}

function differenceDetails(verification: ScenarioVerification): string {
  const difference = verification.difference!;
  const context =
    difference.step === null ? 'session' : `step ${difference.step} (turn ${difference.turn}, ${difference.label})`;
  return [
    `${verification.name}: ${context}, ${difference.path}`,
    `  world: ${previewValue(difference.world, 200)}`,
    `  adk:   ${previewValue(difference.adk, 200)}`,
  ].join('\n');
}

function measurementsCell(measurements: RunMeasurements | null): string {
  if (!measurements) return '—';
  const base = `${formatCount(measurements.llmSteps)} · ${formatCount(measurements.compactions)} · ${formatCount(measurements.peakRealTokens)} (${measurements.peakPercent.toFixed(1)}%) · ${formatCount(measurements.overflowSteps)}`;
  return measurements.failure ? `${base} · ended early` : base;
}

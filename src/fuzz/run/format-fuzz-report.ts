/**
 * The fuzz report for a terminal: one table row per property (runs checked, passed, infeasible,
 * failed, first counterexample file), the infeasible runs by reason, then each failure with its
 * message, file and the exact commands that replay it (fast-check's header / details / hints).
 */
import Table from 'cli-table3';
import { paint } from '../../harness/report/ansi.ts';
import { propertyByName, propertyKind } from '../../checker/properties/index.ts';
import { REPLAY_PROPERTY, replayedRuns } from './replay-sample.ts';
import type { BaselineComparison } from '../ci/fuzz-baseline.ts';
import { shardRunIds } from './fuzz-shard.ts';
import type { FuzzReport, PropertyReport } from './run-fuzz.ts';
import type { OptionSpace } from '../../engine/types.ts';
import { describeOptionSpace } from './option-variation.ts';
import { retentionLine } from './fuzz-retention.ts';

export interface FormatOptions {
  readonly color: boolean;
  /** The command that reruns the whole fuzz run (same strategy, runs and seed). */
  readonly rerunCommand: string;
  /** Wall time of the run, when measured (the CLI measures it; tests leave it out). */
  readonly seconds?: number;
}

const HEAD = ['property', 'kind', 'runs checked', 'passed', 'infeasible', 'failed', 'first counterexample'];

const KIND_NOTE =
  'kind: behaviour = judged on what happened in the session; contract = checks what the strategy declares about itself ' +
  '(its trigger, its estimator, its summarizer cut), not what it did.';

export function formatFuzzReport(report: FuzzReport, options: FormatOptions): string {
  const { color } = options;
  const table = new Table({
    head: HEAD.map((title) => paint(title, 'bold', color)),
    style: { head: [], border: color ? ['grey'] : [] },
    colAligns: ['left', 'left', 'right', 'right', 'right', 'right', 'left'],
  });
  for (const property of report.properties) table.push(row(property, color));
  const sections = [header(report) + optionsLine(report.optionSpace), table.toString(), KIND_NOTE];
  const sample = replaySampleLine(report);
  if (sample !== '') sections.push(sample);
  const infeasible = infeasibleLines(report.properties);
  if (infeasible !== '') sections.push(infeasible);
  // Issue 29: what the strategy kept of the facts the generator planted (absent when no run planted any).
  if (report.retention !== undefined) sections.push(retentionLine(report.retention));
  if (report.baseline !== null) sections.push(baselineLines(report.baseline, color));
  const failures = report.properties.filter((p) => blocking(report, p)).map((p) => failureBlock(p, color));
  sections.push(...failures);
  sections.push(footer(report, options));
  return `${sections.join('\n\n')}\n`;
}

function header(report: FuzzReport): string {
  const shard =
    report.shard === null
      ? ''
      : ` (shard ${report.shard.index}/${report.shard.count}: runs r with r mod ${report.shard.count} = ${report.shard.index - 1})`;
  const what = report.path === null ? `${report.runs} runs${shard}` : `replay of path ${report.path}`;
  const judged =
    report.judgedAs === undefined
      ? ''
      : ` (judged by ${report.judgedAs}'s declarations: its trigger, estimator and summarizer cut)`;
  return `compaction-sim fuzz: strategy ${report.strategy}${judged}, ${what}, seed ${report.seed}`;
}

/** Under the header: which options each run drew (what a counterexample's options came from). */
export function optionsLine(space: OptionSpace | null): string {
  if (space === null) return '';
  return `\nstrategy options drawn per run: ${describeOptionSpace(space)}; shrunk towards the defaults (--no-vary-options: the given options on every run)`;
}

/** A failure that fails the run: any, or with a baseline one it does not list. */
function blocking(report: FuzzReport, property: PropertyReport): boolean {
  if (report.baseline === null) return property.failed > 0;
  return report.baseline.deltas.some((delta) => delta.property === property.property && delta.newRuns.length > 0);
}

function baselineLines(comparison: BaselineComparison, color: boolean): string {
  const lines = comparison.deltas
    .filter((delta) => delta.newRuns.length + delta.known + delta.fixedRuns.length > 0)
    .map((delta) => {
      const fresh =
        delta.newRuns.length === 0
          ? '0 new'
          : paint(`${delta.newRuns.length} new (${runList(delta.newRuns)})`, 'red', color);
      const fixed =
        delta.fixedRuns.length === 0 ? '' : `, ${delta.fixedRuns.length} fixed (${runList(delta.fixedRuns)})`;
      return `  ${delta.property}: ${fresh}, ${delta.known} known${fixed}`;
    });
  const fixedAny = comparison.deltas.some((delta) => delta.fixedRuns.length > 0);
  return [
    `against the fuzz baseline ${comparison.file} (failing runs: new fail the run, known are its recorded limitations):`,
    ...(lines.length === 0 ? ['  no failures, new or known'] : lines),
    ...(fixedAny
      ? ['  known failures that now hold: re-record with --update-baseline to keep them from coming back']
      : []),
  ].join('\n');
}

function runList(runs: readonly number[]): string {
  const shown = runs
    .slice(0, 8)
    .map((run) => `run ${run}`)
    .join(', ');
  return runs.length > 8 ? `${shown}, ...` : shown;
}

function row(property: PropertyReport, color: boolean): string[] {
  const failed = String(property.failed);
  return [
    property.property,
    property.kind ?? propertyKind(propertyByName(property.property)),
    String(property.checked),
    String(property.passed),
    String(property.infeasible),
    property.failed > 0 ? paint(failed, 'red', color) : failed,
    property.counterexample?.file.file ?? (property.failed > 0 ? '(not reproduced)' : ''),
  ];
}

/** When deterministic-replay judged a sample of the runs, which (so its "runs checked" reads right). */
function replaySampleLine(report: FuzzReport): string {
  const replay = report.properties.find((p) => p.property === REPLAY_PROPERTY);
  if (replay === undefined || report.path !== null || report.replaySample <= 1) return '';
  return `${REPLAY_PROPERTY}: one run in ${report.replaySample} played twice (${replayedRuns(report.runs, report.replaySample)} of ${report.runs} runs; --replay-sample 1 replays every run)`;
}

function infeasibleLines(properties: readonly PropertyReport[]): string {
  const lines = properties
    .filter((p) => p.infeasible > 0)
    .map((p) => {
      const reasons = Object.entries(p.infeasibleReasons)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([reason, count]) => `${reason} ${count}`);
      return `  ${p.property}: ${reasons.join(', ')}`;
    });
  return lines.length === 0
    ? ''
    : ['infeasible runs (provably unsatisfiable, not passes), by reason:', ...lines].join('\n');
}

function failureBlock(property: PropertyReport, color: boolean): string {
  const title = `${paint('FAIL', 'red', color)} ${property.property}`;
  const found = property.counterexample;
  if (found === null) {
    return `${title}: the failing run did not fail again when replayed (a non-deterministic strategy or world)`;
  }
  const { failure, file } = found;
  return [
    `${title}: ${failure.violation.message}`,
    `  counterexample: ${file.file} (shrunk ${failure.shrinks} times; fast-check seed ${failure.seed}, path ${failure.path})`,
    `  replay:         ${file.simulateCommand}`,
    `  fuzz replay:    ${file.fuzzCommand}`,
  ].join('\n');
}

function footer(report: FuzzReport, options: FormatOptions): string {
  const failed = report.properties.filter((p) => blocking(report, p)).length;
  const time = options.seconds === undefined ? '' : ` in ${options.seconds.toFixed(1)} s`;
  const played =
    report.shard === null
      ? `${report.runs} runs`
      : `${shardRunIds(report.runs, report.shard).length} of ${report.runs} runs`;
  const runs = report.path === null ? played : 'one replayed run';
  if (report.baseline !== null) {
    const known = report.baseline.deltas.reduce((sum, delta) => sum + delta.known, 0);
    const verdict =
      failed === 0
        ? `no new failures against the baseline (${known} known; ${runs}${time})`
        : `${failed} of ${report.properties.length} properties have new failures against the baseline (${runs}${time})`;
    return `fast-check seed ${report.seed}; rerun: ${options.rerunCommand}\n${verdict}`;
  }
  const verdict =
    failed === 0
      ? `all ${report.properties.length} properties held (${runs}${time})`
      : `${failed} of ${report.properties.length} properties failed (${runs}${time})`;
  return `fast-check seed ${report.seed}; rerun: ${options.rerunCommand}\n${verdict}`;
}

/**
 * The differential fuzz report for a terminal: per property the runs compared, how many each
 * strategy fails, how many both fail, and the runs where one fails where the other holds (only it
 * fails, or it fails first: differential-verdicts.ts); then, for each property
 * one fails where the other holds (BETTER: only the reference fails; WORSE: only mine), both
 * outcomes on the shrunk counterexample and the commands that replay it with each strategy.
 */
import Table from 'cli-table3';
import { paint } from '../../harness/report/ansi.ts';
import { strategyLabels } from '../run/counterexample.ts';
import { optionsLine, type FormatOptions } from '../run/format-fuzz-report.ts';
import {
  uncomparedRuns,
  type DifferenceCounterexample,
  type DifferentialPropertyReport,
  type DifferentialReport,
  type UnplayedRuns,
} from './run-differential.ts';
import { describeHolding } from './differential-verdicts.ts';
import type { DifferentialRetention } from './retention-difference.ts';

export function formatDifferentialReport(report: DifferentialReport, options: FormatOptions): string {
  const { color } = options;
  // Short labels in the table (a module path would make every column as wide as the path), unless both read alike.
  const [mine, reference] = strategyLabels(report.strategy.name, report.against.name);
  const table = new Table({
    head: [
      'property',
      'runs compared',
      `${mine} fails`,
      `${reference} fails`,
      'both fail',
      `only/first ${mine}`,
      `only/first ${reference}`,
      'counterexample',
    ].map((title) => paint(title, 'bold', color)),
    style: { head: [], border: color ? ['grey'] : [] },
    colAligns: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
  });
  for (const property of report.properties) table.push(row(property, color));
  const what = report.path === null ? `${report.runs} runs` : `replay of path ${report.path}`;
  const sections = [
    `compaction-sim fuzz: strategy ${report.strategy.name} against ${report.against.name}, ${what}, seed ${report.seed} (the same scenarios through both)` +
      (report.optionSpace === null ? '' : `${optionsLine(report.optionSpace)}, the same options for both`) +
      (report.optionsNote === null ? '' : `\n${report.optionsNote}`),
    table.toString(),
    'only/first: that strategy fails the property where the other holds it, or breaks it too but earlier in the same conversation',
  ];
  sections.push(
    ...report.properties
      .filter((property) => property.onlyReference.length > 0)
      .map((property) =>
        differenceBlock(
          paint('BETTER', 'green', color),
          reference,
          mine,
          property.property,
          property.onlyReference,
          property.referenceCounterexample,
          property.referenceUnreproduced,
        ),
      ),
  );
  sections.push(
    ...report.properties
      .filter((property) => property.onlyMine.length > 0)
      .map((property) =>
        differenceBlock(
          paint('WORSE', 'red', color),
          mine,
          reference,
          property.property,
          property.onlyMine,
          property.counterexample,
          property.unreproduced,
        ),
      ),
  );
  if (report.retention !== undefined) sections.push(retentionBlock(report.retention, mine, reference));
  const uncompared = uncomparedRuns(report);
  if (uncompared.length > 0) {
    sections.push(
      [
        `${paint('NOT COMPARED', 'red', color)} ${uncompared.length} run(s) (${runList(uncompared)}): nothing is compared on a run either strategy did not play to the end`,
        ...unplayedLine(mine, report.unplayed.strategy),
        ...unplayedLine(reference, report.unplayed.against),
      ].join('\n'),
    );
  }
  const worse = report.properties.filter((property) => property.onlyMine.length > 0).length;
  const time = options.seconds === undefined ? '' : ` in ${options.seconds.toFixed(1)} s`;
  const runs = report.path === null ? `${report.runs} runs` : 'one replayed run';
  const verdict =
    worse === 0
      ? `${mine} fails no property where ${reference} holds it (${report.properties.length} properties, ${runs}${time})`
      : `${mine} fails ${worse} of ${report.properties.length} properties where ${reference} holds them (${runs}${time})`;
  const short =
    uncompared.length === 0 ? '' : `\nfailed: ${uncompared.length} run(s) could not be compared, fewer than asked`;
  sections.push(`fast-check seed ${report.seed}; rerun: ${options.rerunCommand}\n${verdict}${short}`);
  return `${sections.join('\n\n')}\n`;
}

function unplayedLine(name: string, unplayed: UnplayedRuns): string[] {
  if (unplayed.first === null) return [];
  return [
    `  ${name} did not finish ${unplayed.runs.length} run(s) (${runList(unplayed.runs)}); run ${unplayed.first.run}: ${unplayed.first.reason}`,
  ];
}

function row(property: DifferentialPropertyReport, color: boolean): string[] {
  const onlyMine = String(property.onlyMine.length);
  return [
    property.property,
    String(property.compared),
    String(property.mineFailed),
    String(property.referenceFailed),
    String(property.bothFailed),
    property.onlyMine.length > 0 ? paint(onlyMine, 'red', color) : onlyMine,
    String(property.onlyReference.length),
    property.counterexample?.file.file ??
      (property.onlyMine.length > 0 ? '(not reproduced)' : (property.referenceCounterexample?.file.file ?? '')),
  ];
}

/**
 * One property where `failing` fails and `holding` holds: WORSE when mine is the one failing,
 * BETTER when the reference is (mine fixed those runs).
 */
function differenceBlock(
  label: string,
  failing: string,
  holding: string,
  property: string,
  runs: readonly number[],
  found: DifferenceCounterexample | null,
  unreproduced: boolean,
): string {
  const title = `${label} ${property}: ${failing} fails where ${holding} holds on ${runs.length} run(s) (${runList(runs)})`;
  if (found === null) {
    return unreproduced
      ? `${title}\n  the first such run did not differ again when replayed (a non-deterministic strategy or world)`
      : title;
  }
  const { failure, file } = found;
  return [
    title,
    `  ${failing}: ${failure.violation.message}`,
    `  ${holding}: ${describeHolding(failure.violation, found.reference)}`,
    `  counterexample: ${file.file} (shrunk ${failure.shrinks} times while the difference persisted; fast-check seed ${failure.seed}, path ${failure.path})`,
    `  replay (${failing}): ${file.simulateCommand}`,
    `  replay (${holding}): ${file.referenceCommand}`,
    `  fuzz replay (both): ${file.fuzzCommand}`,
  ].join('\n');
}

function runList(runs: readonly number[]): string {
  const shown = runs
    .slice(0, 8)
    .map((run) => `run ${run}`)
    .join(', ');
  return runs.length > 8 ? `${shown}, ... (${runs.length})` : shown;
}

/**
 * Planted facts (issue 29): the runs where one side lost facts the other kept, and the first of
 * mine as a file. A finding reported beside the properties; it does not fail the report.
 */
function retentionBlock(retention: DifferentialRetention, mine: string, reference: string): string {
  const runs = (items: DifferentialRetention['onlyMine']) => runList(items.map((item) => item.run));
  const lines = [
    `planted facts on ${retention.compared} compared run(s): ${mine} lost facts ${reference} kept on ${retention.onlyMine.length}` +
      `${retention.onlyMine.length === 0 ? '' : ` (${runs(retention.onlyMine)})`}; ${reference} lost facts ${mine} kept on ${retention.onlyReference.length}` +
      `${retention.onlyReference.length === 0 ? '' : ` (${runs(retention.onlyReference)})`}`,
  ];
  const first = retention.onlyMine[0];
  if (first !== undefined && retention.counterexample !== null)
    lines.push(
      `  run ${first.run}: ${mine} lost ${first.facts.join(', ')}`,
      `  scenario: ${retention.counterexample.file}`,
      `  replay:   ${retention.counterexample.simulateCommand}`,
    );
  return lines.join('\n');
}

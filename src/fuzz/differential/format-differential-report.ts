/**
 * The differential fuzz report for a terminal: per property the runs compared, how many each
 * strategy fails, how many both fail, and the runs where only one fails; then, for each property
 * mine fails where the reference holds, both outcomes on the shrunk counterexample and the
 * commands that replay it with each strategy.
 */
import Table from 'cli-table3';
import { paint } from '../../harness/report/ansi.ts';
import { strategyLabel } from '../run/counterexample.ts';
import type { FormatOptions } from '../run/format-fuzz-report.ts';
import type { DifferentialPropertyReport, DifferentialReport } from './run-differential.ts';
import { describeVerdict } from './differential-verdicts.ts';

export function formatDifferentialReport(report: DifferentialReport, options: FormatOptions): string {
  const { color } = options;
  // Short labels in the table (a module path would make every column as wide as the path).
  const mine = strategyLabel(report.strategy.name);
  const reference = strategyLabel(report.against.name);
  const table = new Table({
    head: ['property', 'runs compared', `${mine} fails`, `${reference} fails`, 'both fail', `only ${mine}`, `only ${reference}`, 'counterexample']
      .map((title) => paint(title, 'bold', color)),
    style: { head: [], border: color ? ['grey'] : [] },
    colAligns: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
  });
  for (const property of report.properties) table.push(row(property, color));
  const what = report.path === null ? `${report.runs} runs` : `replay of path ${report.path}`;
  const sections = [
    `compaction-sim fuzz: strategy ${report.strategy.name} against ${report.against.name}, ${what}, seed ${report.seed} (the same scenarios through both)`,
    table.toString(),
  ];
  const better = report.properties.filter((property) => property.onlyReference.length > 0);
  if (better.length > 0) {
    sections.push([
      `where only ${reference} fails (${mine} holds; not shrunk):`,
      ...better.map((property) => `  ${property.property}: ${runList(property.onlyReference)}`),
    ].join('\n'));
  }
  sections.push(...report.properties.filter((property) => property.onlyMine.length > 0).map((property) => worseBlock(mine, reference, property, color)));
  const worse = report.properties.filter((property) => property.onlyMine.length > 0).length;
  const time = options.seconds === undefined ? '' : ` in ${options.seconds.toFixed(1)} s`;
  const runs = report.path === null ? `${report.runs} runs` : 'one replayed run';
  const verdict = worse === 0
    ? `${mine} fails no property where ${reference} holds it (${report.properties.length} properties, ${runs}${time})`
    : `${mine} fails ${worse} of ${report.properties.length} properties where ${reference} holds them (${runs}${time})`;
  sections.push(`fast-check seed ${report.seed}; rerun: ${options.rerunCommand}\n${verdict}`);
  return `${sections.join('\n\n')}\n`;
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
    property.counterexample?.file.file ?? (property.onlyMine.length > 0 ? '(not reproduced)' : ''),
  ];
}

function worseBlock(mine: string, reference: string, property: DifferentialPropertyReport, color: boolean): string {
  const title = `${paint('WORSE', 'red', color)} ${property.property}: ${mine} fails where ${reference} holds on ${property.onlyMine.length} run(s) (${runList(property.onlyMine)})`;
  const found = property.counterexample;
  if (found === null) {
    return `${title}\n  the first such run did not differ again when replayed (a non-deterministic strategy or world)`;
  }
  const { failure, file } = found;
  return [
    title,
    `  ${mine}: ${failure.violation.message}`,
    `  ${reference}: ${describeVerdict(found.reference)}`,
    `  counterexample: ${file.file} (shrunk ${failure.shrinks} times while the difference persisted; fast-check seed ${failure.seed}, path ${failure.path})`,
    `  replay:         ${file.simulateCommand}`,
    `  reference:      ${file.referenceCommand}`,
    `  fuzz replay:    ${file.fuzzCommand}`,
  ].join('\n');
}

function runList(runs: readonly number[]): string {
  const shown = runs.slice(0, 8).map((run) => `run ${run}`).join(', ');
  return runs.length > 8 ? `${shown}, ... (${runs.length})` : shown;
}

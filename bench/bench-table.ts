/**
 * cli-table3 tables for the benches: cli-table3 colours headers and borders by default, which
 * writes escape codes into files and CI logs; colour only on a terminal without NO_COLOR.
 */
import Table from 'cli-table3';
import { colorAllowed } from '../src/harness/report/ansi.ts';

export function benchTable(head: readonly string[]): Table.Table {
  const color = colorAllowed(process.stdout);
  return new Table({ head: [...head], style: { head: color ? ['red'] : [], border: color ? ['grey'] : [] } });
}

/** The gate's verdict as a terminal table and as markdown (for `gate.md` / a CI job summary). */
import Table from 'cli-table3';
import { paint } from '../report/ansi.ts';
import type { GateChange, GateChangeKind } from './compare-baseline.ts';

export interface GateVerdict {
  readonly compared: number;
  /**
   * Scenarios of this run that fail. A gate never passes while one does, whatever the baseline
   * recorded: a baseline tells what changed, it never turns a failure into a pass (a known
   * limitation is accepted in an `accept:` block, where it is reported with its reason).
   */
  readonly failing: number;
  readonly changes: readonly GateChange[];
  readonly baselinePath: string;
}

const HEAD = ['scenario', 'change', 'what', 'baseline', 'current', 'tolerance'];
const KIND_STYLE: Record<GateChangeKind, 'red' | 'yellow' | 'green'> = {
  regression: 'red',
  removed: 'red',
  drift: 'yellow',
  added: 'yellow',
  improvement: 'green',
  'stale-acceptance': 'red',
};

export function gatePassed(verdict: GateVerdict): boolean {
  return verdict.changes.length === 0 && verdict.failing === 0;
}

/** The table of changes alone ('' when there are none). */
export function renderGateChanges(verdict: GateVerdict, color: boolean): string {
  if (verdict.changes.length === 0) return '';
  const table = new Table({
    head: HEAD.map((h) => paint(h, 'bold', color)),
    style: { head: [], border: [], compact: true },
  });
  for (const change of verdict.changes) {
    table.push([
      change.id,
      paint(change.kind, KIND_STYLE[change.kind], color),
      change.what,
      change.baseline,
      change.current,
      change.tolerance,
    ]);
  }
  return `${table.toString()}\n`;
}

export function renderGateText(verdict: GateVerdict, color: boolean): string {
  const lines: string[] = [];
  const changes = renderGateChanges(verdict, color);
  if (changes !== '') lines.push(changes);
  lines.push(
    ...closing(verdict).map((line, index) =>
      index === 0 ? paint(line, gatePassed(verdict) ? 'green' : 'red', color) : line,
    ),
  );
  return `${lines.join('\n')}\n`;
}

export function renderGateMarkdown(verdict: GateVerdict): string {
  const [headline, ...rest] = closing(verdict);
  const lines = [`## ${gatePassed(verdict) ? '✅' : '❌'} ${headline}`, ''];
  if (verdict.changes.length > 0) {
    lines.push(`| ${HEAD.join(' | ')} |`, `|${HEAD.map(() => '---').join('|')}|`);
    for (const change of verdict.changes) {
      const cells = [`\`${change.id}\``, change.kind, change.what, change.baseline, change.current, change.tolerance];
      lines.push(`| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`);
    }
    lines.push('');
  }
  lines.push(...rest);
  return `${lines.join('\n')}\n`;
}

function closing(verdict: GateVerdict): string[] {
  if (gatePassed(verdict)) {
    return [
      `gate passed: ${verdict.compared} scenario${verdict.compared === 1 ? '' : 's'} match ${verdict.baselinePath}`,
    ];
  }
  const failing =
    verdict.failing === 0
      ? []
      : [
          `${verdict.failing} of ${verdict.compared} scenario${verdict.compared === 1 ? '' : 's'} fail in this run. A baseline never turns a failing scenario into a pass, even one it records failing: fix it, or accept a known limitation in an accept: block (it is then reported with its reason).`,
        ];
  if (verdict.changes.length === 0) {
    return [
      `gate failed: no change against ${verdict.baselinePath}, but ${verdict.failing} scenario${verdict.failing === 1 ? '' : 's'} fail`,
      ...failing,
    ];
  }
  const counts = new Map<GateChangeKind, number>();
  for (const change of verdict.changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
  const guide = [
    'Each row above is a difference from the committed baseline. A regression is a bug to fix, not a number to update.',
    `To accept changes on purpose (an intended change of behaviour, reviewed row by row): re-run with --update-baseline, and commit ${verdict.baselinePath} with a message that says why each changed.`,
  ];
  return [
    `gate failed: ${verdict.changes.length} change${verdict.changes.length === 1 ? '' : 's'} against ${verdict.baselinePath} (${parts})`,
    ...failing,
    ...guide,
  ];
}

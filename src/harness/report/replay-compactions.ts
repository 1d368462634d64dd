/**
 * A replayed session's compactions side by side: where the recorded agent compacted (Claude Code's
 * `compact_boundary`, Codex's `compacted` lines, ADK compaction events, as `import` kept them) and
 * where the strategy under test shrank the request instead. Replay is open loop, so the two are
 * positions in the same recorded sequence of model calls: turn and call within the turn.
 *
 * Pure over the scenario's recorded block and the session's step records.
 */
import type { RecordedSession } from '../scenario/resolved-scenario.ts';
import type { StepRecord } from '../../world/session-result.ts';
import type { SuiteReport } from './suite-report.ts';

/** One place the recorded agent compacted: before `call` (0-based) of `turn`. */
export interface RecordedCompactionPoint {
  readonly turn: number;
  readonly call: number;
  readonly trigger: string | null;
  /** The size the recorded agent counted just before, when the log has it. */
  readonly preTokens: number | null;
}

/** One step where the strategy shrank the request it was built: summarized, or cut without a summary. */
export interface StrategyCompactionPoint {
  readonly step: number;
  readonly turn: number;
  /** 0-based model call within the turn (as the recorded points count them). */
  readonly call: number;
  readonly kind: 'summarized' | 'trimmed';
  /** Real tokens of the request as built and as sent. */
  readonly realBefore: number;
  readonly realAfter: number;
}

export interface ReplayCompactions {
  readonly recorded: readonly RecordedCompactionPoint[];
  readonly strategy: readonly StrategyCompactionPoint[];
}

/** Both lists, in session order (steps of a session that never finished: those it played). */
export function replayCompactionsOf(
  recorded: RecordedSession['compactions'],
  steps: readonly StepRecord[],
): ReplayCompactions {
  const strategy: StrategyCompactionPoint[] = [];
  const callsInTurn = new Map<number, number>();
  for (const step of steps) {
    const call = callsInTurn.get(step.turn) ?? 0;
    callsInTurn.set(step.turn, call + 1);
    // A step that re-sends a stored summary made no new compaction: only a summarizer call or a cut counts.
    const kind = step.summarizerCalls.length > 0 ? 'summarized' : step.trimmed ? 'trimmed' : null;
    if (kind === null) continue;
    strategy.push({
      step: step.step,
      turn: step.turn,
      call,
      kind,
      realBefore: step.realBefore,
      realAfter: step.realAfter,
    });
  }
  return {
    recorded: recorded.map((point) => ({
      turn: point.turn,
      call: point.call ?? 0,
      trigger: point.trigger ?? null,
      preTokens: point.preTokens ?? null,
    })),
    strategy,
  };
}

/** Points listed on a terminal line before the rest are counted. */
const LISTED = 5;

/** What the recorded agent did and what the strategy did, each point as turn and call. */
export function replayCompactionsParts(compactions: ReplayCompactions): { recorded: string; strategy: string } {
  const recorded =
    compactions.recorded.length === 0
      ? 'never compacted'
      : `compacted ${listed(
          compactions.recorded.map(
            (point) =>
              `before turn ${point.turn} call ${point.call}${point.trigger === null ? '' : ` (${point.trigger})`}${
                point.preTokens === null ? '' : ` at ${point.preTokens.toLocaleString('en-US')} tokens`
              }`,
          ),
        )}`;
  const summarized = compactions.strategy.filter((point) => point.kind === 'summarized');
  const trimmed = compactions.strategy.filter((point) => point.kind === 'trimmed');
  const parts: string[] = [];
  if (summarized.length > 0) parts.push(`summarized ${listed(summarized.map(pointText))}`);
  if (trimmed.length > 0) parts.push(`cut without a summary ${listed(trimmed.map(pointText))}`);
  return { recorded, strategy: parts.length === 0 ? 'never compacted' : parts.join('; ') };
}

function pointText(point: StrategyCompactionPoint): string {
  return `at turn ${point.turn} call ${point.call} (${point.realBefore.toLocaleString('en-US')} → ${point.realAfter.toLocaleString('en-US')} tokens)`;
}

function listed(items: readonly string[]): string {
  const shown = items.slice(0, LISTED).join(', ');
  const times = items.length === 1 ? 'once,' : `${items.length} times:`;
  return items.length <= LISTED ? `${times} ${shown}` : `${times} ${shown}, … ${items.length - LISTED} more`;
}

/** The terminal section: two lines per replayed scenario; '' when the report holds none. */
export function replayCompactionsLines(report: SuiteReport): string {
  const lines = report.scenarios.flatMap((record) => {
    if (record.replay === undefined) return [];
    const { recorded, strategy } = replayCompactionsParts(record.replay);
    return [
      `  ${record.name}:`,
      `    recorded agent: ${recorded}`,
      `    ${record.settings.strategy.name}: ${strategy}`,
    ];
  });
  if (lines.length === 0) return '';
  return [
    'Replayed logs: where the recorded agent compacted, and where the strategy did (turn and call of the recorded sequence):',
    ...lines,
  ].join('\n');
}

/** The Markdown section: one row per replayed scenario; '' when the report holds none. */
export function replayCompactionsMarkdown(report: SuiteReport): string {
  const rows = report.scenarios.flatMap((record) => {
    if (record.replay === undefined) return [];
    const { recorded, strategy } = replayCompactionsParts(record.replay);
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    return [`| \`${record.name.replace(/[`|]/g, "'")}\` | ${cell(recorded)} | ${cell(strategy)} |`];
  });
  if (rows.length === 0) return '';
  return [
    "## Replayed logs: recorded compactions beside the strategy's",
    '',
    '| scenario | the recorded agent | the strategy |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

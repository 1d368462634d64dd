/**
 * A replayed log's compactions beside the strategy's (harness/report/replay-compactions.ts): the
 * points as the step records give them, and in simulate's and compare's reports on a pack session
 * whose recorded agent compacted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compare, simulate } from '../../../src/api/index.ts';
import { replayCompactionsOf } from '../../../src/harness/report/replay-compactions.ts';
import type { StepRecord } from '../../../src/world/session-result.ts';
import { ROOT, tempDir } from '../../cli/run-cli.ts';

/** A step record with only what the points read; the rest as a plain step. */
const step = (at: number, turn: number, shape: Partial<StepRecord>): StepRecord =>
  ({
    step: at,
    turn,
    realBefore: 1000 + at,
    realAfter: 500 + at,
    summarizerCalls: [],
    trimmed: false,
    reinjection: false,
    ...shape,
  }) as unknown as StepRecord;

const SESSION = 'scenarios/traces/claude-code/spotter-258c7280.yaml';

describe('replay compactions', () => {
  it('numbers each call within its turn, counts summarizing and cutting steps, and not a re-sent summary', () => {
    const call = { outcome: 'ok' } as unknown as StepRecord['summarizerCalls'][number];
    const points = replayCompactionsOf(
      [{ turn: 1, call: 2, trigger: 'auto', preTokens: 9000 }, { turn: 2 }],
      [
        step(0, 0, {}),
        step(1, 0, { summarizerCalls: [call] }),
        step(2, 1, { reinjection: true }),
        step(3, 1, {}),
        step(4, 1, { trimmed: true }),
        step(5, 2, { summarizerCalls: [call, call] }),
      ],
    );
    expect(points.recorded).toEqual([
      { turn: 1, call: 2, trigger: 'auto', preTokens: 9000 },
      { turn: 2, call: 0, trigger: null, preTokens: null },
    ]);
    expect(points.strategy).toEqual([
      { step: 1, turn: 0, call: 1, kind: 'summarized', realBefore: 1001, realAfter: 501 },
      { step: 4, turn: 1, call: 2, kind: 'trimmed', realBefore: 1004, realAfter: 504 },
      { step: 5, turn: 2, call: 0, kind: 'summarized', realBefore: 1005, realAfter: 505 },
    ]);
  });

  it('simulate shows where the recorded Claude Code compacted beside where the strategy did, in every report', async () => {
    const reportDir = tempDir('replay-compactions');
    const { report } = await simulate({ paths: [SESSION], strategy: 'sliding_window', jobs: 1, cwd: ROOT, reportDir });
    const record = report.scenarios[0]!;
    // The recorded point as the file states it (the log's compact_boundary and its preTokens).
    expect(record.replay?.recorded).toEqual([{ turn: 1, call: 71, trigger: 'auto', preTokens: 167094 }]);
    // The strategy's points are exactly its summarizing steps, each at its call within the turn.
    const summarizing = record.steps.filter((s) => s.summarizerCalls.length > 0);
    expect(summarizing.length).toBeGreaterThan(0);
    expect(record.replay?.strategy.map((point) => point.step)).toEqual(
      record.steps.filter((s) => s.summarizerCalls.length > 0 || s.trimmed).map((s) => s.step),
    );
    for (const point of record.replay!.strategy)
      expect(point.call).toBe(record.steps.filter((s) => s.turn === point.turn && s.step < point.step).length);
    const markdown = readFileSync(join(reportDir, 'report.md'), 'utf8');
    expect(markdown).toContain(
      '| `spotter-258c7280` | compacted once, before turn 1 call 71 (auto) at 167,094 tokens |',
    );
    expect(JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')).scenarios[0].replay).toEqual(record.replay);
    expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain(
      '<li><b>recorded agent</b>: compacted once, before turn 1 call 71 (auto) at 167,094 tokens</li>',
    );
  });

  it('compare puts each strategy beside the recorded compaction', async () => {
    const reportDir = tempDir('replay-compactions-compare');
    const report = await compare({
      paths: [SESSION],
      contenders: [{ name: 'threshold' }, { name: 'sliding_window' }],
      jobs: 1,
      cwd: ROOT,
      reportDir,
    });
    const results = report.scenarios[0]!.results;
    expect(results.map((result) => result.replay?.recorded.length)).toEqual([1, 1]);
    const markdown = readFileSync(join(reportDir, 'compare.md'), 'utf8');
    expect(markdown).toContain('`spotter-258c7280`: the recorded agent compacted once, before turn 1 call 71 (auto)');
    // In the replay as imported (without the prefix the log leaves out) threshold never reaches its trigger; sliding_window does.
    expect(markdown).toMatch(/\| `threshold` \| never compacted \|/);
    expect(markdown).toMatch(/\| `sliding_window` \| summarized \d+ times: at turn 0 call/);
  });
});

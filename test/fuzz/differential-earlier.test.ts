/**
 * Differential fuzzing compares WHERE two strategies break a property, not only whether: a run both
 * fail still counts against the one that broke it earlier in the same conversation (both on the
 * scenario's script up to there). A sliding window that forgets its continuation message loses the
 * user's request at the compaction step; the faithful one loses it too, one step later (it never
 * re-injects the continuation): per run, both fail; per step, the variant is worse.
 */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptedSteps } from '../../src/checker/scripted-steps.ts';
import type { Verdict } from '../../src/checker/verdict.ts';
import { differs, failsEarlier } from '../../src/fuzz/differential/differential-verdicts.ts';
import { compareTallies, runDifferentialFuzz } from '../../src/fuzz/differential/run-differential.ts';
import { addVerdict, emptyTally } from '../../src/fuzz/run/property-tally.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/index.ts';
import type { StepRecord } from '../../src/world/session-result.ts';
import type { WorldTurn } from '../../src/world/world-scenario.ts';

const out = mkdtempSync(join(tmpdir(), 'fuzz-differential-earlier-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const VARIANT = './src/fuzz/planted-bugs/sliding-window-no-continuation.ts';

function failed(step: number | null, scripted?: number): Verdict {
  const violation = {
    property: 'user-request-preserved' as const,
    step,
    turn: 0,
    message: `lost at step ${step}`,
    infeasible: null,
  };
  return scripted === undefined
    ? { status: 'failed', violation }
    : { status: 'failed', violation, scriptedSteps: scripted };
}

describe('where two strategies break a property', () => {
  it('counts the steps that follow the script: each turn planned in full, no short circuit, no retry', () => {
    const turn = (toolCalls: number, sequential: boolean) =>
      ({ toolCalls: Array.from({ length: toolCalls }), sequential }) as unknown as WorldTurn;
    const turns = [turn(2, true), turn(3, false), turn(0, false)];
    const step = (turn: number, label: string, shortCircuited = false) =>
      ({ turn, label, shortCircuited }) as StepRecord;
    const script = [
      step(0, 'user'),
      step(0, 'tool-chain-0'),
      step(0, 'tool-chain-1'),
      step(1, 'user'),
      step(1, 'tool-results'),
      step(2, 'user'),
    ];
    expect(scriptedSteps({ turns }, { steps: script })).toBe(6);
    expect(scriptedSteps({ turns }, { steps: [...script.slice(0, 4), step(1, 'retry'), step(2, 'user')] })).toBe(4);
    expect(
      scriptedSteps({ turns }, { steps: [step(0, 'user'), step(0, 'tool-chain-0', true), step(0, 'tool-chain-1')] }),
    ).toBe(1);
    // Turn 0 ended after two of its three steps: what follows is another point of the conversation.
    expect(scriptedSteps({ turns }, { steps: [step(0, 'user'), step(0, 'tool-chain-0'), step(1, 'user')] })).toBe(2);
  });

  it('a failure differs from a later one only inside both scripted prefixes', () => {
    expect(differs(failed(10, 30), failed(11, 30))).toBe(true);
    expect(differs(failed(11, 30), failed(10, 30))).toBe(false);
    expect(differs(failed(10, 30), failed(10, 30))).toBe(false);
    expect(differs(failed(10, 10), failed(11, 30))).toBe(false); // mine left the script before step 10
    expect(differs(failed(10, 30), failed(11, 5))).toBe(false); // the reference left it before
    expect(differs(failed(10), failed(11))).toBe(false); // not known where the sessions stood
    expect(differs(failed(null, 30), failed(11, 30))).toBe(false);
    expect(differs(failed(10, 30), { status: 'passed' })).toBe(true);
    expect(failsEarlier(failed(3, 9) as never, failed(4, 9) as never)).toBe(true);
  });

  it('compares tallies run by run: both fail, but one first', () => {
    const mine = emptyTally('user-request-preserved');
    const reference = emptyTally('user-request-preserved');
    addVerdict(mine, 0, failed(10, 30));
    addVerdict(reference, 0, failed(11, 30)); // mine first
    addVerdict(mine, 1, failed(12, 30));
    addVerdict(reference, 1, failed(5, 30)); // the reference first
    addVerdict(mine, 2, failed(7, 30));
    addVerdict(reference, 2, failed(7, 30)); // together
    addVerdict(mine, 3, failed(7, 30));
    addVerdict(reference, 3, { status: 'passed' });
    const compared = compareTallies(mine, reference);
    expect(compared).toMatchObject({
      bothFailed: 3,
      mineFailedFirst: 1,
      referenceFailedFirst: 1,
      onlyMine: [0, 3],
      onlyReference: [1],
    });
  });

  it('finds the sliding window that forgets its continuation, which a per-run comparison cannot tell apart', {
    timeout: 120_000,
  }, async () => {
    const spec: ScenarioSpec = {
      name: 'chain',
      profile: 'adk',
      session: { contextWindow: 100_000 },
      turns: [
        {
          repeat: 2,
          user: 'Turn {i}: please investigate the outage thoroughly',
          sequential: true,
          tools: 'abcdefghijkl'.split('').map((name) => ({ name, size: 300 })),
        },
      ],
    };
    const report = await runDifferentialFuzz({
      strategy: { name: VARIANT, options: {} },
      against: { name: 'sliding_window', options: {} },
      arbitrary: fc.constant(spec),
      runs: 1,
      seed: 1,
      properties: ['user-request-preserved'],
      outDir: out,
      cwd: process.cwd(),
      maxShrinkCandidates: 1,
      // The steps below are those of the default window (20 contents), not of drawn options.
      varyOptions: false,
    });
    const [property] = report.properties;
    expect(property).toMatchObject({
      mineFailed: 1,
      referenceFailed: 1,
      bothFailed: 1,
      mineFailedFirst: 1,
      onlyMine: [0],
      onlyReference: [],
    });
    expect(report.failed).toBe(true);
    const found = property!.counterexample!;
    expect(found.failure.violation.message).toMatch(
      /^step 10 \(turn 0, tool-chain-9\) sent a request without turn 0's user message/,
    );
    expect(found.reference.status).toBe('failed');
    const text = readFileSync(found.file.file, 'utf8');
    expect(text).toContain(
      `user-request-preserved fails for strategy ${VARIANT} at step 10, where sliding_window still holds it (sliding_window breaks it later in the same conversation)`,
    );
    expect(text).toContain(
      'sliding_window: holds it at step 10 and breaks it only later: step 11 (turn 0, tool-chain-10)',
    );
  });
});

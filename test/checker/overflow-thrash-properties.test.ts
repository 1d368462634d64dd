import { describe, expect, it } from 'vitest';
import { noOverflow, noThrash } from '../../src/checker/properties/index.ts';
import { requestFloorOf } from '../../src/checker/infeasibility/measure-floor.ts';
import { phase, session, step, summarizerCall, turn, world } from './helpers/session-fixtures.ts';

describe('no-overflow', () => {
  it('holds when nothing was sent above the window', () => {
    expect(noOverflow.check(world(), session([step(0), step(1, { realAfter: 8_000 })]))).toBeNull();
  });

  it('fails on an unexplained overflow and names the step and the numbers', () => {
    const steps = [
      step(0, { heuristicAfter: 1_000, realAfter: 2_000 }),
      step(1, { heuristicAfter: 4_100, realAfter: 8_200, label: 'tool-results' }),
    ];
    const v = noOverflow.check(world(), session(steps));
    expect(v?.infeasible).toBeNull();
    expect(v?.message).toBe('step 1 (turn 1, tool-results) sent 8200 real tokens to a 8000-token window');
  });

  it('is infeasible when the system prompt alone is over the window', () => {
    const big = world({ systemPrompt: { kind: 'go-system-prompt', size: 16_004 } }); // 4001 heuristic × 2 = 8002 real
    const v = noOverflow.check(big, session([step(0, { heuristicAfter: 4_101, realAfter: 8_202 })]));
    expect(v?.infeasible?.reason).toBe('fixed-overhead-over-window');
  });

  it('fails when one overflow is excused and a later one is not', () => {
    const big = world({ turns: [turn(0, { user: { kind: 'prose', size: 16_400 } }), turn(1)] });
    const steps = [
      step(0, { turn: 0, heuristicAfter: 4_100, realAfter: 8_200 }),
      step(1, { turn: 1, heuristicAfter: 4_100, realAfter: 8_200 }),
    ];
    const v = noOverflow.check(big, session(steps));
    expect(v?.infeasible).toBeNull();
    expect(v?.step).toBe(1);
  });
});

describe('requestFloorOf', () => {
  it('counts the MCP declarations as ContextGuard does, times the ratio', () => {
    const tools = world({
      toolDeclarations: { count: 20, schemaSize: 2_000 },
      phases: [phase({ tokenModel: { kind: 'ratio', ratio: 2 } })],
    });
    expect(requestFloorOf(tools).overheadRealTokens(0)).toBe(22_680); // 11,340 heuristic tokens (spec §10) × 2
  });

  it('counts the text of the user message as one request with the overhead, never its attachments (a strategy may drop them)', () => {
    const withImage = world({
      turns: [turn(0, { user: { text: 'x'.repeat(400) }, attachments: [{ mimeType: 'image/png', size: 2_048 }] })],
    });
    expect(requestFloorOf(withImage).carryingRequestRealTokens(0)).toBe(100 * 2);
    const prompted = world({
      systemPrompt: { kind: 'go-system-prompt', size: 802 },
      turns: [turn(0, { user: { text: 'x'.repeat(402) } })],
    });
    // One request, rounded once: floor((200 + 100) × 1.5), not floor(200 × 1.5) + floor(100 × 1.5) + ...
    const ratio = world({ ...prompted, phases: [phase({ tokenModel: { kind: 'ratio', ratio: 1.5 } })] });
    expect(requestFloorOf(ratio).carryingRequestRealTokens(0)).toBe(Math.floor((200 + 100) * 1.5));
  });

  it('is the overhead alone when the user message is empty', () => {
    const empty = world({
      systemPrompt: { kind: 'go-system-prompt', size: 800 },
      turns: [turn(0, { user: { text: '' } })],
    });
    expect(requestFloorOf(empty).carryingRequestRealTokens(0)).toBe(requestFloorOf(empty).overheadRealTokens(0));
  });
});

describe('no-thrash', () => {
  const summarized = (i: number) =>
    step(i, { summarizerCalls: [summarizerCall()], heuristicBefore: 1_000 + i * 10, realBefore: 2_000 + i * 20 });

  it('fails on three summarizations within five steps that nothing forced', () => {
    const steps = [summarized(0), step(1), summarized(2), step(3), summarized(4), step(5)];
    const v = noThrash.check(world(), session(steps));
    expect(v?.infeasible).toBeNull();
    expect(v?.message).toContain('steps 0, 2, 4');
  });

  it('holds when the summarizations are spread out', () => {
    const steps = [summarized(0), step(1), step(2), summarized(3), step(4), step(5), summarized(6)];
    expect(noThrash.check(world({ turns: Array.from({ length: 7 }, (_, i) => turn(i)) }), session(steps))).toBeNull();
  });

  it('follows the scenario thrash settings', () => {
    const steps = [summarized(0), summarized(1), step(2)];
    expect(noThrash.check(world({ thrash: { count: 2, withinSteps: 2 } }), session(steps))?.message).toContain(
      'steps 0, 1',
    );
    expect(noThrash.check(world({ thrash: { count: 3, withinSteps: 5 } }), session(steps))).toBeNull();
  });
});

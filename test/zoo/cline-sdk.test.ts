import { describe, expect, it } from 'vitest';
import { clineSdkStrategy, SUMMARY_PREFIX } from '../../src/zoo/cline-sdk.ts';
import { scenario, tool } from '../world/helpers/world-fixtures.ts';
import { call, fakeContext, model, play, recordEvent, response, sentAt, user } from './helpers/zoo-fixtures.ts';

const turns = (n: number, size: number) =>
  Array.from({ length: n }, (_, i) => [
    user(`u${i}`, `q${i} ${'x'.repeat(size)}`),
    model(`m${i}`, `a${i} ${'y'.repeat(size)}`),
  ]).flat();

describe('cline-sdk', () => {
  it('is off unless enabled (the upstream default)', async () => {
    expect(
      await clineSdkStrategy().compactSession!(fakeContext({ window: 1_000, events: turns(10, 400) })),
    ).toBeUndefined();
  });

  it('fires at 0.9 × maxInput (0.9 × W when only W is known), counting the system and tool tokens', async () => {
    // W 10,000 → maxInput 9,000 → trigger 8,100; 8 turns × 2 × ~100 tokens = 1,600 + overhead.
    const events = turns(8, 400);
    const strategy = clineSdkStrategy({ enabled: true, preserveRecentTokens: 100 });
    expect(
      await strategy.compactSession!({
        ...fakeContext({ window: 10_000, events }),
        requestOverhead: { systemInstructionTokens: 6_000, toolDeclarationTokens: 400 },
      }),
    ).toBeUndefined();
    const ctx = {
      ...fakeContext({ window: 10_000, events }),
      requestOverhead: { systemInstructionTokens: 6_000, toolDeclarationTokens: 600 },
    };
    const outcome = await strategy.compactSession!(ctx);
    const contents = outcome!.append![0]!.contents;
    expect(contents[0]!.parts![0]!.text).toBe(`${SUMMARY_PREFIX}SUMMARY`);
    // Never cut after the latest typed user message: the last turn stays whole.
    expect(contents.slice(1).map((c) => c.parts![0]!.text!.slice(0, 2))).toEqual(['q7', 'a7']);
  });

  it('the cut never lands on a tool result; the summarizer sees tool text cut to 2,000 characters', async () => {
    const events = [
      user('u1', 'go'),
      call('c1', 'read'),
      response('r1', 'c1', 'read', 'z'.repeat(9_000)),
      model('m1', 'ok'),
      user('u2', 'next'),
      call('c2', 'read'),
      response('r2', 'c2', 'read', 'w'.repeat(40)),
      model('m2', 'done'),
    ];
    const ctx = fakeContext({ window: 2_000, events });
    const outcome = await clineSdkStrategy({ enabled: true, preserveRecentTokens: 5 }).compactSession!(ctx);
    expect(JSON.stringify(ctx.summarizerRequests[0])).not.toContain('z'.repeat(2_100));
    expect(outcome!.append![0]!.contents.slice(1).map((c) => c.role)).toEqual(['user', 'model', 'user', 'model']);
  });

  it('a summarizer failure falls back to basic: typed user messages, up to 3 assistant texts, notes for dropped tool work', async () => {
    const events = [
      user('u1', 'go'),
      call('c1', 'read_file'),
      response('r1', 'c1', 'read_file', 'z'.repeat(9_000)),
      model('m1', 'ok'),
      user('u2', 'next'),
      model('m2', 'done'),
    ];
    const ctx = fakeContext({ window: 2_000, events, summarize: () => new Error('down') });
    const outcome = await clineSdkStrategy({ enabled: true }).compactSession!(ctx);
    const texts = outcome!.append![0]!.contents.map((c) => c.parts![0]!.text);
    expect(texts).toEqual([`${SUMMARY_PREFIX}Dropped work:\n- ran read_file({})`, 'go', 'ok', 'next', 'done']);
  });

  it('overflow recovery: a refused request forces a basic compaction on the retry, even when disabled', async () => {
    const world = scenario({
      refuseOverWindow: true,
      phase: { contextWindow: 1_000, tokenModel: { kind: 'ratio', ratio: 1 } },
      turnInputs: [{ user: 'go', tools: [tool('read', 6_000)] }],
    });
    const r = await play(world, clineSdkStrategy());
    expect(r.failure).toBeNull();
    expect(r.steps.map((s) => s.overflow)).toEqual([false, true, false]);
    expect(sentAt(r, 2)[0]).toBe(`user:${SUMMARY_PREFIX}Dropped work:\n- ran read({"param":"value"})`);
  });

  it('one typed task then a long tool loop: the cut lands on an assistant boundary past the task (PR #12317), not at 0', async () => {
    const loop = Array.from({ length: 6 }, (_, i) => [
      call(`c${i}`, 'read'),
      response(`r${i}`, `c${i}`, 'read', 'z'.repeat(1_600)),
    ]).flat();
    const events = [user('u1', 'port the data layer'), ...loop];
    const ctx = fakeContext({ window: 2_000, events });
    const outcome = await clineSdkStrategy({ enabled: true, preserveRecentTokens: 900 }).compactSession!(ctx);
    // The agentic summary (before the fix: clamped to the task at 0, skipped, then basic's notes).
    expect(ctx.summarizerRequests).toHaveLength(1);
    const contents = outcome!.append![0]!.contents;
    expect(contents[0]!.parts![0]!.text).toBe(`${SUMMARY_PREFIX}SUMMARY`);
    expect(contents[1]!.role).toBe('model');
    expect(contents.slice(1).map((c) => c.parts![0]!.functionCall?.name ?? 'resp')).toEqual([
      'read',
      'resp',
      'read',
      'resp',
      'read',
      'resp',
    ]);
  });

  it('generation 2026-07 (before PR #12317): the same loop cuts at 0 and compaction is skipped, no summarizer call', async () => {
    const loop = Array.from({ length: 6 }, (_, i) => [
      call(`c${i}`, 'read'),
      response(`r${i}`, `c${i}`, 'read', 'z'.repeat(1_600)),
    ]).flat();
    const events = [user('u1', 'port the data layer'), ...loop];
    const ctx = fakeContext({ window: 2_000, events });
    expect(
      await clineSdkStrategy({ enabled: true, preserveRecentTokens: 900, generation: '2026-07' }).compactSession!(ctx),
    ).toBeUndefined();
    expect(ctx.summarizerRequests).toHaveLength(0);
    expect(ctx.warnings).toEqual(['cline-sdk: task.compaction_skipped']);
    const message = (o: Record<string, unknown>) => clineSdkStrategy(o);
    expect(() => message({ generation: '2025' })).toThrow(/generation/);
  });

  it('nothing new after the previous summary: skipped without a summarizer call (the turn a compaction kept stays whole)', async () => {
    // The first compaction kept turn 1 (the latest typed user message) verbatim inside its record.
    const kept = [user('u1', `q1 ${'x'.repeat(400)}`), model('m1', `a1 ${'y'.repeat(4_000)}`)];
    const record = recordEvent('rec', {
      endEventId: 'm1',
      contents: [{ role: 'user', parts: [{ text: `${SUMMARY_PREFIX}S1` }] }, ...kept.map((e) => e.content!)],
    });
    const events = [user('u0', 'q0'), model('m0', 'a0'), ...kept, record];
    const ctx = fakeContext({ window: 1_000, events });
    const outcome = await clineSdkStrategy({ enabled: true, preserveRecentTokens: 10 }).compactSession!(ctx);
    // Before the fix: the previous summary alone was summarized again and appended.
    expect(ctx.summarizerRequests).toHaveLength(0);
    expect(outcome).toBeUndefined();
  });

  it('an empty summary skips compaction (no basic fallback: that is only for a failed call)', async () => {
    const events = [user('u1', 'go'), model('m1', 'x'.repeat(8_000)), user('u2', 'next'), model('m2', 'done')];
    const ctx = fakeContext({ window: 2_000, events, summarize: () => '' });
    expect(await clineSdkStrategy({ enabled: true, preserveRecentTokens: 5 }).compactSession!(ctx)).toBeUndefined();
    expect(ctx.summarizerRequests).toHaveLength(1);
  });
});

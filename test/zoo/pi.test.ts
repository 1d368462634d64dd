import { describe, expect, it } from 'vitest';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import { estimateTokens, findCutPoint, piStrategy, PI_SUMMARY_PREFIX, PI_UPDATE_PROMPT } from '../../src/zoo/pi.ts';
import { scenario, tool } from '../world/helpers/world-fixtures.ts';
import { call, fakeContext, model, play, recordEvent, response, user } from './helpers/zoo-fixtures.ts';

describe('pi', () => {
  it('trigger after the prompt: tokens > W − reserveTokens (16,384)', async () => {
    const strategy = piStrategy({ keepRecentTokens: 1 });
    const events = [user('u1', 'q'), model('m1', 'a'), user('u2', 'q2'), model('m2', 'a2')];
    const at = fakeContext({ window: 100_000, events });
    strategy.afterModel!(at, {}, modelUsage({ inputTokens: 83_000, outputTokens: 616 }));
    expect(await strategy.afterInvocation!(at)).toBeUndefined();
    strategy.afterModel!(at, {}, modelUsage({ inputTokens: 83_000, outputTokens: 617 }));
    const outcome = await strategy.afterInvocation!(at);
    // The cut (keep ≥ 1 token) lands on the last answer, inside turn 2: a split turn, two summaries merged.
    expect(outcome!.append![0]).toEqual({
      endEventId: 'u2',
      contents: [{ role: 'user', parts: [{ text: `${PI_SUMMARY_PREFIX}SUMMARY\n\nSUMMARY` }] }],
    });
    expect(at.summarizerRequests[0]!.config).toEqual({ maxOutputTokens: 13_107 });
  });

  it('stale-usage guard: usage older than the latest compaction skips the check (no estimate instead)', async () => {
    const strategy = piStrategy({ keepRecentTokens: 1 });
    const ctx = fakeContext({ window: 20_000, events: [user('u1', 'q')] });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 19_000 }));
    // The kept context alone is ~5,000 estimated tokens (over W − 16,384): still no compaction.
    const events = [
      user('u1', 'q'),
      recordEvent('rec', { endEventId: 'u1', contents: [] }),
      user('u2', 'x'.repeat(20_000)),
      model('m2', 'ok'),
    ];
    const later = fakeContext({ window: 20_000, events, state: Object.fromEntries(ctx.values) });
    expect(await strategy.afterInvocation!(later)).toBeUndefined();
    expect(later.summarizerRequests).toHaveLength(0);
  });

  it('cut: keep ≥ keepRecentTokens, never at a tool result; a cut inside a turn summarizes the turn prefix apart', async () => {
    const events = [
      user('u1', 'old'),
      model('m1', 'x'.repeat(400)),
      user('u2', 'task'),
      call('c1', 'read'),
      response('r1', 'c1', 'read', 'y'.repeat(400)),
      call('c2', 'read'),
      response('r2', 'c2', 'read', 'z'.repeat(400)),
    ];
    const history = projectedHistory(fakeContext({ events }));
    // The budget is reached at r1: the cut moves FORWARD to the next cut point, c2 (it kept r1 and c1 before).
    expect(findCutPoint(history, 150)).toBe(5);
    // Reached at the last tool result: no cut point at or after it, so the first one (nothing compacted).
    expect(findCutPoint(history, 100)).toBe(0);
    const ctx = fakeContext({
      window: 1_000,
      events,
      state: { 'pi:lastAssistantUsage': { tokens: 999, compactions: 0 } },
    });
    const outcome = await piStrategy({ keepRecentTokens: 150, reserveTokens: 100 }).afterInvocation!(ctx);
    expect(ctx.summarizerRequests).toHaveLength(2);
    expect(outcome!.append![0]!.endEventId).toBe('r1');
  });

  it('estimator "cjk-aware" (OpenClaw after PR #114386): a CJK character counts as about one token, so the kept tail shrinks', () => {
    const content = { role: 'user', parts: [{ text: '日本語のテキスト' }] };
    expect(estimateTokens(content)).toBe(2);
    expect(estimateTokens(content, true)).toBe(8);
    const events = [
      user('u1', '任務'.repeat(200)),
      model('m1', '回答'.repeat(200)),
      user('u2', '次'.repeat(400)),
      model('m2', '終'.repeat(400)),
    ];
    const history = projectedHistory(fakeContext({ events }));
    expect(findCutPoint(history, 300)).toBe(1);
    expect(findCutPoint(history, 300, true)).toBe(3);
    expect(() => piStrategy({ estimator: 'tiktoken' })).toThrow(/estimator/);
  });

  it('anchors on the previous summary with the UPDATE prompt', async () => {
    const events = [
      user('u1', 'old'),
      model('m1', 'a'),
      recordEvent('rec', {
        endEventId: 'm1',
        contents: [{ role: 'user', parts: [{ text: `${PI_SUMMARY_PREFIX}PREVIOUS` }] }],
      }),
      user('u2', 'new'),
      model('m2', 'x'.repeat(400)),
    ];
    const ctx = fakeContext({
      window: 1_000,
      events,
      state: { 'pi:lastAssistantUsage': { tokens: 999, compactions: 1 } },
    });
    await piStrategy({ keepRecentTokens: 50, reserveTokens: 100 }).afterInvocation!(ctx);
    const prompt = ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text!;
    expect(prompt).toContain(PI_UPDATE_PROMPT);
    expect(prompt).toContain('PREVIOUS');
  });

  it('overflow: compact and retry once; a second overflow in the same prompt is not retried (PI-1)', async () => {
    const world = scenario({
      refuseOverWindow: true,
      phase: { contextWindow: 3_000, tokenModel: { kind: 'ratio', ratio: 1 } },
      turnInputs: [
        {
          user: 'go',
          sequential: true,
          tools: [tool('a', 4_000), tool('b', 4_000), tool('c', 4_000), tool('d', 16_000)],
        },
      ],
    });
    // keepRecentTokens above one tool result (~1,000 estimated tokens): a cut point exists after where the budget is reached.
    const r = await play(world, piStrategy({ keepRecentTokens: 1_500, reserveTokens: 500 }));
    expect(r.failure).toBeNull();
    const overflows = r.steps.filter((s) => s.overflow).length;
    expect(overflows).toBe(2);
    expect(r.steps.at(-1)!.overflow).toBe(true);
  });
});

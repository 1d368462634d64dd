import { describe, expect, it } from 'vitest';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import { findCutPoint, piStrategy, PI_SUMMARY_PREFIX, PI_UPDATE_PROMPT } from '../../src/zoo/pi.ts';
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
    expect(outcome!.append![0]).toEqual({ endEventId: 'u2', contents: [{ role: 'user', parts: [{ text: `${PI_SUMMARY_PREFIX}SUMMARY\n\nSUMMARY` }] }] });
    expect(at.summarizerRequests[0]!.config).toEqual({ maxOutputTokens: 13_107 });
  });

  it('stale-usage guard: usage older than the latest compaction is replaced by chars/4', async () => {
    const strategy = piStrategy();
    const ctx = fakeContext({ window: 20_000, events: [user('u1', 'q')] });
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 19_000 }));
    const later = fakeContext({ window: 20_000, events: [user('u1', 'q'), recordEvent('rec', { endEventId: 'u1', contents: [] })], state: Object.fromEntries(ctx.values) });
    expect(await strategy.afterInvocation!(later)).toBeUndefined();
  });

  it('cut: keep ≥ keepRecentTokens, never at a tool result; a cut inside a turn summarizes the turn prefix apart', async () => {
    const events = [user('u1', 'old'), model('m1', 'x'.repeat(400)), user('u2', 'task'), call('c1', 'read'), response('r1', 'c1', 'read', 'y'.repeat(400)), call('c2', 'read'), response('r2', 'c2', 'read', 'z'.repeat(400))];
    const history = projectedHistory(fakeContext({ events }));
    expect(findCutPoint(history, 100)).toBe(5);
    const ctx = fakeContext({ window: 1_000, events, state: { 'pi:lastAssistantUsage': { tokens: 999, compactions: 0 } } });
    const outcome = await piStrategy({ keepRecentTokens: 100, reserveTokens: 100 }).afterInvocation!(ctx);
    expect(ctx.summarizerRequests).toHaveLength(2);
    expect(outcome!.append![0]!.endEventId).toBe('r1');
  });

  it('anchors on the previous summary with the UPDATE prompt', async () => {
    const events = [user('u1', 'old'), model('m1', 'a'), recordEvent('rec', { endEventId: 'm1', contents: [{ role: 'user', parts: [{ text: `${PI_SUMMARY_PREFIX}PREVIOUS` }] }] }), user('u2', 'new'), model('m2', 'x'.repeat(400))];
    const ctx = fakeContext({ window: 1_000, events, state: { 'pi:lastAssistantUsage': { tokens: 999, compactions: 1 } } });
    await piStrategy({ keepRecentTokens: 50, reserveTokens: 100 }).afterInvocation!(ctx);
    const prompt = ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text!;
    expect(prompt).toContain(PI_UPDATE_PROMPT);
    expect(prompt).toContain('PREVIOUS');
  });

  it('overflow: compact and retry once; a second overflow in the same prompt is not retried (PI-1)', async () => {
    const world = scenario({ refuseOverWindow: true, phase: { contextWindow: 3_000, tokenModel: { kind: 'ratio', ratio: 1 } }, turnInputs: [{ user: 'go', sequential: true, tools: [tool('a', 4_000), tool('b', 4_000), tool('c', 4_000), tool('d', 16_000)] }] });
    const r = await play(world, piStrategy({ keepRecentTokens: 100, reserveTokens: 500 }));
    expect(r.failure).toBeNull();
    const overflows = r.steps.filter((s) => s.overflow).length;
    expect(overflows).toBe(2);
    expect(r.steps.at(-1)!.overflow).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/engine/types.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import {
  CODEX_EFFECTIVE_CONTEXT_WINDOW_PERCENT,
  codexRemoteStrategy,
  compactedHistory,
  modelContextWindow,
  trimCodexGeneratedTail,
} from '../../src/zoo/codex-remote.ts';
import { call, fakeContext, model, response, textOf, user } from './helpers/zoo-fixtures.ts';

const said = (role: string, text: string): Content => ({ role, parts: [{ text }] });
const output = (size: number): Content => ({
  role: 'user',
  parts: [{ functionResponse: { name: 'read', response: { result: 'x'.repeat(size) } } }],
});
const events = () => [
  user('u1', 'fix the build', 'inv-0'),
  call('c1', 'read', 'inv-0'),
  response('r1', 'c1', 'read', 'y'.repeat(4_000), 'inv-0'),
  model('m1', 'done', 'inv-0'),
  user('u2', 'now the tests'),
];

describe('codex remote compaction', () => {
  it('the trim measures against 95 % of the window (model_context_window)', () => {
    expect(CODEX_EFFECTIVE_CONTEXT_WINDOW_PERCENT).toBe(95);
    expect(modelContextWindow(272_000)).toBe(258_400);
  });

  it('trim: trailing tool outputs go while the estimate is over; a model item at the end stops it', () => {
    const items = [said('user', 'go'), said('model', 'calling'), output(4_000), output(4_000)];
    // 1 + 2 + 1,000 + 1,000 approx tokens, + 100 of base instructions.
    expect(trimCodexGeneratedTail(items, 1_500, 100)).toHaveLength(3);
    expect(trimCodexGeneratedTail(items, 500, 100)).toHaveLength(2);
    expect(trimCodexGeneratedTail([...items, said('model', 'more')], 500, 100)).toHaveLength(5);
  });

  it('trim: removing a tool output removes the call it answers (remove_last_item, @c3756006 history.rs L137–144)', () => {
    const callOf = (id: string): Content => ({
      role: 'model',
      parts: [{ functionCall: { id, name: 'read', args: {} } }],
    });
    const outputOf = (id: string, size: number): Content => ({
      role: 'user',
      parts: [{ functionResponse: { id, name: 'read', response: { result: 'x'.repeat(size) } } }],
    });
    const items = [said('user', 'go'), callOf('a'), outputOf('a', 400), callOf('b'), outputOf('b', 4_000)];
    // Before: the output went but its call stayed, an orphan sent to the server.
    expect(trimCodexGeneratedTail(items, 500, 0).map(textOf)).toEqual(['go', 'call:read', 'resp:read']);
    // The loop goes on while over the window: the next output and its call go too; the user message stops it.
    expect(trimCodexGeneratedTail(items, 5, 0).map(textOf)).toEqual(['go']);
    expect(items).toHaveLength(5);
  });

  it('under the limit (90 % of W): nothing', async () => {
    const ctx = fakeContext({ window: 10_000, events: events(), invocationId: 'inv-1' });
    const strategy = codexRemoteStrategy();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 7_000, outputTokens: 900 }));
    expect(await strategy.compactSession!(ctx)).toBeUndefined();
  });

  it('pre-turn over the limit: the history goes to the server; user messages verbatim then the compaction item replace it, the new request after', async () => {
    const ctx = fakeContext({ window: 10_000, events: events(), invocationId: 'inv-1' });
    const strategy = codexRemoteStrategy();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 8_500, outputTokens: 600 }));
    const outcome = await strategy.compactSession!(ctx);
    expect(outcome!.append![0]!.endEventId).toBe('m1');
    expect(outcome!.append![0]!.contents.map((c) => `${c.role}:${textOf(c)}`)).toEqual([
      'user:fix the build',
      'model:SUMMARY',
    ]);
    expect(ctx.summarizerRequests[0]!.contents.map(textOf).slice(0, 4)).toEqual([
      'fix the build',
      'call:read',
      'resp:read',
      'done',
    ]);
  });

  it('a refused compaction request ends the turn: no retry, no trimming from the front, the failure logged', async () => {
    const ctx = fakeContext({
      window: 10_000,
      events: events(),
      invocationId: 'inv-1',
      summarize: () => new ContextWindowExceededError(11_000, 10_000),
    });
    const strategy = codexRemoteStrategy();
    strategy.afterModel!(ctx, {}, modelUsage({ inputTokens: 9_500, outputTokens: 100 }));
    expect(await strategy.compactSession!(ctx)).toEqual({ endInvocation: true });
    expect(ctx.summarizerRequests).toHaveLength(1);
    expect(ctx.warnings).toEqual(['codex-remote: remote compaction failed']);
  });

  it('an empty compaction item leaves the user messages only', () => {
    expect(compactedHistory([said('user', 'a'), said('model', 'b'), said('user', 'c')], '').map(textOf)).toEqual([
      'a',
      'c',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import {
  applyManagement,
  DEFAULT_WINDOW_SIZE,
  PRESERVE_CHARS,
  strandsSlidingWindowStrategy,
  truncateToolResults,
} from '../../src/zoo/strands-sliding-window.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { call, fakeContext, model, response, user } from './helpers/zoo-fixtures.ts';

const turns = (n: number) =>
  Array.from({ length: n }, (_, i) => [user(`u${i}`, `q${i}`), model(`m${i}`, `a${i}`)]).flat();
const settings = { windowSize: DEFAULT_WINDOW_SIZE, truncate: true, maxContextTokens: undefined };

describe('strands SlidingWindowConversationManager', () => {
  it('constants: window 40 messages, tool results keep their first and last 200 characters', () => {
    expect([DEFAULT_WINDOW_SIZE, PRESERVE_CHARS]).toEqual([40, 200]);
    const out = truncateToolResults({
      role: 'user',
      parts: [
        {
          functionResponse: {
            name: 't',
            response: { result: `${'a'.repeat(200)}${'m'.repeat(600)}${'z'.repeat(200)}` },
          },
        },
      ],
    })!;
    expect(out.parts![0]!.functionResponse!.response!.result).toBe(
      `${'a'.repeat(200)}...\n\n... [truncated: 600 chars removed] ...\n\n...${'z'.repeat(200)}`,
    );
    // Already truncated, or 400 characters or fewer: unchanged.
    expect(truncateToolResults(out)).toBeUndefined();
    expect(
      truncateToolResults({
        role: 'user',
        parts: [{ functionResponse: { name: 't', response: { result: 'x'.repeat(400) } } }],
      }),
    ).toBeUndefined();
  });

  it('after an invocation: over 40 messages, trim the oldest len − 40 forwards to a user message (no tool result)', async () => {
    const events = turns(22); // 44 messages
    const outcome = await strandsSlidingWindowStrategy().afterInvocation!(fakeContext({ events }));
    expect(outcome!.append).toEqual([{ endEventId: 'm1', contents: [] }]);
    expect(await strandsSlidingWindowStrategy().afterInvocation!(fakeContext({ events: turns(20) }))).toBeUndefined();
  });

  it('the oldest tool result is truncated first, and that ends the pass (the history did not shorten)', () => {
    const events = [
      user('u0', 'go'),
      call('c0', 'read'),
      response('r0', 'c0', 'read', 'y'.repeat(1_000)),
      model('m0', 'ok'),
      ...turns(19),
    ];
    const records = applyManagement(projectedHistory(fakeContext({ events })), settings);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ startEventId: 'r0', endEventId: 'r0' });
    // The next pass finds it truncated and trims.
    const next = applyManagement(
      projectedHistory(
        fakeContext({ events: [...events, { ...events[0]!, id: 'x', actions: { compaction: records[0]! } }] }),
      ),
      settings,
    );
    expect(next.map((r) => r.endEventId)).toEqual(['m0']);
  });

  it('one prompt, a long tool loop: no user message to trim to, so nothing changes after truncation', () => {
    const loop = Array.from({ length: 25 }, (_, i) => [
      call(`c${i}`, 'read'),
      response(`r${i}`, `c${i}`, 'read', 'ok'),
    ]).flat();
    expect(applyManagement(projectedHistory(fakeContext({ events: [user('u0', 'go'), ...loop] })), settings)).toEqual(
      [],
    );
  });

  it('overflow: reduce (trim to 2 messages under the window) and retry; nothing to trim → the error stands', async () => {
    const overflow = new ContextWindowExceededError(5_000, 4_000);
    const ctx = fakeContext({ events: turns(5) });
    expect(await strandsSlidingWindowStrategy().onModelError!(ctx, overflow, { contents: [] })).toEqual({
      append: [{ endEventId: 'm0', contents: [] }],
      retry: true,
    });
    const single = fakeContext({ events: [user('u0', 'go'), call('c0', 'read'), response('r0', 'c0', 'read', 'ok')] });
    expect(await strandsSlidingWindowStrategy().onModelError!(single, overflow, { contents: [] })).toBeUndefined();
    expect(single.warnings).toEqual(['strands-sliding-window: Unable to trim conversation context!']);
    expect(() => strandsSlidingWindowStrategy({ per_turn: 0 })).toThrow(/per_turn/);
  });

  it('per_turn N manages before every Nth model call', async () => {
    const strategy = strandsSlidingWindowStrategy({ per_turn: 2, window_size: 4 });
    const ctx = fakeContext({ events: turns(3) });
    expect(await strategy.compactSession!(ctx)).toBeUndefined();
    expect((await strategy.compactSession!(ctx))!.append).toEqual([{ endEventId: 'm0', contents: [] }]);
  });
});

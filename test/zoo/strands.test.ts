import { describe, expect, it } from 'vitest';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import {
  applyManagement,
  DEFAULT_WINDOW_SIZE,
  PRESERVE_CHARS,
  strandsSlidingWindowStrategy,
  trimIndex,
  truncateToolResults,
} from '../../src/zoo/strands-sliding-window.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { call, fakeContext, model, response, user } from './helpers/zoo-fixtures.ts';

const turns = (n: number) =>
  Array.from({ length: n }, (_, i) => [user(`u${i}`, `q${i}`), model(`m${i}`, `a${i}`)]).flat();
const settings = { windowSize: DEFAULT_WINDOW_SIZE, truncate: true };

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

  it('apply_management trims without truncating: tool results are truncated only after an overflow (@1232230d L198–208)', async () => {
    const events = [
      user('u0', 'go'),
      call('c0', 'read'),
      response('r0', 'c0', 'read', 'y'.repeat(1_000)),
      model('m0', 'ok'),
      ...turns(19),
    ];
    // Before (PR #2147's code): the routine pass truncated r0 and stopped there.
    expect(applyManagement([...projectedHistory(fakeContext({ events }))], settings)).toEqual([
      { endEventId: 'm0', contents: [] },
    ]);
    // After an overflow the oldest tool result is truncated first, and that is the whole reduction.
    const overflow = new ContextWindowExceededError(5_000, 4_000);
    const outcome = await strandsSlidingWindowStrategy().onModelError!(fakeContext({ events }), overflow, {
      contents: [],
    });
    expect(outcome).toMatchObject({ append: [{ startEventId: 'r0', endEventId: 'r0' }], retry: true });
  });

  it('one prompt, a long tool loop: no user message to trim to, so the cut falls back to a tool use followed by its result (#2174)', () => {
    const loop = Array.from({ length: 25 }, (_, i) => [
      call(`c${i}`, 'read'),
      response(`r${i}`, `c${i}`, 'read', 'ok'),
    ]).flat();
    const history = [...projectedHistory(fakeContext({ events: [user('u0', 'go'), ...loop] }))];
    // 51 messages: the cut starts at 11 (c5), a tool use whose result follows. Before: nothing changed.
    expect(applyManagement(history, settings)).toEqual([{ endEventId: 'r4', contents: [] }]);
    const fresh = projectedHistory(fakeContext({ events: [user('u0', 'go'), ...loop] })).map((m) => m.content);
    expect(trimIndex(fresh, 40)).toBe(11);
  });

  it('proactive_compression: projected tokens (last usage + the estimate after it) at 70 % of the window reduce before the call', async () => {
    const events = [
      ...turns(3),
      model('m9', 'x', 'inv-1', 6_000),
      user('u9', 'y'.repeat(4_000)), // ceil(4,000 / 4) = 1,000 estimated
    ];
    const strategy = strandsSlidingWindowStrategy({ proactive_compression: true, window_size: 40 });
    // 6,000 + 1,000 of 10,000 = 0.7: trim 2 forwards to a user message.
    expect((await strategy.compactSession!(fakeContext({ window: 10_000, events })))!.append).toEqual([
      { endEventId: 'm0', contents: [] },
    ]);
    expect(await strategy.compactSession!(fakeContext({ window: 10_001, events }))).toBeUndefined();
    const custom = strandsSlidingWindowStrategy({ proactive_compression: { compression_threshold: 0.9 } });
    expect(await custom.compactSession!(fakeContext({ window: 10_000, events }))).toBeUndefined();
    expect(() => strandsSlidingWindowStrategy({ proactive_compression: { compression_threshold: 0 } })).toThrow(
      /compression_threshold/,
    );
    expect(() => strandsSlidingWindowStrategy({ max_context_tokens: 1_000 })).toThrow();
  });

  it('window_size 0 clears every message', async () => {
    const outcome = await strandsSlidingWindowStrategy({ window_size: 0 }).afterInvocation!(
      fakeContext({ events: turns(2) }),
    );
    expect(outcome!.append).toEqual([{ endEventId: 'm1', contents: [] }]);
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

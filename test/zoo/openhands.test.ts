import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/engine/hook-types.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { StrategyOptionsError } from '../../src/engine/strategies/strategy-options.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import { pySlice, truncateContent } from '../../src/zoo/_shared/openhands.ts';
import {
  DEFAULT_KEEP_FIRST as AF_KEEP_FIRST,
  DEFAULT_MAX_SIZE as AF_MAX_SIZE,
  openhandsAmortizedForgettingStrategy,
} from '../../src/zoo/openhands-amortized-forgetting.ts';
import {
  DEFAULT_KEEP_FIRST,
  DEFAULT_MAX_EVENT_LENGTH,
  DEFAULT_MAX_SIZE,
  NO_EVENTS_SUMMARIZED,
  openhandsLlmSummarizingStrategy,
} from '../../src/zoo/openhands-llm-summarizing.ts';
import { DEFAULT_ATTENTION_WINDOW, MASKED, maskObservations } from '../../src/zoo/openhands-observation-masking.ts';
import { call, fakeContext, recordEvent, response, textOf, user } from './helpers/zoo-fixtures.ts';

/** n events: a user message, then call/response pairs. */
function session(n: number): SessionEvent[] {
  const events: SessionEvent[] = [user('e0', 'the goal')];
  for (let k = 1; events.length < n; k += 1) {
    events.push(call(`e${events.length}`, `t${k}`));
    if (events.length < n) events.push(response(`e${events.length}`, `e${events.length - 1}`, `t${k}`, `out${k}`));
  }
  return events;
}

describe('openhands-llm-summarizing', () => {
  it('constants of @156d0686: the app default keep_first 4 at max_size 120; events cut to 10,000 characters in the middle', () => {
    expect([DEFAULT_KEEP_FIRST, DEFAULT_MAX_SIZE, DEFAULT_MAX_EVENT_LENGTH]).toEqual([4, 120, 10_000]);
    expect(truncateContent('abcdefghij', 4)).toBe('ab\n[... Observation truncated due to length ...]\nij');
    expect(truncateContent('abc', 4)).toBe('abc');
  });

  it('Python slices: a stop of -0 is 0, a negative stop past the start is empty', () => {
    expect(pySlice([1, 2, 3, 4], 1, -0)).toEqual([]);
    expect(pySlice([1, 2, 3, 4], 1, -1)).toEqual([2, 3]);
    expect(pySlice([1, 2, 3, 4], 1, -9)).toEqual([]);
  });

  it('the constructor check: keep_first must be under half of max_size', () => {
    expect(() => openhandsLlmSummarizingStrategy({ max_size: 8, keep_first: 4 })).toThrow(StrategyOptionsError);
  });

  it('at 120 events nothing happens; at 121 the head of 4 stays, the tail keeps 55, the rest is summarized in one record', async () => {
    const strategy = openhandsLlmSummarizingStrategy();
    expect(await strategy.compactSession!(fakeContext({ events: session(120) }))).toBeUndefined();
    const ctx = fakeContext({ events: session(121) });
    const outcome = await strategy.compactSession!(ctx);
    const record = outcome!.append![0]!;
    // Events e4 .. e65 forgotten (121 − 4 − 55 = 62 events), the summary in their place.
    expect(record.startEventId).toBe('e4');
    expect(record.endEventId).toBe('e65');
    expect(record.contents.map(textOf)).toEqual(['SUMMARY']);
    const prompt = textOf(ctx.summarizerRequests[0]!.contents[0]);
    expect(prompt).toContain(`<PREVIOUS SUMMARY>\n${NO_EVENTS_SUMMARIZED}\n</PREVIOUS SUMMARY>`);
    expect(prompt.match(/<EVENT id=/g)!.length).toBe(62);
    expect(prompt).toContain('<EVENT id=e4>');
    expect(prompt).not.toContain('<EVENT id=e66>');
  });

  it('the next condensation sends the previous summary as such and replaces it (the new range covers the old one)', async () => {
    const events = session(121);
    events.push(
      recordEvent('rec1', {
        startEventId: 'e4',
        endEventId: 'e65',
        contents: [{ role: 'user', parts: [{ text: 'OLD SUMMARY' }] }],
      }),
    );
    let n = 121;
    while (projectedHistory({ events }).length <= 120) {
      events.push(user(`e${n}`, `more ${n}`));
      n += 1;
    }
    const ctx = fakeContext({ events, summarize: () => 'NEW' });
    const record = (await openhandsLlmSummarizingStrategy().compactSession!(ctx))!.append![0]!;
    const prompt = textOf(ctx.summarizerRequests[0]!.contents[0]);
    expect(prompt).toContain('<PREVIOUS SUMMARY>\nOLD SUMMARY\n</PREVIOUS SUMMARY>');
    expect(prompt).not.toContain('<EVENT id=rec1>');
    expect(record.startEventId).toBe('e4');
    const after = projectedHistory({ events: [...events, recordEvent('rec2', record)] });
    expect(after.map((m) => textOf(m.content)).filter((t) => t.includes('SUMMARY') || t === 'NEW')).toEqual(['NEW']);
    expect(after.length).toBe(60);
  });

  it('a context-window error condenses and retries; on a short view there is nothing to forget and the step fails', async () => {
    const strategy = openhandsLlmSummarizingStrategy();
    const overflow = new ContextWindowExceededError(9, 8);
    const outcome = await strategy.onModelError!(fakeContext({ events: session(80) }), overflow, { contents: [] });
    expect(outcome!.retry).toBe(true);
    expect(outcome!.append![0]!.endEventId).toBe('e24');
    await expect(
      strategy.onModelError!(fakeContext({ events: session(50) }), overflow, { contents: [] }),
    ).rejects.toThrow(/min\(\) arg is an empty sequence/);
  });

  it('a summarizer error propagates; an empty answer becomes an empty summary', async () => {
    const failing = fakeContext({ events: session(121), summarize: () => new Error('boom') });
    await expect(openhandsLlmSummarizingStrategy().compactSession!(failing)).rejects.toThrow(/boom/);
    const empty = fakeContext({ events: session(121), summarize: () => '' });
    expect((await openhandsLlmSummarizingStrategy().compactSession!(empty))!.append![0]!.contents.map(textOf)).toEqual([
      '',
    ]);
  });
});

describe('openhands-amortized-forgetting', () => {
  it('config defaults: max_size 100, keep_first 1; over 100 events the head of 1 and the last 49 stay, no summary', async () => {
    expect([AF_MAX_SIZE, AF_KEEP_FIRST]).toEqual([100, 1]);
    const strategy = openhandsAmortizedForgettingStrategy();
    expect(await strategy.compactSession!(fakeContext({ events: session(100) }))).toBeUndefined();
    const record = (await strategy.compactSession!(fakeContext({ events: session(101) })))!.append![0]!;
    expect(record).toEqual({ startEventId: 'e1', endEventId: 'e51', contents: [] });
  });

  it('a context-window error on a view no longer than the tail: nothing to forget, the step fails', async () => {
    const overflow = new ContextWindowExceededError(9, 8);
    await expect(
      openhandsAmortizedForgettingStrategy().onModelError!(fakeContext({ events: session(40) }), overflow, {
        contents: [],
      }),
    ).rejects.toThrow(/empty sequence/);
  });
});

describe('openhands-observation-masking', () => {
  it('config default attention_window 100; older tool results become "<MASKED>" and their calls disappear with them', () => {
    expect(DEFAULT_ATTENTION_WINDOW).toBe(100);
    const contents = session(9).map((e) => e.content!);
    const masked = maskObservations(contents, 4);
    // e0 user, e1/e2, e3/e4 masked (indices < 5), e5 call / e6 response… : e5 is index 5, e6 index 6 ≥ 9 − 4.
    expect(masked.map(textOf)).toEqual(['the goal', MASKED, MASKED, 'call:t3', 'resp:t3', 'call:t4', 'resp:t4']);
    expect(maskObservations(contents, 100)).toEqual(contents);
  });
});

import { describe, expect, it } from 'vitest';
import { ADK_PYTHON_SUMMARY_PROMPT } from '../../src/zoo/_shared/adk-python.ts';
import { adkPythonSlidingWindowStrategy, slidingRange } from '../../src/zoo/adk-python-sliding-window.ts';
import {
  adkPythonTokenThresholdStrategy,
  latestPromptTokenCount,
  safeSplitIndex,
} from '../../src/zoo/adk-python-token-threshold.ts';
import { scenario, tool } from '../world/helpers/world-fixtures.ts';
import { call, fakeContext, model, play, recordEvent, response, sentAt, user } from './helpers/zoo-fixtures.ts';

const invocation = (n: number) => [user(`u${n}`, `q${n}`, `inv-${n}`), model(`m${n}`, `a${n}`, `inv-${n}`)];

describe('adk-python sliding window', () => {
  it('interval 2, overlap 1: after invocation 2 → [1, 2]; after 4 → [2, 4] (the docstring example)', () => {
    const two = [...invocation(1), ...invocation(2)];
    expect(slidingRange(two, 2, 1)).toEqual({ start: 0, end: 3 });
    expect(slidingRange(invocation(1), 2, 1)).toBeUndefined();
    const four = [
      ...two,
      recordEvent('r1', { startEventId: 'u1', endEventId: 'm2', contents: [] }),
      ...invocation(3),
      ...invocation(4),
    ];
    expect(slidingRange(four.slice(0, 7), 2, 1)).toBeUndefined();
    expect(slidingRange(four, 2, 1)).toEqual({ start: 2, end: 8 });
  });

  it('summarizes text parts only as author: text lines into a model turn where the range ends', async () => {
    const events = [
      user('u1', 'q1', 'inv-1'),
      call('c1', 'read', 'inv-1'),
      response('r1', 'c1', 'read', 'RESULT', 'inv-1'),
      model('m1', 'a1', 'inv-1'),
      ...invocation(2),
    ];
    const ctx = fakeContext({ events });
    const outcome = await adkPythonSlidingWindowStrategy().afterInvocation!(ctx);
    const prompt = ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text!;
    expect(prompt).toBe(`${ADK_PYTHON_SUMMARY_PROMPT}\n\nuser: q1\nagent: a1\nuser: q2\nagent: a2`);
    expect(outcome).toEqual({
      append: [
        {
          startEventId: 'u1',
          endEventId: 'm2',
          contents: [{ role: 'model', parts: [{ text: 'SUMMARY' }] }],
          usageMetadata: { promptTokenCount: 777, candidatesTokenCount: 11 },
        },
      ],
    });
  });

  it('pending-call guard (#4740, @bb2efb6b L672–675): the range stops before a call no response answers', async () => {
    const events = [
      ...invocation(1),
      user('u2', 'q2', 'inv-2'),
      model('m2', 'a2', 'inv-2'),
      call('c2', 'confirm', 'inv-2'),
      model('m2b', 'waiting', 'inv-2'),
    ];
    const ctx = fakeContext({ events });
    const outcome = await adkPythonSlidingWindowStrategy().afterInvocation!(ctx);
    // Before the fix the range ran to m2b and summarized 'waiting'.
    expect(outcome!.append![0]).toMatchObject({ startEventId: 'u1', endEventId: 'm2' });
    expect(ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text).not.toContain('waiting');
    // A pending call in the range's first event: nothing to compact, no summarizer call.
    const blocked = fakeContext({ events: [call('c0', 'confirm', 'inv-1'), ...invocation(1), ...invocation(2)] });
    expect(await adkPythonSlidingWindowStrategy().afterInvocation!(blocked)).toBeUndefined();
    expect(blocked.summarizerRequests).toHaveLength(0);
  });

  it('in the world: four turns give two compactions and the request shows both summaries', async () => {
    const r = await play(scenario({ turnInputs: [{}, {}, {}, {}, {}] }), adkPythonSlidingWindowStrategy());
    expect(r.trace!.events.filter((e) => e.actions.compaction)).toHaveLength(2);
    expect(sentAt(r, 4)).toEqual(['model:SUMMARY', 'model:SUMMARY', 'user:question 4']);
  });
});

describe('adk-python token threshold', () => {
  it("the count is the newest prompt count of any event, a compaction event's summarizer usage included (the latch)", () => {
    // The world copies a record's usageMetadata onto its event.
    const compaction = {
      ...recordEvent('r', { endEventId: 'm1', contents: [] }),
      usageMetadata: { promptTokenCount: 120_000 },
    };
    const latch = [user('u1', 'q'), model('m1', 'a', 'inv-1', 30_000), compaction, user('u2', 'next', 'inv-2')];
    expect(latestPromptTokenCount(fakeContext({ events: latch }))).toBe(120_000);
    // No usage anywhere: chars/4 of the text parts only.
    expect(
      latestPromptTokenCount(
        fakeContext({
          events: [user('u1', 'x'.repeat(400)), call('c1', 'read'), response('r1', 'c1', 'read', 'y'.repeat(4_000))],
        }),
      ),
    ).toBe(100);
  });

  it('split: from len − retention back to where no response is open; a response without its call freezes it (the #7236 pattern)', () => {
    const events = [
      user('u1', 'q'),
      call('c1', 'read'),
      response('r1', 'c1', 'read', 'x'),
      model('m1', 'a'),
      user('u2', 'q2'),
      call('c2', 'read'),
      response('r2', 'c2', 'read', 'y'),
    ];
    expect(safeSplitIndex(events, 3)).toBe(4);
    expect(safeSplitIndex(events, 1)).toBe(5); // r2's call c2 stays with it
    // A retained response whose call is not among the candidates never closes: no split, silently.
    const orphan = [user('u1', 'q'), model('m1', 'a'), user('u2', 'q2'), response('r0', 'lost', 'read', 'x')];
    expect(safeSplitIndex(orphan, 1)).toBe(0);
  });

  it('fires at count ≥ threshold, keeps the retention, seeds with the previous summary and subsumes it', async () => {
    const strategy = adkPythonTokenThresholdStrategy({ token_threshold: 1_000, event_retention_size: 2 });
    const events = [
      user('u1', 'q1'),
      model('m1', 'a1', 'inv-1', 400),
      recordEvent('rec', {
        startEventId: 'u1',
        endEventId: 'm1',
        contents: [{ role: 'model', parts: [{ text: 'OLD' }] }],
      }),
      user('u2', 'q2', 'inv-2'),
      model('m2', 'a2', 'inv-2', 999),
      user('u3', 'q3', 'inv-3'),
      model('m3', 'a3', 'inv-3', 1_000),
    ];
    const ctx = fakeContext({ events });
    const outcome = await strategy.compactSession!(ctx);
    expect(ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text).toBe(
      `${ADK_PYTHON_SUMMARY_PROMPT}\n\nmodel: OLD\nuser: q2\nagent: a2`,
    );
    expect(outcome!.append![0]).toMatchObject({ startEventId: 'u1', endEventId: 'm2' });
    expect(await strategy.compactSession!(fakeContext({ events: events.slice(0, -1) }))).toBeUndefined();
  });

  it('retention 0 compacts every candidate, the newest event included', async () => {
    const events = [
      user('u1', 'q1'),
      model('m1', 'a1', 'inv-1', 2_000),
      user('u2', 'q2'),
      call('c2', 'read'),
      response('r2', 'c2', 'read', 'x'),
      model('m2', 'done', 'inv-1', 2_000),
    ];
    const strategy = adkPythonTokenThresholdStrategy({ token_threshold: 1_000, event_retention_size: 0 });
    // Before: the split helper kept the newest event (m2) out of the range.
    const outcome = await strategy.compactSession!(fakeContext({ events }));
    expect(outcome!.append![0]).toMatchObject({ startEventId: 'u1', endEventId: 'm2' });
  });

  it('pending-call guard (#4740): a call with no response is never compacted, nor anything after it', async () => {
    const events = [
      user('u1', 'q1'),
      model('m1', 'a1', 'inv-1', 2_000),
      user('u2', 'q2'),
      call('c2', 'confirm'),
      user('u3', 'meanwhile'),
      model('m3', 'a3', 'inv-1', 2_000),
      user('u4', 'q4'),
      model('m4', 'a4', 'inv-1', 2_000),
    ];
    const ctx = fakeContext({ events });
    const outcome = await adkPythonTokenThresholdStrategy({ token_threshold: 1_000, event_retention_size: 2 })
      .compactSession!(ctx);
    // The split alone would compact u1…m3; the pending confirmation c2 stops it at u2.
    expect(outcome!.append![0]).toMatchObject({ startEventId: 'u1', endEventId: 'u2' });
    expect(ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text).not.toContain('meanwhile');
  });

  it('after a pre-request compaction in the same invocation the post-invocation pass is skipped (token_compaction_checked)', async () => {
    const strategy = adkPythonTokenThresholdStrategy({ token_threshold: 1_000, event_retention_size: 1 });
    const events = [
      user('u1', 'q1', 'inv-1'),
      model('m1', 'a1', 'inv-1', 2_000),
      user('u2', 'q2', 'inv-2'),
      recordEvent('rec', { startEventId: 'u1', endEventId: 'u2', contents: [] }, 'inv-2'),
      model('m2', 'a2', 'inv-2', 2_000),
      user('u3', 'more', 'inv-2'),
      model('m3', 'a3', 'inv-2', 2_000),
    ];
    // The pre-request pass of inv-2 compacted (rec): the runner skips the token pass after it.
    const after = fakeContext({ events, invocationId: 'inv-2' });
    expect(await strategy.afterInvocation!(after)).toBeUndefined();
    expect(after.summarizerRequests).toHaveLength(0);
    // The same session seen after another invocation is compacted as usual.
    const other = await strategy.afterInvocation!(fakeContext({ events, invocationId: 'inv-3' }));
    expect(other!.append![0]).toMatchObject({ startEventId: 'u1', endEventId: 'u3' });
    // And before a request the pass runs whatever happened earlier in the invocation.
    expect(await strategy.compactSession!(fakeContext({ events, invocationId: 'inv-2' }))).toBeDefined();
  });

  it('a failing summarizer raises (not caught upstream): the session fails', async () => {
    const world = scenario({
      phase: { contextWindow: 2_000 },
      summarizer: {
        reply: 'fixed',
        text: 'S',
        exceedFactor: 3,
        contextWindow: null,
        faults: [{ kind: 'error', calls: 'all' }],
      },
      turnInputs: [{ tools: [tool('read', 4_000)] }, {}, {}],
    });
    const r = await play(world, adkPythonTokenThresholdStrategy({ token_threshold: 500, event_retention_size: 1 }));
    expect(r.failure).toMatchObject({ kind: 'strategy-threw' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  ADK_JS_SUMMARY_PROMPT,
  calculateRetainStartIndex,
  PREVIOUS_CONTEXT_SUMMARY,
} from '../../src/zoo/_shared/adk-js.ts';
import { adkJsAnchoredStrategy } from '../../src/zoo/adk-js-anchored.ts';
import { adkJsTokenBasedStrategy } from '../../src/zoo/adk-js-token-based.ts';
import { adkJsTruncatingStrategy } from '../../src/zoo/adk-js-truncating.ts';
import { scenario, tool } from '../world/helpers/world-fixtures.ts';
import { call, fakeContext, model, play, recordEvent, response, sentAt, user } from './helpers/zoo-fixtures.ts';

describe('adk-js calculateRetainStartIndex', () => {
  it('moves the start back over a call/response pair, and throws like adk-js with a retention of 0', () => {
    const events = [user('u', 'q'), call('c', 'read'), response('r', 'c', 'read', 'x')];
    expect(calculateRetainStartIndex(events, 1)).toBe(1);
    expect(calculateRetainStartIndex(events, 2)).toBe(1);
    expect(calculateRetainStartIndex(events, 3)).toBe(0);
    expect(() => calculateRetainStartIndex(events, 0)).toThrow(
      "Cannot read properties of undefined (reading 'content')",
    );
  });
});

describe('adk-js TokenBasedContextCompactor', () => {
  const events = [
    user('u1', 'q1'),
    model('m1', 'a1', 'inv-1', 500),
    user('u2', 'q2', 'inv-2'),
    model('m2', 'a2', 'inv-2', 1_001),
  ];

  it('fires when the newest prompt count is strictly above the threshold; summarizes raw[0:start] with the [Event i - Author] format', async () => {
    const strategy = adkJsTokenBasedStrategy({ tokenThreshold: 1_000, eventRetentionSize: 2 });
    const ctx = fakeContext({ events });
    const outcome = await strategy.compactSession!(ctx);
    expect(ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text).toBe(
      `${ADK_JS_SUMMARY_PROMPT}\n[Event 1 - Author: user]\nq1\n[Event 2 - Author: agent]\na1\n`,
    );
    expect(outcome).toEqual({
      append: [
        { endEventId: 'm1', contents: [{ role: 'user', parts: [{ text: `${PREVIOUS_CONTEXT_SUMMARY}SUMMARY` }] }] },
      ],
    });
    expect(
      await adkJsTokenBasedStrategy({ tokenThreshold: 1_001, eventRetentionSize: 2 }).compactSession!(
        fakeContext({ events }),
      ),
    ).toBeUndefined();
  });

  it('is rolling: the active compacted event is summarized again with the new raw events', async () => {
    const rolled = [
      ...events.slice(0, 2),
      recordEvent('rec', {
        endEventId: 'm1',
        contents: [{ role: 'user', parts: [{ text: `${PREVIOUS_CONTEXT_SUMMARY}OLD` }] }],
      }),
      ...events.slice(2),
      user('u3', 'q3', 'inv-3'),
      model('m3', 'a3', 'inv-3', 2_000),
    ];
    const ctx = fakeContext({ events: rolled });
    const outcome = await adkJsTokenBasedStrategy({ tokenThreshold: 1_000, eventRetentionSize: 2 }).compactSession!(
      ctx,
    );
    expect(ctx.summarizerRequests[0]!.contents[0]!.parts![0]!.text).toContain(
      '[Event 1 - Author: system]\nOLD\n[Event 2 - Author: user]\nq2',
    );
    expect(outcome!.append![0]!.endEventId).toBe('m2');
  });

  it('an empty summary escapes as "LLM failed to return a valid summary." (the run fails)', async () => {
    await expect(
      adkJsTokenBasedStrategy({ tokenThreshold: 10, eventRetentionSize: 2 }).compactSession!(
        fakeContext({ events, summarize: () => '' }),
      ),
    ).rejects.toThrow('LLM failed to return a valid summary.');
  });

  it('in the world: the summary is the first content, as a user "[Previous Context Summary]" turn', async () => {
    const r = await play(
      scenario({ phase: { contextWindow: 4_000 }, turnInputs: [{ tools: [tool('read', 4_000)] }, {}, {}] }),
      adkJsTokenBasedStrategy({ tokenThreshold: 1_500, eventRetentionSize: 2 }),
    );
    expect(r.failure).toBeNull();
    const compacted = r.steps.findIndex((s) => s.summarizerCalls.length > 0);
    expect(sentAt(r, compacted)[0]).toBe(`user:${PREVIOUS_CONTEXT_SUMMARY}SUMMARY`);
  });
});

describe('adk-js AnchoredContextCompactor', () => {
  it("sums every active event's prompt count (#473): fires where TokenBased does not (AJ-2)", async () => {
    const events = [
      user('u1', 'q'),
      call('c1', 'read', 'inv-1', 400),
      response('r1', 'c1', 'read', 'x'),
      call('c2', 'read', 'inv-1', 450),
      response('r2', 'c2', 'read', 'y'),
      model('m1', 'done', 'inv-1', 500),
    ];
    const options = { tokenThreshold: 1_000, eventRetentionSize: 2 };
    expect(await adkJsTokenBasedStrategy(options).compactSession!(fakeContext({ events }))).toBeUndefined();
    const outcome = await adkJsAnchoredStrategy(options).compactSession!(fakeContext({ events }));
    // Retention 2 keeps [r2, m1]; the start moves back over the c2/r2 pair.
    expect(outcome!.append![0]!.endEventId).toBe('r1');
  });
});

describe('adk-js TruncatingContextCompactor', () => {
  it('keeps the leading events and the newest `threshold` ones on every request (nothing persisted)', async () => {
    const r = await play(
      scenario({ turnInputs: [{}, {}, {}, {}] }),
      adkJsTruncatingStrategy({ threshold: 3, preserveLeadingEvents: 1 }),
    );
    expect(r.failure).toBeNull();
    // 7 events > 3 + 1: events 1..3 (answer 0, question 1, answer 1) are spliced out.
    expect(sentAt(r, 3)).toEqual(['user:question 0', 'user:question 2', 'model:answer 2', 'user:question 3']);
    expect(r.trace!.events.some((e) => e.actions.compaction)).toBe(false);
  });

  it('splicing a call away from its latest response throws like adk-js getContents (AJ-5)', async () => {
    const r = await play(
      scenario({ turnInputs: [{ tools: [tool('read', 10)] }] }),
      adkJsTruncatingStrategy({ threshold: 1, preserveLeadingEvents: 1 }),
    );
    expect(r.failure).toMatchObject({ kind: 'strategy-threw' });
    expect(r.failure!.message).toContain('No function call event found for function responses ids');
  });
});

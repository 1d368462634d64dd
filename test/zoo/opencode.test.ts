import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/engine/hook-types.ts';
import { modelUsage } from '../../src/engine/usage/model-usage.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import {
  COMPACTION_MARKER_TEXT,
  CONTINUE_TEXT,
  PRUNED_OUTPUT_TEXT,
  pruneRecords,
  summaryContents,
  turnStarts,
  usableTokens,
} from '../../src/zoo/_shared/opencode.ts';
import { userText } from '../../src/zoo/_shared/content-text.ts';
import { opencodeClassicStrategy, OPENCODE_CLASSIC_PROMPT } from '../../src/zoo/opencode-classic.ts';
import { opencodeTail2026_04Strategy, opencodeTailStrategy, selectTail } from '../../src/zoo/opencode-tail.ts';
import { scenario, tool } from '../world/helpers/world-fixtures.ts';
import { call, fakeContext, model, play, recordEvent, response, sentAt, user } from './helpers/zoo-fixtures.ts';

const limits = (
  over: Partial<{ auto: boolean; reserved: number; limitInput: number; maxOutputTokens: number }> = {},
) => ({ auto: true, reserved: undefined, limitInput: 0, maxOutputTokens: 32_000, ...over });

/** Three short turns, a user message and an answer each. */
function threeShortTurns() {
  return [
    user('u1', 'one'),
    model('m1', 'a'),
    user('u2', 'two'),
    model('m2', 'b'),
    user('u3', 'three'),
    model('m3', 'c'),
  ];
}

/** Eight 40k-character tool outputs before two later turns: enough for opencode's prune to cut. */
function prunableHistory() {
  return [
    user('u1', 'a'),
    ...Array.from({ length: 8 }, (_, i) => [
      call(`c${i}`, 'read'),
      response(`r${i}`, `c${i}`, 'read', 'z'.repeat(40_000)),
    ]).flat(),
    user('u2', 'b'),
    model('m2', 'c'),
    user('u3', 'd'),
    model('m3', 'e'),
  ];
}

describe('opencode (classic)', () => {
  it('usable: W − max output without an input limit; limit.input − min(20,000, max output) with one', () => {
    expect(usableTokens(fakeContext({ window: 128_000 }), limits())).toBe(96_000);
    expect(usableTokens(fakeContext({ window: 128_000 }), limits({ limitInput: 100_000 }))).toBe(80_000);
    expect(
      usableTokens(fakeContext({ window: 128_000 }), limits({ limitInput: 100_000, maxOutputTokens: 8_000 })),
    ).toBe(92_000);
    expect(usableTokens(fakeContext({ window: 128_000 }), limits({ limitInput: 100_000, reserved: 5_000 }))).toBe(
      95_000,
    );
  });

  it("trigger: the last step's total ≥ usable; the whole history is summarized into [marker, summary, Continue]", async () => {
    const strategy = opencodeClassicStrategy({ maxOutputTokens: 1_000 });
    const events = [user('u1', 'goal'), model('m1', 'working')];
    const below = fakeContext({ window: 3_000, events });
    strategy.afterModel!(below, {}, modelUsage({ inputTokens: 1_900, outputTokens: 99 }));
    expect(await strategy.compactSession!(below)).toBeUndefined();
    const at = fakeContext({ window: 3_000, events });
    strategy.afterModel!(at, {}, modelUsage({ inputTokens: 1_900, outputTokens: 100 }));
    const outcome = await strategy.compactSession!(at);
    expect(at.summarizerRequests[0]!.contents.map((c) => c.parts?.[0]?.text)).toEqual([
      'goal',
      'working',
      OPENCODE_CLASSIC_PROMPT,
    ]);
    expect(outcome).toEqual({
      append: [
        {
          endEventId: 'm1',
          contents: [
            { role: 'user', parts: [{ text: COMPACTION_MARKER_TEXT }] },
            { role: 'model', parts: [{ text: 'SUMMARY' }] },
            { role: 'user', parts: [{ text: CONTINUE_TEXT }] },
          ],
        },
      ],
    });
    expect(await opencodeClassicStrategy({ auto: false, maxOutputTokens: 1_000 }).compactSession!(at)).toBeUndefined();
  });

  it('a failed summary ("Session too large to compact") stops the run before the model call', async () => {
    const ctx = fakeContext({
      window: 3_000,
      events: [user('u1', 'goal')],
      summarize: () => Object.assign(new Error('too long'), { code: 'CONTEXT_WINDOW_EXCEEDED' }),
      state: { 'opencode:lastStepTokens': 2_500 },
    });
    expect(await opencodeClassicStrategy({ maxOutputTokens: 1_000 }).compactSession!(ctx)).toEqual({
      endInvocation: true,
    });
    expect(ctx.warnings).toEqual(['opencode: Session too large to compact']);
  });

  it('reactive path: summarizes what came before the last user message, replays it and retries, even with auto off (#30664)', async () => {
    const world = scenario({
      refuseOverWindow: true,
      phase: { contextWindow: 2_000, tokenModel: { kind: 'ratio', ratio: 1 } },
      turnInputs: [{ user: 'first' }, { user: 'second', tools: [tool('read', 9_000)] }],
    });
    const r = await play(world, opencodeClassicStrategy({ auto: false }));
    expect(r.failure).toBeNull();
    expect(r.steps.map((s) => s.overflow)).toEqual([false, false, true, false]);
    expect(sentAt(r, 3)).toEqual([`user:${COMPACTION_MARKER_TEXT}`, 'model:SUMMARY', 'user:second']);
  });

  it('prune: outputs beyond the newest 40,000 tokens, outside the last two turns, when more than 20,000 go', () => {
    const big = 'x'.repeat(100_000); // 25,000 estimated tokens (round(chars/4) of its JSON)
    const events = [
      user('u1', 'one'),
      call('c1', 'read'),
      response('r1', 'c1', 'read', big),
      call('c2', 'read'),
      response('r2', 'c2', 'read', big),
      model('m1', 'a'),
      user('u2', 'two'),
      call('c3', 'read'),
      response('r3', 'c3', 'read', big),
      model('m2', 'b'),
      user('u3', 'three'),
      call('c4', 'read'),
      response('r4', 'c4', 'read', big),
      model('m3', 'c'),
    ];
    const records = pruneRecords(projectedHistory(fakeContext({ events })));
    // Turns 2 and 3 are protected; in turn 1 r2 fills the 40k protection with r3... only r1 is beyond it.
    expect(records.map((r) => [r.startEventId, r.endEventId])).toEqual([['r1', 'r1']]);
    expect(JSON.stringify(records[0]!.contents)).toContain(PRUNED_OUTPUT_TEXT);
  });
});

describe('opencode-tail', () => {
  const history = (events: readonly SessionEvent[]) => projectedHistory(fakeContext({ events }));

  it('keeps the last tail_turns turns that fit the budget, newest first', () => {
    const h = history(threeShortTurns());
    expect(selectTail(h, 2, 8_000)).toBe(2);
    expect(selectTail(h, 1, 8_000)).toBe(4);
    expect(selectTail(h, 0, 8_000)).toBeUndefined();
  });

  it('splits a turn that does not fit (the first suffix that fits) and stops there; nothing fits → summarize all', () => {
    const h = history([
      user('u1', 'one'),
      model('m1', 'a'),
      user('u2', 'x'.repeat(40_000)),
      call('c1', 'read'),
      response('r1', 'c1', 'read', 'y'.repeat(40)),
      model('m2', 'done'),
    ]);
    // Turn 2 is ~10k tokens: its suffix from the call fits 8,000.
    expect(selectTail(h, 2, 8_000)).toBe(3);
    expect(selectTail(h, 2, 1)).toBeUndefined();
    // The tail may not start at the first message.
    expect(selectTail(history([user('u1', 'one'), model('m1', 'a')]), 2, 8_000)).toBeUndefined();
  });

  it('summarizes the head only (outputs capped at 2,000 chars), keeps the tail from tail_start_id, then Continue', async () => {
    const ctx = oneLongOutput('z'.repeat(5_000));
    const outcome = await opencodeTailStrategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(ctx);
    const sent = JSON.stringify(ctx.summarizerRequests[0]!.contents);
    expect(sent).toContain('one');
    expect(sent).not.toContain('two');
    expect(sent).not.toContain('z'.repeat(2_100));
    expect(outcome).toEqual({
      append: [
        {
          endEventId: 'm1',
          contents: [
            { role: 'user', parts: [{ text: COMPACTION_MARKER_TEXT }] },
            { role: 'model', parts: [{ text: 'SUMMARY' }] },
          ],
        },
        {
          startEventId: 'm2',
          endEventId: 'm2',
          contents: [
            { role: 'model', parts: [{ text: 'b' }] },
            { role: 'user', parts: [{ text: CONTINUE_TEXT }] },
          ],
        },
      ],
    });
  });

  it('2026-04: the default budget is clamp(25 % of usable, 2,000, 8,000)', async () => {
    // usable 96,000 → 24,000 → 8,000: a 9,000-token last turn does not fit whole; its suffix from the call does.
    const events = [
      user('u1', 'one'),
      model('m1', 'a'),
      user('u2', 'x'.repeat(36_000)),
      call('c1', 'read'),
      response('r1', 'c1', 'read', 'ok'),
      model('m2', 'b'),
    ];
    const ctx = fakeContext({ window: 128_000, events, state: { 'opencode:lastStepTokens': 100_000 } });
    const outcome = await opencodeTail2026_04Strategy().compactSession!(ctx);
    expect(outcome!.append![0]!.endEventId).toBe('u2');
  });

  it('splitTurn tries a tail of only the last message (the turn end is exclusive)', () => {
    const h = history([
      user('u1', 'one'),
      model('m1', 'a'),
      user('u2', 'x'.repeat(40_000)),
      call('c1', 'read'),
      response('r1', 'c1', 'read', 'y'.repeat(40_000)),
      model('m2', 'done'),
    ]);
    // Only the final "done" fits 100 tokens; before the fix the search stopped one message short.
    expect(selectTail(h, 2, 100)).toBe(5);
  });

  it('current: usable subtracts reserved without an input limit; budget up to 15,000; every turn eligible', async () => {
    // usable = 128,000 − 32,000 − 20,000 = 76,000: a count of 80,000 fires (it did not at 96,000 usable).
    const turn = (k: number) => [user(`u${k}`, `q${k} ${'x'.repeat(14_000)}`), model(`m${k}`, 'ok')];
    const events = [user('u0', 'y'.repeat(8_000)), model('m0', 'a'), ...[1, 2, 3, 4].flatMap(turn)];
    const ctx = fakeContext({ window: 128_000, events, state: { 'opencode:lastStepTokens': 80_000 } });
    const outcome = await opencodeTailStrategy().compactSession!(ctx);
    // 19,000 → 15,000 budget: four ~3,500-token turns fit (more than 2 turns, more than 8,000
    // tokens); the first turn (2,000) does not, and is split after its user message.
    expect(outcome!.append![0]!.endEventId).toBe('u0');
    const older = fakeContext({ window: 128_000, events, state: { 'opencode:lastStepTokens': 80_000 } });
    expect(await opencodeTail2026_04Strategy().compactSession!(older)).toBeUndefined();
  });

  /** Two turns, the first with one tool output of `output`, the last request at 2,500 tokens of a 3,000 window. */
  const oneLongOutput = (output: string) =>
    fakeContext({
      window: 3_000,
      events: [
        user('u1', 'one'),
        call('c1', 'read'),
        response('r1', 'c1', 'read', output),
        model('m1', 'a'),
        user('u2', 'two'),
        model('m2', 'b'),
      ],
      state: { 'opencode:lastStepTokens': 2_500 },
    });

  it('current: the head is serialized as text in one message; prune only when asked', async () => {
    const ctx = oneLongOutput('z'.repeat(5_000));
    await opencodeTailStrategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(ctx);
    const request = ctx.summarizerRequests[0]!.contents;
    expect(request).toHaveLength(1);
    expect(request[0]!.parts![0]!.text).toContain(
      `[User]: one\n\n[Assistant tool call]: read({})\n\n[Tool result]: ${'z'.repeat(2_000)}\n[truncated]\n\n[Assistant]: a`,
    );
    const big = prunableHistory();
    expect(await opencodeTailStrategy().afterInvocation!(fakeContext({ events: big }))).toBeUndefined();
    expect(
      (await opencodeTailStrategy({ prune: true }).afterInvocation!(fakeContext({ events: big })))!.append!.length,
    ).toBeGreaterThan(0);
  });

  it('2026-04 (1.14.34): prune is opt-in as in the current generation (#24108, docs fixed in #30670)', async () => {
    const big = prunableHistory();
    expect(await opencodeTail2026_04Strategy().afterInvocation!(fakeContext({ events: big }))).toBeUndefined();
    expect(
      (await opencodeTail2026_04Strategy({ prune: true }).afterInvocation!(fakeContext({ events: big })))!.append!
        .length,
    ).toBeGreaterThan(0);
  });

  it('2026-04 (1.14.34): tail_turns defaults to 2 (DEFAULT_TAIL_TURNS)', async () => {
    // usable 2,000 → budget 2,000: all three short turns would fit; only the last two are eligible.
    const events = threeShortTurns();
    const ctx = fakeContext({ window: 3_000, events, state: { 'opencode:lastStepTokens': 2_500 } });
    const outcome = await opencodeTail2026_04Strategy({ maxOutputTokens: 1_000 }).compactSession!(ctx);
    expect(outcome!.append![0]!.endEventId).toBe('m1');
  });

  it('an answer with no text lands as an empty summary, the head hidden, in both generations (#41571, #44080; @31e22f65 and the 1.14.34 release)', async () => {
    const events = [user('u1', 'one'), model('m1', 'a'), user('u2', 'two'), model('m2', 'b')];
    const state = { 'opencode:lastStepTokens': 2_500 };
    const landed = {
      endEventId: 'm1',
      contents: [
        { role: 'user', parts: [{ text: COMPACTION_MARKER_TEXT }] },
        { role: 'model', parts: [{ text: '' }] },
      ],
    };
    const current = await opencodeTailStrategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(
      fakeContext({ window: 3_000, events, state, summarize: () => '' }),
    );
    expect(current!.append![0]).toEqual(landed);
    const older = await opencodeTail2026_04Strategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(
      fakeContext({ window: 3_000, events, state, summarize: () => '' }),
    );
    expect(older!.append![0]).toEqual(landed);
  });

  it('2026-04 (1.14.34): a blank previous summary is no anchor ("Create a new anchored summary")', async () => {
    const events = [user('u1', 'one'), model('m1', 'a'), user('u2', 'two'), model('m2', 'b')];
    const state = { 'opencode:lastStepTokens': 2_500 };
    const strategy = opencodeTail2026_04Strategy({ maxOutputTokens: 1_000, tail_turns: 1 });
    // A summary of whitespace only: a text the projection shows, but blank once trimmed.
    const first = await strategy.compactSession!(
      fakeContext({ window: 3_000, events, state, summarize: () => ' \n ' }),
    );
    const record = (id: string) => ({
      id,
      invocationId: 'i1',
      author: 'compaction',
      timestamp: 0,
      actions: { compaction: first!.append![0]! },
    });
    const later = [...events, record('rec1'), user('u3', 'three'), model('m3', 'c')];
    const prompts: string[] = [];
    await strategy.compactSession!(
      fakeContext({
        window: 3_000,
        events: later as SessionEvent[],
        state,
        summarize: (request) => {
          prompts.push(JSON.stringify(request.contents));
          return 'next';
        },
      }),
    );
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).not.toContain('previous-summary');
  });

  it('2026-04 (1.14.34): a tool output is cut at 2,000 characters with a line saying how many were omitted', async () => {
    const ctx = oneLongOutput('q'.repeat(2_500));
    await opencodeTail2026_04Strategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(ctx);
    const sent = JSON.stringify(ctx.summarizerRequests[0]!.contents);
    expect(sent).toContain(`${'q'.repeat(2_000)}\\n[Tool output truncated for compaction: omitted 500 chars]`);
    expect(sent).not.toContain('q'.repeat(2_001));
  });

  /** Two turns after a compaction whose summary is S1, the last request at 2,500 tokens of a 3,000 window. */
  const afterOneSummary = () =>
    fakeContext({
      window: 3_000,
      events: [
        user('u1', 'one'),
        model('m1', 'a'),
        recordEvent('rec1', { endEventId: 'm1', contents: summaryContents('S1') }),
        user('u2', 'two'),
        model('m2', 'b'),
        user('u3', 'three'),
        model('m3', 'c'),
      ],
      state: { 'opencode:lastStepTokens': 2_500 },
    });

  it('2026-04 (1.14.34): select skips earlier summaries, so a tail that would start at the first message after them summarizes everything', async () => {
    const ctx = afterOneSummary();
    // usable 2,000 → budget 2,000: both turns after the summary fit, so the tail would start at u2,
    // the first of the messages select sees: no tail, everything summarized with S1 as the anchor.
    const outcome = await opencodeTail2026_04Strategy({ maxOutputTokens: 1_000 }).compactSession!(ctx);
    expect(outcome!.append![0]!.endEventId).toBe('m3');
    const sent = JSON.stringify(ctx.summarizerRequests[0]!.contents);
    expect(sent).toContain('three');
    expect(sent).toContain('<previous-summary>\\nS1');
  });

  it('current (@31e22f65): select skips earlier summaries too, so a tail that would start at the first message after them summarizes everything', async () => {
    // compaction.ts @31e22f65 L383-390: select runs on the history with completed compactions
    // (request and summary) hidden; L274: a tail starting at index 0 of that view keeps nothing.
    const ctx = afterOneSummary();
    // usable 1,000 → budget 2,000: every turn after the summary fits, so the tail would start at u2,
    // the first message select sees: no tail, everything summarized (before: only the marker and S1).
    const outcome = await opencodeTailStrategy({ maxOutputTokens: 1_000 }).compactSession!(ctx);
    expect(outcome!.append).toHaveLength(1);
    expect(outcome!.append![0]!.endEventId).toBe('m3');
    const sent = JSON.stringify(ctx.summarizerRequests[0]!.contents);
    expect(sent).toContain('[User]: three');
    expect(sent).toContain('<previous-summary>\\nS1');
  });

  it("current (@31e22f65): a blank previous summary is no anchor, a summary's text parts are trimmed", async () => {
    // compaction.ts @31e22f65 L91-99 summaryText (trimmed text parts, blank = undefined), L385 the
    // newest completed one; core session/compaction.ts L169: no previous summary, no anchor.
    const events = [user('u1', 'one'), model('m1', 'a'), user('u2', 'two'), model('m2', 'b')];
    const state = { 'opencode:lastStepTokens': 2_500 };
    const later = (summary: string) => [
      ...events,
      recordEvent('rec1', { endEventId: 'm1', contents: summaryContents(summary) }),
      user('u3', 'three'),
      model('m3', 'c'),
    ];
    const promptFor = async (summary: string) => {
      const ctx = fakeContext({ window: 3_000, events: later(summary), state });
      await opencodeTailStrategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(ctx);
      expect(ctx.summarizerRequests).toHaveLength(1);
      return JSON.stringify(ctx.summarizerRequests[0]!.contents);
    };
    expect(await promptFor(' \n ')).not.toContain('previous-summary');
    expect(await promptFor('  S1  ')).toContain('<previous-summary>\\nS1\\n</previous-summary>');
  });

  /** The record closing a kept tail: a copy of the newest message, then "Continue…". */
  const closing = (last: ReturnType<typeof model>) =>
    recordEvent('rec2', {
      startEventId: last.id,
      endEventId: last.id,
      contents: [structuredClone(last.content!), userText(CONTINUE_TEXT)],
    });
  /** A compaction (summary S1) that kept a tail ending at the agent's answer "bee", then two turns. */
  const afterAKeptTail = () => {
    const answer = model('m2', 'bee');
    return [
      user('u1', 'one'),
      model('m1', 'a'),
      user('u2', 'two'),
      answer,
      recordEvent('rec1', { endEventId: 'm1', contents: summaryContents('S1') }),
      closing(answer),
      user('u3', 'three'),
      model('m3', 'c'),
      user('u4', 'four'),
      model('m4', 'd'),
    ];
  };

  it("both generations: the anchor is the previous summary, not the copy of the agent's last message that closes a tail", async () => {
    // After a compaction that kept a tail, the newest message is copied into a record with
    // "Continue…"; @31e22f65 L383-385 anchors on the newest completed compaction's summary only.
    const events = afterAKeptTail();
    for (const strategy of [opencodeTailStrategy, opencodeTail2026_04Strategy]) {
      const ctx = fakeContext({ window: 3_000, events, state: { 'opencode:lastStepTokens': 2_500 } });
      const outcome = await strategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(ctx);
      expect(outcome!.append![0]!.endEventId).toBe('m3');
      const sent = JSON.stringify(ctx.summarizerRequests[0]!.contents);
      expect(sent).toContain('<previous-summary>\\nS1\\n</previous-summary>');
      expect(sent).not.toContain('<previous-summary>\\nbee');
    }
  });

  it('both generations: the copy of the newest message that closes a kept tail stands for that message (shown to a later summarizer, a turn start when it is a request)', async () => {
    // Upstream the newest message is left as it is when a tail is kept (only the Continue message is
    // added): a later summarizer reads it (@31e22f65 L537-539 serialize the head), and a user's
    // request starts a turn (L126-142 `turns`).
    const events = afterAKeptTail();
    for (const strategy of [opencodeTailStrategy, opencodeTail2026_04Strategy]) {
      const ctx = fakeContext({ window: 3_000, events, state: { 'opencode:lastStepTokens': 2_500 } });
      await strategy({ maxOutputTokens: 1_000, tail_turns: 1 }).compactSession!(ctx);
      const sent = JSON.stringify(ctx.summarizerRequests[0]!.contents);
      expect(sent).toContain('bee');
      expect(sent).toContain('three');
    }
    // The compaction ran before the request u3 was answered: its copy is the newest turn's start.
    const request = user('u3', 'three');
    const pending = [
      user('u1', 'one'),
      model('m1', 'a'),
      user('u2', 'two'),
      model('m2', 'b'),
      request,
      recordEvent('rec1', { endEventId: 'm2', contents: summaryContents('S1') }),
      closing(request),
      model('m3', 'c'),
    ];
    const history = projectedHistory(fakeContext({ events: pending }));
    const starts = turnStarts(history);
    expect(starts).toHaveLength(1);
    expect(history[starts[0]!]!.content.parts![0]!.text).toBe('three');
  });
});

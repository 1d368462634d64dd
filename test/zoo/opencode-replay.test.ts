/**
 * opencode's reactive replay (issue 31): on a provider overflow opencode summarizes the history
 * before the user's last request and replays that request as a NEW user message after the summary
 * (sst/opencode @31e22f65 `compaction.ts` `processCompaction`: the search for the request and the
 * `hasContent` guard, then the replayed message created after the summary). Later compactions see
 * it as the user's message: the next reactive compaction finds it, `turns` starts a turn at it, the
 * summarizer reads it. Before this fix the zoo kept the replay inside the summary's record, where
 * it was a compaction artifact: dropped from the current generation's summarizer input, never a
 * turn start, and replayed even when nothing preceded it.
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import type { CompactionRecord, SessionEvent } from '../../src/engine/hook-types.ts';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import {
  COMPACTION_MARKER_TEXT,
  lastRealUserIndex,
  OVERFLOW_NOTE_TEXT,
  turnStarts,
} from '../../src/zoo/_shared/opencode.ts';
import { OPENCODE_CLASSIC_PROMPT, opencodeClassicStrategy, replayCopy } from '../../src/zoo/opencode-classic.ts';
import { opencodeTail2026_04Strategy, opencodeTailStrategy } from '../../src/zoo/opencode-tail.ts';
import { call, fakeContext, model, recordEvent, response, textOf, user } from './helpers/zoo-fixtures.ts';

const OVERFLOW = new ContextWindowExceededError(140_000, 128_000);
const strategies: ReadonlyArray<[string, () => CompactionStrategy]> = [
  ['opencode', () => opencodeClassicStrategy()],
  ['opencode-tail', () => opencodeTailStrategy()],
  ['opencode-tail-2026-04', () => opencodeTail2026_04Strategy()],
];

/** The session's events with an outcome's records appended (as the world appends them). */
function withRecords(events: readonly SessionEvent[], records: readonly CompactionRecord[], tag: string) {
  return [...events, ...records.map((record, i) => recordEvent(`${tag}-${i}`, record))];
}

const seen = (events: readonly SessionEvent[]) =>
  projectedHistory(fakeContext({ events })).map((m) => textOf(m.content));

/** Everything the summarizer was sent, as one string. */
const summarizerInput = (ctx: ReturnType<typeof fakeContext>) => JSON.stringify(ctx.summarizerRequests);

/** A finished first turn, then a second request whose tool output overflows the window. */
const firstOverflow = (): SessionEvent[] => [
  user('u1', 'first goal'),
  model('m1', 'first done'),
  user('u2', 'second request'),
  call('c1', 'read'),
  response('r1', 'c1', 'read', 'big output'),
];

describe("opencode's reactive replay: a new user message after the summary", () => {
  it.each(strategies)('%s: the request is replayed after the summary, as a record of its own', async (_, make) => {
    const ctx = fakeContext({ events: firstOverflow() });
    const outcome = await make().onModelError!(ctx, OVERFLOW, { contents: [] });
    expect(outcome).toEqual({
      append: [
        {
          endEventId: 'c1',
          contents: [
            { role: 'user', parts: [{ text: COMPACTION_MARKER_TEXT }] },
            { role: 'model', parts: [{ text: 'SUMMARY' }] },
          ],
        },
        { startEventId: 'r1', endEventId: 'r1', contents: [{ role: 'user', parts: [{ text: 'second request' }] }] },
      ],
      retry: true,
    });
    const after = withRecords(firstOverflow(), outcome!.append!, 'x');
    expect(seen(after)).toEqual([COMPACTION_MARKER_TEXT, 'SUMMARY', 'second request']);
    // The replay is the user's message: the last one, and a turn start.
    const history = projectedHistory(fakeContext({ events: after }));
    expect(lastRealUserIndex(history)).toBe(2);
    expect(turnStarts(history)).toEqual([2]);
  });

  it.each(strategies)(
    '%s: two reactive compactions in a row: the second reads the replayed request as the user message; with nothing before it, nothing is replayed (hasContent)',
    async (name, make) => {
      const strategy = make();
      const first = await strategy.onModelError!(fakeContext({ events: firstOverflow() }), OVERFLOW, { contents: [] });
      const events = [
        ...withRecords(firstOverflow(), first!.append!, 'x'),
        call('c2', 'read'),
        response('r2', 'c2', 'read', 'more output'),
      ];
      const ctx = fakeContext({ events, summarize: () => 'SUMMARY 2' });
      const second = await strategy.onModelError!(ctx, OVERFLOW, { contents: [] });
      // The replayed request reached the second summarizer as the user's message (the current
      // generation serializes it as "[User]: …"; before the fix it dropped it as a record's content).
      expect(summarizerInput(ctx)).toContain(name === 'opencode-tail' ? '[User]: second request' : 'second request');
      // Upstream's guard: the replayed request is the only user message left, so it is summarized
      // with the rest and the note is added instead (processCompaction's hasContent).
      expect(second).toEqual({
        append: [
          {
            endEventId: 'r2',
            contents: [
              { role: 'user', parts: [{ text: COMPACTION_MARKER_TEXT }] },
              { role: 'model', parts: [{ text: 'SUMMARY 2' }] },
              { role: 'user', parts: [{ text: OVERFLOW_NOTE_TEXT }] },
            ],
          },
        ],
        retry: true,
      });
    },
  );

  it.each(strategies)(
    '%s: after a replay and a new request, a second overflow replays the new request and summarizes the replayed one',
    async (name, make) => {
      const strategy = make();
      const first = await strategy.onModelError!(fakeContext({ events: firstOverflow() }), OVERFLOW, { contents: [] });
      const events = [
        ...withRecords(firstOverflow(), first!.append!, 'x'),
        model('m2', 'second done'),
        user('u3', 'third request'),
        call('c3', 'read'),
        response('r3', 'c3', 'read', 'huge output'),
      ];
      const ctx = fakeContext({ events, summarize: () => 'SUMMARY 2' });
      const second = await strategy.onModelError!(ctx, OVERFLOW, { contents: [] });
      // The replayed "second request" is a user message before "third request": hasContent holds.
      expect(summarizerInput(ctx)).toContain(name === 'opencode-tail' ? '[User]: second request' : 'second request');
      expect(summarizerInput(ctx)).not.toContain('third request');
      const after = withRecords(events, second!.append!, 'y');
      expect(seen(after)).toEqual([COMPACTION_MARKER_TEXT, 'SUMMARY 2', 'third request']);
    },
  );

  it('the first request of a session overflows: nothing precedes it, so everything is summarized and the note added', async () => {
    const events = [user('u1', 'only request'), call('c1', 'read'), response('r1', 'c1', 'read', 'big output')];
    const ctx = fakeContext({ events });
    const outcome = await opencodeClassicStrategy().onModelError!(ctx, OVERFLOW, { contents: [] });
    // Before the fix the summarizer got the prompt alone and the request was replayed.
    expect(ctx.summarizerRequests[0]!.contents.map(textOf)).toEqual([
      'only request',
      'call:read',
      'resp:read',
      OPENCODE_CLASSIC_PROMPT,
    ]);
    expect(seen(withRecords(events, outcome!.append!, 'x'))).toEqual([
      COMPACTION_MARKER_TEXT,
      'SUMMARY',
      OVERFLOW_NOTE_TEXT,
    ]);
  });

  it('current: a proactive compaction after a replay starts a turn at the replayed request and keeps its tail', async () => {
    const strategy = opencodeTailStrategy({ maxOutputTokens: 1_000, preserve_recent_tokens: 50 });
    const first = await strategy.onModelError!(fakeContext({ events: firstOverflow() }), OVERFLOW, { contents: [] });
    const events = [
      ...withRecords(firstOverflow(), first!.append!, 'x'),
      call('c2', 'read'),
      response('r2', 'c2', 'read', 'w'.repeat(4_000)),
      model('m2', 'done'),
    ];
    const ctx = fakeContext({ window: 3_000, events, state: { 'opencode:lastStepTokens': 2_500 } });
    const outcome = await strategy.compactSession!(ctx);
    // The replayed request's turn is too big for 50 tokens; its last message fits: the tail is
    // kept from it and the request is summarized (before the fix no turn existed, so everything
    // was summarized and nothing kept).
    expect(summarizerInput(ctx)).toContain('[User]: second request');
    expect(outcome!.append!.map((r) => [r.startEventId, r.endEventId])).toEqual([
      [undefined, 'r2'],
      ['m2', 'm2'],
    ]);
  });
});

describe('auto off and the reactive path', () => {
  it('current (@31e22f65): an overflow with compaction.auto false ends the turn (processor.ts halt)', async () => {
    const ctx = fakeContext({ events: firstOverflow() });
    expect(await opencodeTailStrategy({ auto: false }).onModelError!(ctx, OVERFLOW, { contents: [] })).toBeUndefined();
    expect(ctx.summarizerRequests).toHaveLength(0);
  });

  it.each([
    ['opencode', () => opencodeClassicStrategy({ auto: false })],
    ['opencode-tail-2026-04', () => opencodeTail2026_04Strategy({ auto: false })],
  ] as const)('%s: the overflow path compacts even with auto false (#30664)', async (_, make) => {
    const outcome = await make().onModelError!(fakeContext({ events: firstOverflow() }), OVERFLOW, { contents: [] });
    expect(outcome?.retry).toBe(true);
  });
});

describe('replayCopy', () => {
  it('turns media into a text note, as processCompaction does', () => {
    const content: Content = {
      role: 'user',
      parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/png', data: 'AAAA', displayName: 'shot.png' } }],
    };
    expect(replayCopy(content)).toEqual({
      role: 'user',
      parts: [{ text: 'look' }, { text: '[Attached image/png: shot.png]' }],
    });
  });
});

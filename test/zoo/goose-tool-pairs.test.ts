/**
 * Goose's tool-pair summarization at block/goose @475968db (on by default): the cutoff, the batch,
 * and how summarized pairs leave the model's view and where their summaries land. The cutoff
 * values are those upstream's own mod.rs tests assert at that commit.
 */
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/engine/hook-types.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import { gooseStrategy } from '../../src/zoo/goose.ts';
import {
  computeToolCallCutoff,
  TOOL_PAIR_SUMMARY_PROMPT,
  TOOLCALL_SUMMARIZATION_BATCH_SIZE,
  toolIdsToSummarize,
} from '../../src/zoo/goose-tool-pairs.ts';
import { call, fakeContext, model, recordEvent, response, textOf, user } from './helpers/zoo-fixtures.ts';

/** `n` tool pairs (call `c<k>`, response `r<k>`) after a user message, in invocation `inv`. */
function pairs(n: number, inv = 'inv-0'): SessionEvent[] {
  return [
    user('u0', 'start', inv),
    ...Array.from({ length: n }, (_, k) => [
      call(`c${k}`, `t${k}`, inv),
      response(`r${k}`, `c${k}`, `t${k}`, `out${k}`, inv),
    ]).flat(),
    model('m0', 'done', inv),
  ];
}

const view = (events: readonly SessionEvent[]) => projectedHistory({ events }).map((m) => textOf(m.content));

describe('goose tool-pair summarization (@475968db)', () => {
  it('compute_tool_call_cutoff: 3 × floor(limit × threshold) / 20,000, clamped to [10, 500], threshold outside (0, 1] → 0.8', () => {
    expect(computeToolCallCutoff(128_000, 0.8, 0.8)).toBe(15);
    expect(computeToolCallCutoff(200_000, 0.8, 0.8)).toBe(24);
    expect(computeToolCallCutoff(1_000_000, 0.8, 0.8)).toBe(120);
    expect(computeToolCallCutoff(50_000, 0.8, 0.8)).toBe(10);
    expect(computeToolCallCutoff(10_000_000, 0.8, 0.8)).toBe(500);
    expect(computeToolCallCutoff(200_000, 0.3, 0.8)).toBe(10);
    expect(computeToolCallCutoff(1_000_000, 0.5, 0.8)).toBe(75);
    expect(computeToolCallCutoff(200_000, 0, 0.8)).toBe(24);
    expect(computeToolCallCutoff(200_000, 1, 0.8)).toBe(30);
  });

  it('tool_ids_to_summarize: nothing until more than cutoff + 10 are eligible, then the oldest 10; calls of this reply protected', () => {
    const history = (n: number) => projectedHistory({ events: pairs(n) });
    expect(toolIdsToSummarize(history(15), 5, 0)).toEqual([]);
    const batch = toolIdsToSummarize(history(16), 5, 0);
    expect(batch).toHaveLength(TOOLCALL_SUMMARIZATION_BATCH_SIZE);
    expect(batch[0]).toBe('c-c0');
    expect(batch[9]).toBe('c-c9');
    expect(toolIdsToSummarize(history(16), 5, 1)).toEqual([]);
    expect(toolIdsToSummarize(history(17), 5, 1)).toHaveLength(10);
  });

  it('on by default: the batch is chosen before the model call, then summarized and applied after the turn, the pairs hidden', async () => {
    const strategy = gooseStrategy({ tool_call_cutoff: 2 });
    const before = [...pairs(13), user('u1', 'next', 'inv-1')];
    const ctx = fakeContext({ events: before, invocationId: 'inv-1' });
    expect(await strategy.compactSession!(ctx)).toBeUndefined();
    expect(ctx.summarizerRequests).toHaveLength(0);
    // The turn: the model answers; at the next request the batch is summarized and applied.
    const after = [...before, model('m1', 'answer', 'inv-1')];
    const next = fakeContext({
      events: after,
      invocationId: 'inv-1',
      state: Object.fromEntries(ctx.values),
      summarize: (_r, n) => `pair ${n}`,
    });
    const outcome = await strategy.compactSession!(next);
    // One summarizer call per pair, each over the call and its response as they read at the turn.
    expect(next.summarizerRequests).toHaveLength(10);
    expect(JSON.stringify(next.summarizerRequests[0]!.contents)).toContain('tool_request(t0)');
    expect(JSON.stringify(next.summarizerRequests[0]!.contents)).toContain('tool_response: out0');
    const records = outcome!.append!;
    const applied = [...after, ...records.map((r, i) => recordEvent(`rec${i}`, r, 'inv-1'))];
    const seen = view(applied);
    for (let k = 0; k < 10; k += 1) expect(seen).not.toContain(`call:t${k}`);
    expect(seen).toContain('call:t10');
    // The summaries after the turn's last message, in order (upstream appends them to the turn's messages).
    expect(seen.slice(-11)).toEqual(['answer', ...Array.from({ length: 10 }, (_, k) => `pair ${k + 1}`)]);
    expect(seen.slice(0, 3)).toEqual(['start', 'call:t10', 'resp:t10']);
  });

  it('a pair summary never erases an earlier one: a later batch hiding the host of earlier summaries carries them', async () => {
    const strategy = gooseStrategy({ tool_call_cutoff: 0 });
    // 11 pairs: the first batch (c0-c9) lands on the last event, the response r10.
    const start = [user('u0', 'go'), ...pairsOnly(0, 11)];
    // A later invocation reads them: none of these calls is protected as the current reply's.
    const ctx = fakeContext({ events: start, invocationId: 'inv-9' });
    await strategy.compactSession!(ctx);
    const end1 = fakeContext({
      events: start,
      invocationId: 'inv-9',
      state: Object.fromEntries(ctx.values),
      summarize: (_r, n) => `s${n}`,
    });
    const first = (await strategy.afterInvocation!(end1))!.append!;
    let events = [...start, ...first.map((r, i) => recordEvent(`a${i}`, r))];
    expect(view(events).slice(-11)).toEqual(['resp:t10', ...Array.from({ length: 10 }, (_, k) => `s${k + 1}`)]);
    // Ten more pairs: the next batch takes c10 (whose response hosts s1-s10) and c11-c19.
    events = [...events, ...pairsOnly(11, 10)];
    const ctx2 = fakeContext({ events, invocationId: 'inv-9', state: Object.fromEntries(end1.values) });
    expect(await strategy.compactSession!(ctx2)).toBeUndefined();
    const second = (await strategy.afterInvocation!(
      fakeContext({
        events,
        invocationId: 'inv-9',
        state: Object.fromEntries(ctx2.values),
        summarize: (_r, n) => `t${n}`,
      }),
    ))!.append!;
    const seen = view([...events, ...second.map((r, i) => recordEvent(`b${i}`, r))]);
    expect(seen.filter((t) => /^s\d+$/.test(t))).toEqual(Array.from({ length: 10 }, (_, k) => `s${k + 1}`));
    expect(seen.filter((t) => /^t\d+$/.test(t))).toEqual(Array.from({ length: 10 }, (_, k) => `t${k + 1}`));
    expect(seen.filter((t) => t.startsWith('call:'))).toEqual(['call:t20']);
  });

  it('GOOSE_TOOL_PAIR_SUMMARIZATION false: no pair is summarized', async () => {
    const ctx = fakeContext({ events: [...pairs(13), user('u1', 'next', 'inv-1')], invocationId: 'inv-1' });
    await gooseStrategy({ tool_call_cutoff: 2, tool_pair_summarization: false }).compactSession!(ctx);
    expect(ctx.summarizerRequests).toHaveLength(0);
  });

  it("an overflow's compaction does not drop the turn's pair summaries: they land after the compacted history", async () => {
    const strategy = gooseStrategy({ tool_call_cutoff: 2 });
    const events = [...pairs(13), user('u1', 'next', 'inv-1')];
    let pairCalls = 0;
    const ctx = fakeContext({
      events,
      invocationId: 'inv-1',
      summarize: (request) =>
        request.config?.systemInstruction === TOOL_PAIR_SUMMARY_PROMPT ? `pair ${++pairCalls}` : 'WHOLE',
    });
    await strategy.compactSession!(ctx);
    const outcome = await strategy.onModelError!(ctx, new ContextWindowExceededError(9, 8), { contents: [] });
    expect(outcome!.retry).toBe(true);
    const seen = view([...events, ...outcome!.append!.map((r, i) => recordEvent(`rec${i}`, r, 'inv-1'))]);
    expect(seen[0]).toBe('WHOLE');
    expect(seen.slice(-10)).toEqual(Array.from({ length: 10 }, (_, k) => `pair ${k + 1}`));
    expect(seen.some((t) => t.startsWith('call:'))).toBe(false);
  });
});

/** `n` pairs numbered from `from`, in invocation inv-1. */
function pairsOnly(from: number, n: number): SessionEvent[] {
  return Array.from({ length: n }, (_, i) => {
    const k = from + i;
    return [call(`c${k}`, `t${k}`), response(`r${k}`, `c${k}`, `t${k}`, `out${k}`)];
  }).flat();
}

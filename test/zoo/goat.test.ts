import { describe, expect, it } from 'vitest';
import type { Content, LlmRequest } from '../../src/engine/types.ts';
import {
  adjustSplitForToolPairs,
  calculateSplitPoint,
  GOAT_PRUNE_MARKER,
  GOAT_SUMMARY_HEADER,
  goatMessages,
  goatStrategy,
} from '../../src/zoo/goat.ts';
import { fakeContext } from './helpers/zoo-fixtures.ts';

const human = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const ai = (text: string): Content => ({ role: 'model', parts: [{ text }] });
const aiCall = (name: string, args: Record<string, unknown> = {}): Content => ({
  role: 'model',
  parts: [{ functionCall: { name, args } }],
});
const tool = (name: string, text: string): Content => ({
  role: 'user',
  parts: [{ functionResponse: { name, response: { result: text } } }],
});

describe('goat', () => {
  it('split: newest messages within 40 % of the limit; then back over tool messages and once more over their call (GT-1 orphan)', () => {
    // A(tc1) T1 A(tc2) T2 with the budget edge on T2.
    const messages = goatMessages([
      human('goal'),
      aiCall('a'),
      tool('a', 'x'.repeat(400)),
      aiCall('b'),
      tool('b', 'y'.repeat(400)),
    ]);
    const split = calculateSplitPoint(messages, 104);
    expect(split).toBe(4);
    expect(adjustSplitForToolPairs(messages, split)).toBe(2); // T1: its call A(tc1) goes to the summary
    expect(calculateSplitPoint(messages, 1_000_000)).toBe(0);
  });

  it('trigger: (system/4 + Σ messages + 16,384) / limit > 0.80; call arguments cost 4 tokens whatever their size (GT-2)', async () => {
    const strategy = goatStrategy({ limit: 21_000 });
    const request: LlmRequest = {
      contents: [human('go'), aiCall('write_file', { body: 'x'.repeat(400_000) }), tool('write_file', 'ok')],
    };
    const ctx = fakeContext();
    await strategy.compact(ctx, request);
    expect(ctx.summarizerRequests).toHaveLength(0);
    // 6,004 + 6,004 + 404 + 16,384 = 28,796 > 0.8 × 30,000; the newest 12,000 keep [y, z].
    const big: LlmRequest = { contents: [human('x'.repeat(24_000)), ai('y'.repeat(24_000)), human('z'.repeat(1_600))] };
    await goatStrategy({ limit: 30_000 }).compact(ctx, big);
    expect(ctx.summarizerRequests).toHaveLength(1);
    expect(big.contents.map((c) => c.parts![0]!.text!.slice(0, 1))).toEqual(['[', 'y', 'z']);
    expect(big.contents[0]!.parts![0]!.text).toBe(`${GOAT_SUMMARY_HEADER}SUMMARY`);
  });

  it('the replacement is held: the next request starts with the summary, then what was preserved', async () => {
    const strategy = goatStrategy({ limit: 30_000 });
    const ctx = fakeContext();
    const contents = [human('x'.repeat(24_000)), ai('y'.repeat(24_000)), human('z'.repeat(1_600))];
    await strategy.compact(ctx, { contents: structuredClone(contents) });
    const next: LlmRequest = { contents: [...structuredClone(contents), ai('ok')] };
    await goatStrategy({ limit: 1_000_000 }).compact(ctx, next);
    expect(next.contents.map((c) => c.parts![0]!.text!.slice(0, 2))).toEqual(['[P', 'yy', 'zz', 'ok']);
  });

  it('a failed summary drops the compact zone, with no placeholder (GT-3)', async () => {
    const ctx = fakeContext({ summarize: () => new Error('down') });
    const request: LlmRequest = {
      contents: [human(`the only request ${'x'.repeat(24_000)}`), ai('y'.repeat(24_000)), human('z'.repeat(1_600))],
    };
    await goatStrategy({ limit: 30_000 }).compact(ctx, request);
    expect(request.contents.map((c) => c.parts![0]!.text!.slice(0, 1))).toEqual(['y', 'z']);
    expect(JSON.stringify(request.contents)).not.toContain('the only request');
  });

  it('light prune after a tool batch: older tool results over 1,000 bytes keep 200 bytes', async () => {
    const contents: Content[] = [human('go'), aiCall('read'), tool('read', 'r'.repeat(2_000))];
    for (let i = 0; i < 6; i += 1) contents.push(aiCall('t'), tool('t', 'small'));
    const request: LlmRequest = { contents };
    await goatStrategy({ limit: 1_000_000 }).compact(fakeContext(), request);
    const pruned = (request.contents[2]!.parts![0]!.functionResponse!.response as { result: string }).result;
    expect(pruned).toBe(`${'r'.repeat(200)}${GOAT_PRUNE_MARKER}`);
  });
});

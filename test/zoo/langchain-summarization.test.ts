import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../src/engine/strategies/strategy-options.ts';
import type { Content, LlmRequest } from '../../src/engine/types.ts';
import {
  approximateTokens,
  findSafeCutoff,
  langchainSummarizationStrategy,
  SUMMARY_MESSAGE_PREFIX,
  TOO_LONG_SUMMARY,
  trimLast,
} from '../../src/zoo/langchain-summarization.ts';
import { fakeContext } from './helpers/zoo-fixtures.ts';

const human = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const ai = (text: string): Content => ({ role: 'model', parts: [{ text }] });
const aiCall = (name: string): Content => ({ role: 'model', parts: [{ functionCall: { name, args: {} } }] });
const tool = (name: string, text: string): Content => ({
  role: 'user',
  parts: [{ functionResponse: { name, response: { result: text } } }],
});
const request = (contents: Content[]): LlmRequest => ({ contents: structuredClone(contents) });

describe('langchain SummarizationMiddleware', () => {
  it('trigger defaults to None: it never summarizes', async () => {
    const req = request(Array.from({ length: 40 }, (_, i) => human(`m${i}`)));
    const ctx = fakeContext();
    await langchainSummarizationStrategy().compact(ctx, req);
    expect(req.contents).toHaveLength(40);
    expect(ctx.summarizerRequests).toHaveLength(0);
  });

  it('counts ceil((chars + role name [+ repr(tool_calls)] [+ tool_call_id]) / 4) + 3 per message (langchain-core 1.6.5)', () => {
    // Before: the role's name was not counted (10 + 3 + 1 + 3 = 17).
    expect(approximateTokens([human('x'.repeat(40)), ai('abcd')])).toBe(Math.ceil(44 / 4) + 3 + Math.ceil(13 / 4) + 3);
    // An AI message with a call counts Python's repr of its tool_calls, 77 characters here, plus "assistant".
    const withCall: Content = {
      role: 'model',
      parts: [{ functionCall: { id: 'c1', name: 'read', args: { path: 'a.ts' } } }],
    };
    expect(approximateTokens([withCall])).toBe(Math.ceil((77 + 9) / 4) + 3);
    // A tool message counts its content, its tool_call_id and "tool".
    const result: Content = {
      role: 'user',
      parts: [{ functionResponse: { id: 'c1', name: 'read', response: { result: 'r' } } }],
    };
    const content = JSON.stringify({ name: 'read', response: { result: 'r' } }).length;
    expect(approximateTokens([result])).toBe(Math.ceil((content + 2 + 4) / 4) + 3);
  });

  it('the trim keeps the last lines of a human message that does not fit whole (allow_partial); other partials are dropped', () => {
    const goal = human(['line one of the goal', 'line two', 'the last line'].join('\n'));
    const tail = ai('y'.repeat(36)); // ceil((36 + 9) / 4) + 3 = 15 tokens
    // Budget 15 + 8: "the last line" costs ceil((13 + 4) / 4) + 3 = 8; with "line two\n" it would cost 10.
    expect(trimLast([goal, tail], 23)).toEqual([human('the last line'), tail]);
    expect(trimLast([goal, tail], 25)).toEqual([human('line two\nthe last line'), tail]);
    // Before: whole messages only, so nothing started on a human message.
    expect(trimLast([goal, tail], 23)).not.toEqual([]);
    // A partial AI message is dropped to start on a human one.
    expect(trimLast([human('q'), ai('a\n'.repeat(20)), tail], 22)).toEqual([]);
  });

  it('["messages", N] trigger, keep 20 messages: [Human summary, last 20]', async () => {
    const contents = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? human(`q${i}`) : ai(`a${i}`)));
    const req = request(contents);
    const ctx = fakeContext();
    await langchainSummarizationStrategy({ trigger: ['messages', 30] }).compact(ctx, req);
    expect(req.contents).toHaveLength(21);
    expect(req.contents[0]).toEqual(human(`${SUMMARY_MESSAGE_PREFIX}SUMMARY`));
    expect(req.contents[1]).toEqual(contents[10]);
    // The graph state is held: the next request (one more message) starts with the same summary.
    const next = request([...contents, human('q30')]);
    await langchainSummarizationStrategy({ trigger: ['messages', 100] }).compact(ctx, next);
    expect(next.contents.map((c) => c.parts![0]!.text)).toEqual([
      `${SUMMARY_MESSAGE_PREFIX}SUMMARY`,
      ...contents.slice(10).map((c) => c.parts![0]!.text),
      'q30',
    ]);
  });

  it('keep ["tokens", N] where no suffix fits, not even the last message: the last message is still kept', async () => {
    const contents = [human('q0'), ai('a0'), human('q1'), ai('x'.repeat(8_000))];
    const req = request(contents);
    const ctx = fakeContext();
    await langchainSummarizationStrategy({ trigger: ['messages', 4], keep: ['tokens', 100] }).compact(ctx, req);
    // Before the clamp the cutoff was the end: everything summarized, nothing kept.
    expect(req.contents).toEqual([human(`${SUMMARY_MESSAGE_PREFIX}SUMMARY`), contents[3]]);
  });

  it('a cutoff on a tool message moves back to the AI message that called it', () => {
    const messages = [human('goal'), aiCall('read'), tool('read', 'r'), ai('done')];
    expect(findSafeCutoff(messages, 2)).toBe(1);
    expect(findSafeCutoff(messages, 3)).toBe(3);
  });

  it('#39261: one human goal then tool traffic: the 4,000-token trim has no human message, placeholder summary without a call', async () => {
    const contents: Content[] = [human('the goal')];
    for (let i = 0; i < 60; i += 1) contents.push(aiCall('read'), tool('read', 'x'.repeat(2_000)));
    contents.push(ai('still working'));
    expect(trimLast(contents.slice(0, 100), 4_000)).toEqual([]);
    const req = request(contents);
    const ctx = fakeContext();
    await langchainSummarizationStrategy({ trigger: ['tokens', 20_000] }).compact(ctx, req);
    expect(ctx.summarizerRequests).toHaveLength(0);
    expect(req.contents[0]).toEqual(human(`${SUMMARY_MESSAGE_PREFIX}${TOO_LONG_SUMMARY}`));
    expect(JSON.stringify(req.contents)).not.toContain('the goal');
  });

  it('a failing summarizer is retried 3 times then raises; before PR #39268 the error became the summary (#38867)', async () => {
    const contents = Array.from({ length: 30 }, (_, i) => human(`q${i}`));
    const failing = fakeContext({ summarize: () => new Error('429 Too Many Requests') });
    await expect(
      langchainSummarizationStrategy({ trigger: ['messages', 30] }).compact(failing, request(contents)),
    ).rejects.toThrow('429');
    expect(failing.summarizerRequests).toHaveLength(3);
    const req = request(contents);
    await langchainSummarizationStrategy({ trigger: ['messages', 30], error_as_summary: true }).compact(
      fakeContext({ summarize: () => new Error('429 Too Many Requests') }),
      req,
    );
    expect(req.contents[0]).toEqual(human(`${SUMMARY_MESSAGE_PREFIX}Error generating summary: 429 Too Many Requests`));
  });

  it('rejects malformed clauses', () => {
    expect(() => langchainSummarizationStrategy({ trigger: ['tokens'] })).toThrow(StrategyOptionsError);
    expect(() => langchainSummarizationStrategy({ keep: ['fraction', 2] })).toThrow(StrategyOptionsError);
  });
});

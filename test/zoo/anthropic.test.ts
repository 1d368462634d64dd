import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../src/engine/strategies/strategy-options.ts';
import type { Content, LlmRequest } from '../../src/engine/types.ts';
import { anthropicClearToolUsesStrategy, CLEARED_PLACEHOLDER } from '../../src/zoo/anthropic-clear-tool-uses.ts';
import { anthropicCompactStrategy } from '../../src/zoo/anthropic-compact.ts';
import { fakeContext } from './helpers/zoo-fixtures.ts';

const human = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const aiCall = (name: string): Content => ({
  role: 'model',
  parts: [{ functionCall: { name, args: { path: name } } }],
});
const tool = (name: string, text: string): Content => ({
  role: 'user',
  parts: [{ functionResponse: { name, response: { result: text } } }],
});
const results = (request: LlmRequest) =>
  request.contents.flatMap((c) =>
    (c.parts ?? []).flatMap((p) =>
      p.functionResponse ? [(p.functionResponse.response as { result: string }).result.slice(0, 9)] : [],
    ),
  );

const session = (): LlmRequest => ({
  contents: [human('go'), ...['a', 'b', 'c', 'd', 'e'].flatMap((n) => [aiCall(n), tool(n, n.repeat(8_000))])],
});
const counting = () => ({
  ...fakeContext(),
  countTokens: (r: LlmRequest) => Math.ceil(JSON.stringify(r.contents).length / 4),
});

describe('anthropic clear_tool_uses', () => {
  it('above the trigger, clears the oldest results, keeping the 3 most recent tool uses', () => {
    const request = session();
    anthropicClearToolUsesStrategy({ trigger: { type: 'input_tokens', value: 5_000 } }).compact(counting(), request);
    expect(results(request)).toEqual([CLEARED_PLACEHOLDER, CLEARED_PLACEHOLDER, 'ccccccccc', 'ddddddddd', 'eeeeeeeee']);
  });

  it('below the default 100,000 input tokens nothing happens; excluded tools and clear_at_least are honoured', () => {
    const untouched = session();
    anthropicClearToolUsesStrategy().compact(counting(), untouched);
    expect(results(untouched)[0]).toBe('aaaaaaaaa');
    const excluded = session();
    anthropicClearToolUsesStrategy({ trigger: { type: 'input_tokens', value: 5_000 }, exclude_tools: ['a'] }).compact(
      counting(),
      excluded,
    );
    expect(results(excluded).slice(0, 2)).toEqual(['aaaaaaaaa', CLEARED_PLACEHOLDER]);
    const notWorthIt = session();
    anthropicClearToolUsesStrategy({ trigger: { type: 'input_tokens', value: 5_000 }, clear_at_least: 10_000 }).compact(
      counting(),
      notWorthIt,
    );
    expect(results(notWorthIt)[0]).toBe('aaaaaaaaa');
  });

  it('rejects a malformed trigger', () => {
    expect(() => anthropicClearToolUsesStrategy({ trigger: { type: 'turns', value: 3 } })).toThrow(
      StrategyOptionsError,
    );
  });
});

describe('anthropic compact', () => {
  it('above the trigger: one compaction block replaces the prompt; later prompts start from it', async () => {
    const ctx = counting();
    const strategy = anthropicCompactStrategy({ trigger: 50_000 });
    const first = session();
    first.contents.push(tool('f', 'f'.repeat(200_000)));
    await strategy.compact(ctx, first);
    expect(first.contents).toEqual([{ role: 'model', parts: [{ text: 'SUMMARY' }] }]);
    const next: LlmRequest = {
      contents: [...session().contents, tool('f', 'f'), { role: 'model', parts: [{ text: 'answer' }] }, human('more')],
    };
    await strategy.compact(ctx, next);
    expect(next.contents.map((c) => c.parts![0]!.text)).toEqual(['SUMMARY', 'answer', 'more']);
  });

  it('a failed summary is a no-op (content: null); the trigger has a 50,000 minimum', async () => {
    const request = session();
    request.contents.push(tool('f', 'f'.repeat(200_000)));
    await anthropicCompactStrategy({ trigger: 50_000 }).compact(
      { ...counting(), summarizer: fakeContext({ summarize: () => new Error('x') }).summarizer },
      request,
    );
    expect(request.contents).toHaveLength(12);
    expect(() => anthropicCompactStrategy({ trigger: 10_000 })).toThrow(StrategyOptionsError);
  });
});

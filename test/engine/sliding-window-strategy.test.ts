import { describe, expect, it } from 'vitest';
import {
  computeThreshold,
  continuationText,
  estimateContentTokens,
  loadContentsAtCompaction,
  loadRealTokens,
  loadSummary,
  persistContentsAtCompaction,
  persistRealTokens,
  persistSummary,
  slidingWindowStrategy,
  SplitIndexOutOfRangeError,
  stateKeys,
  StrategyOptionsError,
  summaryText,
} from '../../src/engine/index.ts';
import {
  makeContext,
  makeConversation,
  makeLargeConversation,
  makeToolOnlyConversation,
  ScriptedSummarizer,
  snapshot,
  textContent,
} from './fixtures.ts';

describe('sliding window strategy', () => {
  it('is named "sliding_window"', () => {
    expect(slidingWindowStrategy().name).toBe('sliding_window');
  });

  it('makeConversation(5) with maxTurns 50 → unchanged', async () => {
    const summarizer = new ScriptedSummarizer(['summary']);
    const req = { contents: makeConversation(5) };
    await slidingWindowStrategy({ maxTurns: 50 }).compact(makeContext({ contextWindow: 128_000, summarizer }), req);
    expect(req.contents).toEqual(makeConversation(5));
    expect(summarizer.calls).toBe(0);
  });

  it('makeConversation(20) with maxTurns 5 → [summary, 3 recent, continuation], watermark 40', async () => {
    const summarizer = new ScriptedSummarizer(['Sliding window summary']);
    const ctx = makeContext({ contextWindow: 128_000, summarizer });
    const contents = makeConversation(20);
    const req = { contents };
    await slidingWindowStrategy({ maxTurns: 5 }).compact(ctx, req);
    expect(req.contents).toEqual([
      { role: 'user', parts: [{ text: summaryText('Sliding window summary') }] },
      ...contents.slice(37),
      { role: 'user', parts: [{ text: continuationText() }] },
    ]);
    expect(loadContentsAtCompaction(ctx)).toBe(40);
    expect(ctx.state.get(stateKeys('agent1').summarizedAt)).toBe(estimateContentTokens(contents.slice(0, 37)));
    expect(summarizer.calls).toBe(1);
    // the summarizer saw exactly the 37 old contents
    expect(summarizer.requests[0]?.contents[0]?.parts?.[0]?.text?.match(/^(user|model): /gm)).toHaveLength(37);
  });

  it('recentKeep is max(3, maxTurns*30/100): maxTurns 20 keeps 6', async () => {
    const req = { contents: makeConversation(20) };
    await slidingWindowStrategy({ maxTurns: 20 }).compact(makeContext({ contextWindow: 128_000 }), req);
    expect(req.contents).toHaveLength(1 + 6 + 1);
  });

  it('injects the summary when under the limit', async () => {
    const ctx = makeContext({ contextWindow: 128_000 });
    persistSummary(ctx, 'previous sliding window summary', 3_000);
    const req = { contents: makeConversation(5) };
    await slidingWindowStrategy({ maxTurns: 100 }).compact(ctx, req);
    expect(req.contents).toHaveLength(11);
    expect(req.contents[0]?.parts?.[0]?.text).toBe(summaryText('previous sliding window summary'));
  });

  it('watermark 35 with 40 contents and maxTurns 10 → unchanged', async () => {
    const ctx = makeContext({ contextWindow: 128_000 });
    persistContentsAtCompaction(ctx, 35);
    const req = { contents: makeConversation(20) };
    await slidingWindowStrategy({ maxTurns: 10 }).compact(ctx, req);
    expect(req.contents).toHaveLength(40);
  });

  it('tool-only 40 entries with maxTurns 5 → split after a whole pair, watermark 40', async () => {
    const ctx = makeContext({
      contextWindow: 128_000,
      summarizer: new ScriptedSummarizer(['Summarized sliding window']),
    });
    const contents = makeToolOnlyConversation(20);
    const req = { contents };
    await slidingWindowStrategy({ maxTurns: 5 }).compact(ctx, req);
    // candidate 37 is a response: walk back hits 0, walk forward lands at 38
    expect(req.contents.slice(1, -1)).toEqual(contents.slice(38));
    expect(loadSummary(ctx)).toBe('Summarized sliding window');
    expect(loadContentsAtCompaction(ctx)).toBe(40);
  });

  it('window 500, maxTurns 3, 5 attempts → exactly 5 calls and accumulated continuations', async () => {
    const hugeSummary = 'word '.repeat(computeThreshold(500) + 500);
    const summarizer = new ScriptedSummarizer([hugeSummary]);
    const req = { contents: makeLargeConversation(5_000) };
    await slidingWindowStrategy({ maxTurns: 3, maxCompactionAttempts: 5 }).compact(
      makeContext({ contextWindow: 500, summarizer }),
      req,
    );
    expect(summarizer.calls).toBe(5);
    expect(req.contents.map((c) => c.parts?.[0]?.text)).toEqual([
      summaryText(hugeSummary),
      ...Array(4).fill(continuationText()),
    ]);
  });

  it('uses the context window it is given (no maxTokens option, as upstream ignores WithMaxTokens)', async () => {
    expect(() => slidingWindowStrategy({ maxTokens: 500 })).toThrow(StrategyOptionsError);
    const hugeSummary = 'word '.repeat(1_000);
    const small = new ScriptedSummarizer([hugeSummary]);
    await slidingWindowStrategy({ maxTurns: 3 }).compact(makeContext({ contextWindow: 500, summarizer: small }), {
      contents: makeLargeConversation(5_000),
    });
    const large = new ScriptedSummarizer([hugeSummary]);
    await slidingWindowStrategy({ maxTurns: 3 }).compact(makeContext({ contextWindow: 128_000, summarizer: large }), {
      contents: makeLargeConversation(5_000),
    });
    expect(small.calls).toBe(3);
    expect(large.calls).toBe(1);
  });

  it('does not reset calibration', async () => {
    const ctx = makeContext({ contextWindow: 128_000 });
    persistRealTokens(ctx, 5_000);
    await slidingWindowStrategy({ maxTurns: 5 }).compact(ctx, { contents: makeConversation(20) });
    expect(loadSummary(ctx)).not.toBe('');
    expect(loadRealTokens(ctx)).toBe(5_000);
  });

  it('on a summarizer failure: no fallback, no throw, request and state untouched, a warning', async () => {
    const warnings: Record<string, unknown>[] = [];
    const ctx = {
      ...makeContext({ contextWindow: 128_000, summarizer: new ScriptedSummarizer([new Error('model down')]) }),
      warn: (_m: string, fields?: Record<string, unknown>) => warnings.push(fields ?? {}),
    };
    const contents = makeConversation(20);
    const req = { contents };
    await slidingWindowStrategy({ maxTurns: 5 }).compact(ctx, req);
    expect(req.contents).toBe(contents);
    expect(loadSummary(ctx)).toBe('');
    expect(loadContentsAtCompaction(ctx)).toBe(0);
    expect(warnings).toEqual([
      {
        agent: 'agent1',
        strategy: 'sliding_window',
        error: 'summarization failed: summarization LLM call failed: model down',
      },
    ]);
  });

  it('split at 0 → nothing compacted, and the stored summary is NOT injected on that path', async () => {
    const ctx = makeContext({ contextWindow: 128_000 });
    persistSummary(ctx, 'kept', 0);
    const contents = makeConversation(2).slice(0, 3);
    const req = { contents };
    await slidingWindowStrategy({ maxTurns: 2 }).compact(ctx, req);
    expect(req.contents).toBe(contents);
  });

  it('throws a clear error where upstream would panic (negative split index)', async () => {
    const req = { contents: makeConversation(1) };
    await expect(
      slidingWindowStrategy({ maxTurns: 1 }).compact(makeContext({ contextWindow: 128_000 }), req),
    ).rejects.toThrow(SplitIndexOutOfRangeError);
  });

  it('never mutates the contents or user content it was given', async () => {
    const userContent = textContent('user', 'continue');
    const contents = makeConversation(20);
    const before = snapshot(contents);
    await slidingWindowStrategy({ maxTurns: 5 }).compact(makeContext({ contextWindow: 128_000, userContent }), {
      contents,
    });
    expect(contents).toEqual(before);
    expect(userContent).toEqual(textContent('user', 'continue'));
  });
});

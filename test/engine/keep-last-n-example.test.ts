import { describe, expect, it } from 'vitest';
import keepLastN from '../../examples/strategies/keep-last-n.ts';
import {
  ContextGuard,
  estimateContentTokens,
  loadContentsAtCompaction,
  loadSummary,
  StrategyOptionsError,
  summaryText,
} from '../../src/engine/index.ts';
import {
  makeContext,
  makeLargeConversation,
  makeToolOnlyConversation,
  ScriptedSummarizer,
  snapshot,
  textContent,
} from './fixtures.ts';

describe('examples/strategies/keep-last-n.ts', () => {
  it('default-exports a StrategyFactory named keep_last_n', () => {
    expect(typeof keepLastN).toBe('function');
    expect(keepLastN().name).toBe('keep_last_n');
  });

  it('validates its options', () => {
    expect(() => keepLastN({ keep: 0 })).toThrow(StrategyOptionsError);
    expect(() => keepLastN({ keep: '3' })).toThrow(/"keep".*integer >= 1/);
    expect(() => keepLastN({ kept: 3 })).toThrow(/unknown option "kept"/);
  });

  it('leaves a small request alone', async () => {
    const summarizer = new ScriptedSummarizer(['s']);
    const req = { contents: [textContent('user', 'hi')] };
    await keepLastN().compact(makeContext({ contextWindow: 1_000, summarizer }), req);
    expect(req.contents).toEqual([textContent('user', 'hi')]);
    expect(summarizer.calls).toBe(0);
  });

  it('folds all but the last N into a summary and sets the watermark before the kept tail', async () => {
    const summarizer = new ScriptedSummarizer(['older turns']);
    const ctx = makeContext({ contextWindow: 8_000, summarizer });
    const contents = makeLargeConversation(4_000); // 40 contents × 100 tokens → 10,000 calibrated
    const before = snapshot(contents);
    const req = { contents };
    await keepLastN({ keep: 4 }).compact(ctx, req);
    expect(req.contents).toEqual([
      { role: 'user', parts: [{ text: summaryText('older turns') }] },
      ...contents.slice(36),
    ]);
    expect(loadSummary(ctx)).toBe('older turns');
    expect(loadContentsAtCompaction(ctx)).toBe(36);
    expect(contents).toEqual(before);
  });

  it('next call: re-injects the summary in place of what it covers and keeps the tail', async () => {
    const ctx = makeContext({ contextWindow: 8_000, summarizer: new ScriptedSummarizer(['older turns']) });
    const history = makeLargeConversation(4_000);
    const guard = new ContextGuard().add('agent1', keepLastN({ keep: 4 }));
    await guard.beforeModel(ctx, { contents: history.slice() });
    const next = { contents: [...history, textContent('user', 'and now?')] };
    await guard.beforeModel(ctx, next);
    expect(next.contents).toHaveLength(1 + 4 + 1);
    expect(next.contents.slice(1)).toEqual([...history.slice(36), textContent('user', 'and now?')]);
  });

  it('never splits a tool call from its response', async () => {
    const ctx = makeContext({ contextWindow: 1_000, summarizer: new ScriptedSummarizer(['tools']) });
    const contents = makeToolOnlyConversation(100);
    expect(estimateContentTokens(contents)).toBeGreaterThan(400);
    const req = { contents };
    await keepLastN({ keep: 3 }).compact(ctx, req);
    // candidate 197 is a response → forward walk to 198: the tail is one whole pair
    expect(req.contents.slice(1)).toEqual(contents.slice(198));
  });
});

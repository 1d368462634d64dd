import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  computeThreshold,
  continuationText,
  estimateTokens,
  loadContentsAtCompaction,
  loadLastHeuristic,
  loadRealTokens,
  loadSummary,
  persistContentsAtCompaction,
  persistLastHeuristic,
  persistRealTokens,
  persistSummary,
  stateKeys,
  summaryText,
  thresholdStrategy,
} from '../../src/engine/index.ts';
import {
  makeContext,
  makeConversation,
  makeLargeConversation,
  ScriptedSummarizer,
  snapshot,
  textContent,
  toolCallContent,
} from './fixtures.ts';

const huge = (window: number, extra: number): string => 'word '.repeat(computeThreshold(window) + extra);

describe('threshold strategy', () => {
  it('is named "threshold"', () => {
    expect(thresholdStrategy().name).toBe('threshold');
  });

  it('leaves a request below the threshold alone and calls no model', async () => {
    const summarizer = new ScriptedSummarizer(['summary']);
    const ctx = makeContext({ contextWindow: 128_000, summarizer });
    const req = { contents: [textContent('user', 'short message')] };
    await thresholdStrategy().compact(ctx, req);
    expect(req.contents).toEqual([textContent('user', 'short message')]);
    expect(summarizer.calls).toBe(0);
    expect(loadSummary(ctx)).toBe('');
  });

  it('1k window, large conversation → exactly [summary, continuation], state written, calibration reset', async () => {
    const summarizer = new ScriptedSummarizer(['Summarized conversation']);
    const ctx = makeContext({ contextWindow: 1_000, summarizer });
    const contents = makeLargeConversation(2_000); // 20 contents × 100 tokens
    persistRealTokens(ctx, 4_000);
    persistLastHeuristic(ctx, 1_000);
    const req = { contents };
    await thresholdStrategy().compact(ctx, req);
    expect(req.contents).toEqual([
      { role: 'user', parts: [{ text: summaryText('Summarized conversation') }] },
      { role: 'user', parts: [{ text: continuationText() }] },
    ]);
    expect(req.contents.at(-1)?.parts?.[0]?.text).toContain('conversation was compacted');
    expect(summarizer.calls).toBe(1);
    expect(loadSummary(ctx)).toBe('Summarized conversation');
    expect(loadContentsAtCompaction(ctx)).toBe(20);
    // summarized-at records the calibrated count that triggered: h 2000 × 4.0
    expect(ctx.state.get(stateKeys('agent1').summarizedAt)).toBe(8_000);
    expect(loadRealTokens(ctx)).toBe(0);
    expect(loadLastHeuristic(ctx)).toBe(0);
  });

  it('sends the summarizer only the newest contents that fit 80% of the window', async () => {
    const summarizer = new ScriptedSummarizer(['s']);
    const ctx = makeContext({ contextWindow: 1_000, summarizer });
    await thresholdStrategy().compact(ctx, { contents: makeLargeConversation(2_000) });
    const prompt = summarizer.requests[0]?.contents[0]?.parts?.[0]?.text ?? '';
    // budget 800 tokens = the last 8 contents of 100 tokens
    expect(prompt.match(/^(user|model): /gm)).toHaveLength(8);
    expect(summarizer.requests[0]?.config?.maxOutputTokens).toBe(100);
  });

  it('maxTokens overrides the model window (500 → threshold 400)', async () => {
    const summarizer = new ScriptedSummarizer(['summary']);
    const ctx = makeContext({ contextWindow: 128_000, summarizer });
    const req = { contents: makeLargeConversation(1_000) };
    await thresholdStrategy({ maxTokens: 500 }).compact(ctx, req);
    expect(req.contents[0]?.parts?.[0]?.text).toBe(summaryText('summary'));
    const untouched = { contents: makeLargeConversation(1_000) };
    await thresholdStrategy().compact(makeContext({ contextWindow: 128_000 }), untouched);
    expect(untouched.contents).toHaveLength(10);
  });

  it('injects an existing summary when under the threshold', async () => {
    const ctx = makeContext({ contextWindow: 128_000 });
    persistSummary(ctx, 'old summary from last compaction', 5_000);
    const req = { contents: [textContent('user', 'short')] };
    await thresholdStrategy().compact(ctx, req);
    expect(req.contents.map((c) => c.parts?.[0]?.text)).toEqual([
      summaryText('old summary from last compaction'),
      'short',
    ]);
  });

  it('re-injects with the watermark: contents the summary covers are dropped', async () => {
    const ctx = makeContext({ contextWindow: 128_000 });
    persistSummary(ctx, 'sum', 0);
    persistContentsAtCompaction(ctx, 20);
    const req = {
      contents: [...makeConversation(10), textContent('user', 'new question'), textContent('model', 'new answer')],
    };
    await thresholdStrategy().compact(ctx, req);
    expect(req.contents.map((c) => c.parts?.[0]?.text)).toEqual([summaryText('sum'), 'new question', 'new answer']);
  });

  it('writes the watermark as the request length before re-injection', async () => {
    const ctx = makeContext({ contextWindow: 1_000, summarizer: new ScriptedSummarizer(['second']) });
    persistSummary(ctx, 'first', 0);
    persistContentsAtCompaction(ctx, 10);
    const req = { contents: makeLargeConversation(3_000) }; // 30 contents
    await thresholdStrategy().compact(ctx, req);
    expect(loadContentsAtCompaction(ctx)).toBe(30);
    expect(loadSummary(ctx)).toBe('second');
  });

  it('compacts on real tokens: 110k real on a 128k window (threshold 102.4k)', async () => {
    const ctx = makeContext({ contextWindow: 128_000, summarizer: new ScriptedSummarizer(['compacted summary']) });
    persistRealTokens(ctx, 110_000);
    const req = { contents: [textContent('user', 'short message')] };
    await thresholdStrategy().compact(ctx, req);
    expect(req.contents[0]?.parts?.[0]?.text).toBe(summaryText('compacted summary'));
  });

  it('maxTokens 150k with real 130k compacts where the heuristic alone would not', async () => {
    const withReal = makeContext({ contextWindow: 128_000, summarizer: new ScriptedSummarizer(['compacted']) });
    persistRealTokens(withReal, 130_000);
    const req = { contents: [textContent('user', 'short message')] };
    await thresholdStrategy({ maxTokens: 150_000 }).compact(withReal, req);
    expect(req.contents).toHaveLength(2);
    const without = makeContext({ contextWindow: 128_000 });
    const plain = { contents: [textContent('user', 'short message')] };
    await thresholdStrategy({ maxTokens: 150_000 }).compact(without, plain);
    expect(plain.contents).toHaveLength(1);
  });

  it('compacts an all-tool conversation', async () => {
    const contents: Content[] = [];
    for (let i = 0; i < 50; i += 1) {
      contents.push(toolCallContent(`kubectl_${i}`), {
        role: 'user',
        parts: [{ functionResponse: { name: `kubectl_${i}`, response: { result: 'pod-data-'.repeat(50) } } }],
      });
    }
    const ctx = makeContext({
      contextWindow: 1_000,
      summarizer: new ScriptedSummarizer(['Summarized tool conversation']),
    });
    const req = { contents };
    await thresholdStrategy().compact(ctx, req);
    expect(req.contents).toHaveLength(2);
    expect(loadSummary(ctx)).toBe('Summarized tool conversation');
  });

  it('puts the user request into the continuation and the todos into the prompt', async () => {
    const summarizer = new ScriptedSummarizer(['s']);
    const userContent = textContent('user', 'Fix the auth middleware bug');
    const ctx = makeContext({ contextWindow: 1_000, summarizer, userContent });
    ctx.state.set('todos', [{ content: 'Fix auth bug', status: 'completed' }]);
    const req = { contents: makeLargeConversation(2_000) };
    await thresholdStrategy().compact(ctx, req);
    expect(req.contents[1]?.parts?.[0]?.text).toBe(continuationText('Fix the auth middleware bug'));
    expect(summarizer.requests[0]?.contents[0]?.parts?.[0]?.text).toContain('- [completed] Fix auth bug\n');
  });

  it('never mutates the contents or the user content it was given', async () => {
    const userContent = textContent('user', 'go');
    const ctx = makeContext({ contextWindow: 1_000, userContent });
    persistSummary(ctx, 'old', 0);
    const contents = makeLargeConversation(2_000);
    const before = snapshot(contents);
    await thresholdStrategy().compact(ctx, { contents });
    expect(contents).toEqual(before);
    expect(userContent).toEqual(textContent('user', 'go'));
  });

  describe('retries (1k window, threshold 800, makeLargeConversation(5000))', () => {
    it('[huge, huge, "compact"] → 3 calls, each retry re-summarizing [summary, continuation]', async () => {
      const summarizer = new ScriptedSummarizer([huge(1_000, 100), huge(1_000, 100), 'compact']);
      const ctx = makeContext({ contextWindow: 1_000, summarizer });
      const req = { contents: makeLargeConversation(5_000) };
      await thresholdStrategy().compact(ctx, req);
      expect(summarizer.calls).toBe(3);
      const retryPrompt = summarizer.requests[1]?.contents[0]?.parts?.[0]?.text ?? '';
      expect(retryPrompt).toContain('[Previous summary for context]\n');
      expect(retryPrompt).toContain(
        `user: ${summaryText(huge(1_000, 100))}\nuser: ${continuationText()}\n[End of conversation]`,
      );
      expect(req.contents.map((c) => c.parts?.[0]?.text)).toEqual([summaryText('compact'), continuationText()]);
    });

    it('always huge → exactly 3 calls, best effort: the last [summary, continuation] and its summary persisted', async () => {
      const summarizer = new ScriptedSummarizer([huge(1_000, 500)]);
      const ctx = makeContext({ contextWindow: 1_000, summarizer });
      const req = { contents: makeLargeConversation(5_000) };
      await thresholdStrategy().compact(ctx, req);
      expect(summarizer.calls).toBe(3);
      expect(loadSummary(ctx)).toBe(huge(1_000, 500));
      expect(req.contents).toHaveLength(2);
      expect(estimateTokens(req)).toBeGreaterThanOrEqual(800);
    });

    it('"short" → exactly 1 call', async () => {
      const summarizer = new ScriptedSummarizer(['short']);
      await thresholdStrategy().compact(makeContext({ contextWindow: 1_000, summarizer }), {
        contents: makeLargeConversation(5_000),
      });
      expect(summarizer.calls).toBe(1);
    });

    it('custom 5 attempts → exactly 5 calls', async () => {
      const summarizer = new ScriptedSummarizer([huge(1_000, 500)]);
      const strategy = thresholdStrategy({ maxCompactionAttempts: 5 });
      await strategy.compact(makeContext({ contextWindow: 1_000, summarizer }), {
        contents: makeLargeConversation(5_000),
      });
      expect(summarizer.calls).toBe(5);
    });

    it('0 attempts means the default 3', async () => {
      const summarizer = new ScriptedSummarizer([huge(1_000, 500)]);
      await thresholdStrategy({ maxCompactionAttempts: 0 }).compact(makeContext({ contextWindow: 1_000, summarizer }), {
        contents: makeLargeConversation(5_000),
      });
      expect(summarizer.calls).toBe(3);
    });
  });

  it('falls back to the mechanical summary when the summarizer fails, and warns', async () => {
    const warnings: string[] = [];
    const summarizer = new ScriptedSummarizer([new Error('model down')]);
    const ctx = { ...makeContext({ contextWindow: 1_000, summarizer }), warn: (m: string) => warnings.push(m) };
    const req = { contents: makeLargeConversation(2_000) };
    await thresholdStrategy().compact(ctx, req);
    const expected = `${'user: ' + 'x'.repeat(200)}...\nmodel: ${'y'.repeat(200)}...\n`.repeat(4);
    expect(loadSummary(ctx)).toBe(expected);
    expect(req.contents).toHaveLength(2);
    expect(summarizer.calls).toBe(1);
    expect(warnings).toEqual(['ContextGuard [threshold]: summarization failed, using fallback']);
  });
});

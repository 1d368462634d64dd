/**
 * The hardened strategy, unit by unit: each fix it makes to ContextGuard's threshold design
 * (src/engine/strategies/hardened/hardened.ts), checked on hand-built requests. The suites and
 * the fuzzer check it end to end (test/harness/scenario/hardened-suites.test.ts).
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { countOrphans } from '../../src/world/measure/orphans.ts';
import {
  estimateTokens,
  hardenedStrategy,
  persistLastHeuristic,
  persistRealTokens,
  SUMMARY_PREFIX,
} from '../../src/engine/index.ts';
import { coveredCount, fingerprint } from '../../src/engine/strategies/hardened/boundary.ts';
import { clipContent, clipText } from '../../src/engine/strategies/hardened/clip.ts';
import { currentRequestText } from '../../src/engine/strategies/hardened/request-text.ts';
import type { CompactionContext, LlmRequest } from '../../src/engine/types.ts';
import {
  makeContext,
  MemoryState,
  ScriptedSummarizer,
  textContent,
  toolCallContent,
  toolResultContent,
} from './fixtures.ts';

const big = (bytes: number, word = 'data '): string => word.repeat(Math.ceil(bytes / word.length)).slice(0, bytes);

/** A request over an 8k window's threshold (6,400 at the cold factor 2.5 = 2,560 heuristic tokens). */
function longSession(turns: number, bytesPerResult = 2_000): Content[] {
  const contents: Content[] = [];
  for (let i = 0; i < turns; i += 1) {
    contents.push(textContent('user', `Turn ${i}: please look at file ${i}`));
    contents.push(toolCallContent('read_file'));
    contents.push({
      role: 'user',
      parts: [{ functionResponse: { name: 'read_file', response: { result: big(bytesPerResult) } } }],
    });
    contents.push(textContent('model', `File ${i} looks fine.`));
  }
  contents.push(textContent('user', 'Now fix the failing test'));
  return contents;
}

function texts(request: LlmRequest): string[] {
  return request.contents.map((content) =>
    (content.parts ?? [])
      .map((part) => part.text ?? (part.functionCall ? 'CALL' : part.functionResponse ? 'RESPONSE' : '?'))
      .join('|'),
  );
}

function calibrate(ctx: CompactionContext, ratio: number): void {
  // As ContextGuard would after a model call: the last request's heuristic and its real count.
  persistLastHeuristic(ctx, 1_000);
  persistRealTokens(ctx, Math.round(1_000 * ratio));
}

describe('hardened strategy', () => {
  it('leaves a request under the threshold alone, without calling the summarizer', async () => {
    const summarizer = new ScriptedSummarizer(['never']);
    const ctx = makeContext({ contextWindow: 128_000, summarizer });
    const request = { contents: longSession(2) };
    const before = texts(request);
    const outcome = await hardenedStrategy().compact(ctx, request);
    expect(texts(request)).toEqual(before);
    expect(summarizer.calls).toBe(0);
    expect(outcome).toEqual({ requestTokens: estimateTokens(request) });
  });

  it('over the threshold: one summarizer call, [summary, kept tail], the request well under the threshold and no orphan', async () => {
    const summarizer = new ScriptedSummarizer(['The user asked about files 0-9; all fine so far.']);
    const ctx = makeContext({
      contextWindow: 8_000,
      summarizer,
      userContent: textContent('user', 'Now fix the failing test'),
    });
    calibrate(ctx, 2);
    const request = { contents: longSession(10) };
    const outcome = await hardenedStrategy().compact(ctx, request);
    expect(summarizer.calls).toBe(1);
    expect(request.contents[0]!.parts![0]!.text).toContain('The user asked about files 0-9');
    expect(request.contents[0]!.parts![0]!.text!.startsWith(SUMMARY_PREFIX)).toBe(true);
    expect(texts(request).at(-1)).toBe('Now fix the failing test');
    expect(countOrphans(request.contents)).toEqual({ calls: 0, responses: 0 });
    // Post-compaction: at most half the room under the threshold (6,400 / 2 = 3,200 heuristic tokens).
    expect(estimateTokens(request) * 2).toBeLessThan(6_400 / 2 + 200);
    expect(outcome).toEqual({ requestTokens: estimateTokens(request) });
  });

  it('re-injects the summary on later steps over exactly what it covered, and quotes the request when it is covered', async () => {
    const summarizer = new ScriptedSummarizer(['Summary of the early turns.']);
    const state = new MemoryState();
    const strategy = hardenedStrategy();
    const contents = longSession(10);
    const first = makeContext({ contextWindow: 8_000, summarizer, state });
    calibrate(first, 2);
    await strategy.compact(first, { contents: contents.slice() });
    // Next step: the host rebuilds the request from every event, plus the new pair.
    const next = { contents: [...contents, toolCallContent('run_tests'), toolResultContent('run_tests')] };
    await strategy.compact(makeContext({ contextWindow: 8_000, summarizer, state }), next);
    expect(summarizer.calls).toBe(1);
    expect(next.contents[0]!.parts![0]!.text).toContain('Summary of the early turns.');
    expect(texts(next).slice(-2)).toEqual(['CALL', 'RESPONSE']);
    expect(texts(next)).toContain('Now fix the failing test');
    expect(countOrphans(next.contents)).toEqual({ calls: 0, responses: 0 });
  });

  it('holds the summary to its budget whatever the summarizer returns (an oversized reply does not stick)', async () => {
    const summarizer = new ScriptedSummarizer([big(200_000, 'summary ')]);
    const ctx = makeContext({ contextWindow: 8_000, summarizer });
    calibrate(ctx, 2);
    const request = { contents: longSession(10) };
    await hardenedStrategy().compact(ctx, request);
    expect(summarizer.calls).toBe(1);
    // The budget: ContextGuard's output budget (buffer × 0.5 = 800 real tokens = 400 heuristic at ratio 2), plus the wrapper.
    expect(estimateTokens({ contents: [request.contents[0]!] })).toBeLessThanOrEqual(400 + 20);
    expect(estimateTokens(request) * 2).toBeLessThan(6_400);
  });

  it('keeps a chain of failed summarizations bounded (the mechanical fold never grows past its budget)', async () => {
    const summarizer = new ScriptedSummarizer([new Error('503 unavailable')]);
    const state = new MemoryState();
    const strategy = hardenedStrategy({ maxSummarizationsPerWindow: 5, summarizationWindowSteps: 5 });
    let contents = longSession(10);
    const sizes: number[] = [];
    for (let step = 0; step < 8; step += 1) {
      contents = [
        ...contents,
        toolCallContent('read_file'),
        { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { result: big(6_000) } } }] },
      ];
      const ctx = makeContext({ contextWindow: 8_000, summarizer, state });
      calibrate(ctx, 2);
      const request = { contents: contents.slice() };
      await strategy.compact(ctx, request);
      sizes.push(estimateTokens({ contents: [request.contents[0]!] }));
      expect(estimateTokens(request) * 2).toBeLessThan(8_000);
    }
    expect(summarizer.calls).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(400 + 20);
  });

  it('calls the summarizer on at most 2 steps of any 5 (no thrash), folding mechanically in between', async () => {
    const summarizer = new ScriptedSummarizer(['short summary']);
    const state = new MemoryState();
    const strategy = hardenedStrategy();
    let contents = longSession(10);
    const calledAt: number[] = [];
    for (let step = 0; step < 12; step += 1) {
      // Every step adds a tool result of half the window: each step is over the threshold again.
      contents = [
        ...contents,
        toolCallContent('read_file'),
        { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { result: big(8_000) } } }] },
      ];
      const before = summarizer.calls;
      const ctx = makeContext({ contextWindow: 8_000, summarizer, state });
      calibrate(ctx, 2);
      const request = { contents: contents.slice() };
      await strategy.compact(ctx, request);
      if (summarizer.calls > before) calledAt.push(step);
      expect(estimateTokens(request) * 2).toBeLessThanOrEqual(8_000);
      expect(countOrphans(request.contents)).toEqual({ calls: 0, responses: 0 });
    }
    for (const step of calledAt)
      expect(calledAt.filter((other) => other >= step && other < step + 5).length).toBeLessThanOrEqual(2);
    expect(calledAt.length).toBeGreaterThan(1);
  });

  it("sizes the summarize request to the summarizer's own window, prompt and previous summary included", async () => {
    const summarizer = Object.assign(new ScriptedSummarizer(['ok']), { contextWindow: 2_000 });
    const ctx = {
      ...makeContext({ contextWindow: 32_000, summarizer }),
      countTokens: (request: LlmRequest) => estimateTokens(request) * 2,
    };
    calibrate(ctx, 2);
    const request = { contents: longSession(40, 2_000) };
    await hardenedStrategy().compact(ctx, request);
    expect(summarizer.calls).toBe(1);
    expect(ctx.countTokens(summarizer.requests[0]!)).toBeLessThanOrEqual(2_000 * 0.75);
  });

  it('does not summarize when the system prompt alone leaves no room under the threshold; it cuts to fit the window', async () => {
    const summarizer = new ScriptedSummarizer(['never']);
    const ctx = makeContext({
      contextWindow: 8_000,
      summarizer,
      userContent: textContent('user', 'Now fix the failing test'),
    });
    calibrate(ctx, 2);
    const request: LlmRequest = { contents: longSession(3), config: { systemInstruction: big(13_600, 'rules ') } };
    await hardenedStrategy().compact(ctx, request);
    expect(summarizer.calls).toBe(0);
    expect(estimateTokens(request) * 2).toBeLessThanOrEqual(8_000);
    expect(texts(request).join(' ')).toContain('Now fix the failing test');
  });

  it('validates its options', () => {
    expect(() => hardenedStrategy({ maxSummarizationsPerWindow: 0 })).toThrow(/maxSummarizationsPerWindow/);
    expect(() => hardenedStrategy({ keep: 3 })).toThrow(/unknown option "keep"/);
  });
});

describe('hardened helpers', () => {
  it("finds the covered boundary again when the host left out a content it had built (adk-go's synthetic nudge)", () => {
    const history = [
      textContent('user', 'hi'),
      toolCallContent('t'),
      toolResultContent('t'),
      textContent('model', 'done'),
    ];
    // Recorded when the request ended with a synthetic content: 4 covered, the last being 'done'.
    const boundary = fingerprint(history[3]);
    expect(coveredCount(history, 4, boundary)).toBe(4);
    // One content fewer before it now: the recorded count would cut one too many.
    const shifted = [
      textContent('user', 'hi'),
      toolCallContent('t'),
      toolResultContent('t'),
      textContent('model', 'done'),
      toolCallContent('u'),
      toolResultContent('u'),
    ];
    expect(coveredCount(shifted.slice(1), 4, boundary)).toBe(3);
    // Never a response without its call: a count landing between them moves past the response.
    expect(coveredCount(history, 2, '')).toBe(3);
  });

  it('clips texts and tool results, keeping the call id and name', () => {
    expect(clipText(big(4_000), 100).length).toBeLessThanOrEqual(400);
    expect(clipText('short', 100)).toBe('short');
    const result: Content = {
      role: 'user',
      parts: [{ functionResponse: { id: 'c1', name: 'read', response: { result: big(40_000) } } }],
    };
    const clipped = clipContent(result, 64);
    expect(clipped.parts![0]!.functionResponse).toMatchObject({ id: 'c1', name: 'read' });
    expect(estimateTokens({ contents: [clipped] })).toBeLessThanOrEqual(64);
    expect(result.parts![0]!.functionResponse!.response!['result']).toHaveLength(40_000);
  });

  it("reads the user's request from the built request when the host hides the user content", () => {
    const built = [
      textContent('user', 'first ask'),
      textContent('model', 'ok'),
      textContent('user', 'second ask'),
      toolCallContent('t'),
      toolResultContent('t'),
    ];
    expect(currentRequestText(undefined, built)).toBe('second ask');
    expect(currentRequestText(textContent('user', 'from the host'), built)).toBe('from the host');
    expect(
      currentRequestText(undefined, [
        ...built,
        textContent(
          'user',
          'Continue processing previous requests as instructed. Exit or provide a summary if no more outputs are needed.',
        ),
      ]),
    ).toBe('second ask');
    // An empty message this turn (the host left it out): the last answer ended the earlier turn.
    expect(currentRequestText(undefined, [...built, textContent('model', 'done')])).toBe('');
  });
});

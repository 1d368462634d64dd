import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ContextGuard,
  estimateTokens,
  loadLastHeuristic,
  loadRealTokens,
  persistRealTokens,
  slidingWindowStrategy,
  thresholdStrategy,
} from '../../src/engine/index.ts';
import type { CompactionStrategy, LlmRequest } from '../../src/engine/index.ts';
import { makeContext, makeConversation, makeLargeConversation, ScriptedSummarizer, textContent } from './fixtures.ts';

describe('ContextGuard.beforeModel', () => {
  it('returns at once for a null request, empty contents or an unknown agent (nothing persisted)', async () => {
    const guard = new ContextGuard().add('agent1', thresholdStrategy());
    const ctx = makeContext({ contextWindow: 128_000 });
    await guard.beforeModel(ctx, null);
    await guard.beforeModel(ctx, { contents: [] });
    await guard.beforeModel(makeContext({ agentName: 'other', contextWindow: 128_000, state: ctx.state }), {
      contents: makeConversation(2),
    });
    expect(ctx.state.values.size).toBe(0);
  });

  it('compacts, then persists the heuristic of the FINAL request', async () => {
    const guard = new ContextGuard().add('agent1', thresholdStrategy());
    const ctx = makeContext({ contextWindow: 1_000, summarizer: new ScriptedSummarizer(['summary']) });
    const req: LlmRequest = { contents: makeLargeConversation(2_000) };
    await guard.beforeModel(ctx, req);
    expect(req.contents).toHaveLength(2);
    expect(loadLastHeuristic(ctx)).toBe(estimateTokens(req));
    expect(loadLastHeuristic(ctx)).toBeLessThan(100);
  });

  it('persists the heuristic when nothing needed compacting', async () => {
    const guard = new ContextGuard().add('agent1', thresholdStrategy());
    const ctx = makeContext({ contextWindow: 128_000 });
    await guard.beforeModel(ctx, { contents: [textContent('user', 'a'.repeat(400))] });
    expect(loadLastHeuristic(ctx)).toBe(100);
  });

  it('on a strategy throw: reports it, keeps going, still persists the heuristic', async () => {
    const errors: [unknown, string][] = [];
    const boom: CompactionStrategy = {
      name: 'boom',
      compact(_ctx, request) {
        request.contents = request.contents.slice(1); // partly modified before failing
        throw new Error('kaput');
      },
    };
    const guard = new ContextGuard({ onStrategyError: (e, agent) => errors.push([e, agent]) }).add('agent1', boom);
    const ctx = makeContext({ contextWindow: 128_000 });
    const req = { contents: [textContent('user', 'a'.repeat(400)), textContent('user', 'b'.repeat(40))] };
    await expect(guard.beforeModel(ctx, req)).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect((errors[0]![0] as Error).message).toBe('kaput');
    expect(errors[0]?.[1]).toBe('agent1');
    expect(loadLastHeuristic(ctx)).toBe(10);
  });

  it("persists a strategy's reported requestTokens instead of estimating again, and ignores unusable reports", async () => {
    const reporting = (report: unknown): CompactionStrategy => ({ name: 'reporting', compact: () => report as never });
    const req = () => ({ contents: [textContent('user', 'a'.repeat(400))] }); // estimate: 100
    const persisted = async (report: unknown) => {
      const ctx = makeContext({ contextWindow: 128_000 });
      await new ContextGuard().add('agent1', reporting(report)).beforeModel(ctx, req());
      return loadLastHeuristic(ctx);
    };
    expect(await persisted({ requestTokens: 7 })).toBe(7);
    expect(await persisted({ requestTokens: 0 })).toBe(0);
    expect(await persisted(Promise.resolve({ requestTokens: 9 }))).toBe(9);
    for (const unusable of [
      undefined,
      null,
      5,
      'x',
      {},
      { requestTokens: -1 },
      { requestTokens: 1.5 },
      { requestTokens: Number.NaN },
      { requestTokens: '7' },
    ]) {
      expect(await persisted(unusable)).toBe(100);
    }
  });

  it("ContextGuard's own strategies report exactly the estimate of the request they leave", async () => {
    const strategies = [
      () => thresholdStrategy(),
      () => thresholdStrategy({ maxCompactionAttempts: 2 }),
      () => slidingWindowStrategy({ maxTurns: 4 }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: strategies.length - 1 }),
        fc.integer({ min: 800, max: 20_000 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.oneof(
            fc.constant('short summary'),
            fc.constant('long summary '.repeat(2_000)),
            fc.constant(new Error('down')),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        async (which, contextWindow, turns, replies) => {
          const strategy = strategies[which]!();
          const ctx = makeContext({ contextWindow, summarizer: new ScriptedSummarizer(replies) });
          let history: LlmRequest['contents'] = [];
          for (const count of turns) {
            // Each call sees the history grown by `count` turns (a summary from earlier calls is re-injected).
            history = [
              ...history,
              ...makeConversation(count).map((content, i) =>
                i % 7 === 0 ? textContent(content.role!, 'x'.repeat(3_000)) : content,
              ),
            ];
            const request: LlmRequest = { contents: [...history] };
            const outcome = await strategy.compact(ctx, request);
            const reported = outcome ? outcome.requestTokens : undefined;
            if (reported !== undefined) expect(reported).toBe(estimateTokens(request));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('routes strategy warnings to onWarning when the host gave no ctx.warn', async () => {
    const warnings: string[] = [];
    const guard = new ContextGuard({ onWarning: (m) => warnings.push(m) }).add(
      'agent1',
      slidingWindowStrategy({ maxTurns: 5 }),
    );
    const ctx = makeContext({ contextWindow: 128_000, summarizer: new ScriptedSummarizer([new Error('down')]) });
    await guard.beforeModel(ctx, { contents: makeConversation(20) });
    expect(warnings).toEqual(['ContextGuard: compaction failed, passing through']);
  });

  it('re-adding an agent replaces its strategy', async () => {
    const calls: string[] = [];
    const named = (name: string): CompactionStrategy => ({ name, compact: () => void calls.push(name) });
    const guard = new ContextGuard().add('agent1', named('first')).add('agent1', named('second'));
    await guard.beforeModel(makeContext({ contextWindow: 1_000 }), { contents: makeConversation(1) });
    expect(calls).toEqual(['second']);
    expect(guard.strategyFor('agent1')?.name).toBe('second');
  });

  it('keeps each agent on its own strategy and state keys', async () => {
    const guard = new ContextGuard().add('a', thresholdStrategy()).add('b', slidingWindowStrategy());
    const ctxA = makeContext({ agentName: 'a', contextWindow: 128_000 });
    const ctxB = makeContext({ agentName: 'b', contextWindow: 128_000, state: ctxA.state });
    await guard.beforeModel(ctxA, { contents: [textContent('user', 'a'.repeat(40))] });
    await guard.beforeModel(ctxB, { contents: [textContent('user', 'a'.repeat(80))] });
    expect(loadLastHeuristic(ctxA)).toBe(10);
    expect(loadLastHeuristic(ctxB)).toBe(20);
  });
});

describe('ContextGuard.afterModel', () => {
  const guard = new ContextGuard().add('agent1', thresholdStrategy());
  const usage = { promptTokenCount: 120_000, candidatesTokenCount: 5_000 };

  it('persists promptTokenCount and ignores candidates', async () => {
    const ctx = makeContext({ contextWindow: 200_000 });
    await guard.afterModel(ctx, { usageMetadata: usage });
    expect(loadRealTokens(ctx)).toBe(120_000);
  });

  it('skips partial chunks, missing usage, unknown agents and zero counts', async () => {
    const ctx = makeContext({ contextWindow: 200_000 });
    persistRealTokens(ctx, 7);
    await guard.afterModel(ctx, { usageMetadata: usage, partial: true });
    await guard.afterModel(ctx, { content: textContent('model', 'hi') });
    await guard.afterModel(ctx, null);
    await guard.afterModel(makeContext({ agentName: 'stranger', contextWindow: 1, state: ctx.state }), {
      usageMetadata: usage,
    });
    await guard.afterModel(ctx, { usageMetadata: { promptTokenCount: 0 } });
    expect(loadRealTokens(ctx)).toBe(7);
  });

  it("calls the strategy's afterModel hook after persisting", async () => {
    const seen: number[] = [];
    const strategy: CompactionStrategy = {
      name: 'observer',
      compact: () => undefined,
      afterModel: (ctx) => void seen.push(loadRealTokens(ctx)),
    };
    const ctx = makeContext({ contextWindow: 200_000 });
    await new ContextGuard().add('agent1', strategy).afterModel(ctx, { usageMetadata: usage });
    expect(seen).toEqual([120_000]);
  });
});

import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import type { CompactionContext, CompactionStrategy, LlmRequest } from '../../src/engine/types.ts';
import { countThrash } from '../../src/world/measure/session-totals.ts';
import { countOrphans } from '../../src/world/measure/orphans.ts';
import { runSession } from '../../src/world/run-session.ts';
import type { StepRecord } from '../../src/world/session-result.ts';
import { noopStrategy, scenario, tool } from './helpers/world-fixtures.ts';

const summarizeOnce = async (ctx: CompactionContext, request: LlmRequest): Promise<string> => {
  const response = await ctx.summarizer.generateContent({
    model: 'm',
    contents: [{ role: 'user', parts: [{ text: 'summarize' }] }],
    config: { maxOutputTokens: 100 },
  });
  void request;
  return response.content?.parts?.[0]?.text ?? '';
};
const text = (t: string): Content => ({ role: 'user', parts: [{ text: t }] });
const fiveTurns = Array.from({ length: 5 }, () => ({ tools: [tool('t', 100)] }));

describe('step measurements', () => {
  it('a do-nothing strategy: nothing compacted or re-injected, no churn, user request present', async () => {
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: noopStrategy });
    expect(r.totals).toMatchObject({
      llmSteps: 10,
      compactedSteps: 0,
      reinjections: 0,
      cacheChurnTotal: 0,
      missingUserRequestSteps: 0,
      orphanSteps: 0,
      loops: 0,
      thrash: 0,
    });
    for (const s of r.steps) {
      expect(s.heuristicAfter).toBe(s.heuristicBefore);
      expect(s.realAfter).toBe(Math.floor(s.heuristicAfter * 2));
      expect(s.contentsAfter).toBe(s.contentsBefore);
    }
    expect(r.steps.map((s) => s.contentsBefore)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
  });

  it('overflow and peak: the real tokens sent above the window', async () => {
    const r = await runSession(scenario({ phase: { contextWindow: 300 }, turnInputs: fiveTurns }), {
      strategy: noopStrategy,
    });
    const over = r.steps.filter((s) => s.realAfter > 300);
    expect(over.length).toBeGreaterThan(0);
    expect(r.totals.overflowSteps).toBe(over.length);
    expect(r.totals.peakRealTokens).toBe(Math.max(...r.steps.map((s) => s.realAfter)));
    expect(r.totals.peakPercent).toBe(Math.round((r.totals.peakRealTokens / 300) * 1000) / 10);
  });

  it('trimmed: the request shrank without a summarizer call or a stored summary; churn counts the invalidated prefix', async () => {
    const dropFirst: CompactionStrategy = {
      name: 'drop-first',
      compact(_ctx, request) {
        if (request.contents.length > 2) request.contents = request.contents.slice(1);
      },
    };
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: dropFirst });
    const changed = r.steps.filter((s) => s.contentsBefore > 2);
    expect(changed.every((s) => s.trimmed && !s.reinjection && s.compacted && s.summarizerCalls.length === 0)).toBe(
      true,
    );
    expect(r.totals.trimmedSteps).toBe(changed.length);
    // Dropping history is not re-using a summary: no re-injection is counted.
    expect(r.totals.reinjections).toBe(0);
    // Always dropping the same first content keeps the sent prefix stable after the first drop.
    expect(r.steps.map((s) => s.cacheChurn)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const keepLastTwo: CompactionStrategy = {
      name: 'keep-last-two',
      compact(_ctx, request) {
        request.contents = request.contents.slice(-2);
      },
    };
    const sliding = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: keepLastTwo });
    // Step 1 sent [call, response], step 2 sent [answer, question]: both leading contents changed.
    expect(sliding.steps.slice(1).map((s) => s.cacheChurn)).toEqual([1, 2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('uncached tokens: the first request in full, then only what follows the prefix the previous request shared', async () => {
    const appendOnly = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: noopStrategy });
    const [first, ...rest] = appendOnly.steps;
    expect(first!.uncachedTokens).toBe(first!.realAfter);
    // Nothing is rewritten: each request pays only for the contents added since the previous one.
    rest.forEach((step, i) => expect(step.uncachedTokens).toBe(step.realAfter - appendOnly.steps[i]!.realAfter));
    const keepLastTwo: CompactionStrategy = {
      name: 'keep-last-two',
      compact(_ctx, request) {
        request.contents = request.contents.slice(-2);
      },
    };
    const sliding = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: keepLastTwo });
    // Every request from step 2 on starts differently from the previous one: all of it is uncached
    // but the system instruction and tools, which are the same on every request.
    const cachedPerStep = new Set(sliding.steps.slice(2).map((step) => step.realAfter - step.uncachedTokens));
    expect(cachedPerStep.size).toBe(1);
    expect([...cachedPerStep][0]).toBeGreaterThan(0);
    expect([...cachedPerStep][0]).toBeLessThan(first!.realAfter);
    const total = (steps: readonly StepRecord[]) => steps.reduce((sum, step) => sum + step.uncachedTokens, 0);
    expect(total(appendOnly.steps)).toBe(appendOnly.steps.at(-1)!.realAfter);
  });

  it('re-injection: a stored summary re-used without a summarizer call, recognised by its text', async () => {
    const s = scenario({
      phase: { contextWindow: 2000 },
      turnInputs: Array.from({ length: 6 }, () => ({ tools: [tool('t', 1200)] })),
    });
    const r = await runSession(s, { strategy: thresholdStrategy() });
    const reinjected = r.steps.filter((step) => step.reinjection);
    expect(reinjected.length).toBeGreaterThan(0);
    expect(reinjected.every((step) => step.summarizerCalls.length === 0 && !step.trimmed)).toBe(true);
    expect(r.totals.reinjections).toBe(reinjected.length);
    // Each re-injection comes after the first summarization.
    const first = r.steps.findIndex((step) => step.summarizerCalls.length > 0);
    expect(reinjected.every((step) => step.step > first)).toBe(true);
  });

  it('a real summarization is recorded with its summarizer call; a fault counts as a fallback', async () => {
    const s = scenario({
      phase: { contextWindow: 2000 },
      turnInputs: Array.from({ length: 6 }, () => ({ tools: [tool('t', 1200)] })),
    });
    const ok = await runSession(s, { strategy: thresholdStrategy() });
    const summarizing = ok.steps.filter((step) => step.summarizerCalls.length > 0);
    expect(summarizing.length).toBeGreaterThan(0);
    expect(summarizing.every((step) => step.compacted && !step.reinjection)).toBe(true);
    expect(ok.totals.summarizerCalls).toBe(summarizing.reduce((n, step) => n + step.summarizerCalls.length, 0));
    expect(ok.totals.fallbacks).toBe(0);
    const faulty = await runSession(
      { ...s, summarizer: { ...s.summarizer, faults: [{ kind: 'error', calls: [1] }] } },
      { strategy: thresholdStrategy() },
    );
    expect(faulty.totals.fallbacks).toBe(1);
    expect(faulty.steps.flatMap((step) => step.summarizerCalls)[0]?.outcome).toBe('error');
  });

  it('summarizer input larger than its window is rejected and counted', async () => {
    const s = scenario({
      phase: { contextWindow: 2000 },
      turnInputs: Array.from({ length: 6 }, (_, i) => ({ user: 'q'.repeat(900 + i), tools: [tool('t', 1200)] })),
    });
    const r = await runSession(
      { ...s, summarizer: { ...s.summarizer, contextWindow: 300 } },
      { strategy: thresholdStrategy() },
    );
    expect(r.totals.summarizerOverflows).toBeGreaterThan(0);
    expect(r.totals.summarizerOverflows).toBe(
      r.steps.flatMap((x) => x.summarizerCalls).filter((c) => c.outcome === 'overflow').length,
    );
  });

  it('the user request stays present when the continuation quotes it, and goes missing when it cannot', async () => {
    const s = scenario({
      phase: { contextWindow: 2000 },
      turnInputs: Array.from({ length: 6 }, (_, i) => ({
        user: `please investigate incident ${i}`,
        tools: [tool('t', 1200)],
      })),
    });
    const exposed = await runSession(s, { strategy: thresholdStrategy() });
    expect(exposed.totals.summarizations).toBeGreaterThan(0);
    expect(exposed.totals.missingUserRequestSteps).toBe(0);
    const hidden = await runSession({ ...s, exposeUserContent: false }, { strategy: thresholdStrategy() });
    expect(hidden.totals.missingUserRequestSteps).toBeGreaterThan(0);
  });
});

describe('checks that fire', () => {
  it('loop: a summarization that does not make the request smaller', async () => {
    const growing: CompactionStrategy = {
      name: 'growing',
      async compact(ctx, request) {
        if (request.contents.length < 3) return;
        request.contents = [...request.contents, text(await summarizeOnce(ctx, request))];
      },
    };
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: growing });
    expect(r.totals.loops).toBeGreaterThan(0);
    expect(r.totals.loops).toBe(r.steps.filter((s) => s.summarizerCalls.length > 0).length);
  });

  it('thrash: summarizations on every step', async () => {
    const everyStep: CompactionStrategy = {
      name: 'every-step',
      async compact(ctx, request) {
        request.contents = [text(await summarizeOnce(ctx, request)), request.contents.at(-1)!];
      },
    };
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: everyStep });
    expect(r.totals.summarizations).toBe(10);
    expect(r.totals.thrash).toBe(10 - 5 + 1);
    expect(countThrash(r.steps, 11, 5)).toBe(0);
  });

  it('orphans: a dropped function response leaves its call orphaned, a dropped call its response', async () => {
    const dropResponses: CompactionStrategy = {
      name: 'drop-responses',
      compact(_ctx, request) {
        request.contents = request.contents.filter((c) => !c.parts?.some((p) => p.functionResponse));
      },
    };
    const a = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: dropResponses });
    expect(a.steps[1]).toMatchObject({ orphanCalls: 1, orphanResponses: 0 });
    expect(a.totals.orphanSteps).toBeGreaterThan(0);
    const dropCalls: CompactionStrategy = {
      name: 'drop-calls',
      compact(_ctx, request) {
        request.contents = request.contents.filter((c) => !c.parts?.some((p) => p.functionCall));
      },
    };
    const b = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: dropCalls });
    expect(b.steps[1]).toMatchObject({ orphanCalls: 0, orphanResponses: 1 });
  });

  it('missing user request: a strategy that replaces everything with a summary', async () => {
    const summaryOnly: CompactionStrategy = {
      name: 'summary-only',
      compact(_ctx, request) {
        request.contents = [text('everything so far was fine')];
      },
    };
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: summaryOnly });
    expect(r.totals.missingUserRequestSteps).toBe(r.totals.llmSteps);
  });

  it('strategy-threw: the session stops, the steps so far are returned', async () => {
    let calls = 0;
    const throwsOnThird: CompactionStrategy = {
      name: 'throws',
      compact() {
        calls += 1;
        if (calls === 3) throw new Error('boom');
      },
    };
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: throwsOnThird });
    expect(r.failure).toEqual({ kind: 'strategy-threw', message: 'the strategy threw: boom', step: 2 });
    expect(r.steps).toHaveLength(2);
    expect(r.totals.turns).toBe(1);
  });

  it('events-mutated: writing into the user content (the session event) is caught', async () => {
    const vandal: CompactionStrategy = {
      name: 'vandal',
      compact(ctx) {
        (ctx.userContent!.parts![0] as { text: string }).text = 'rewritten history';
      },
    };
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: vandal });
    expect(r.failure?.kind).toBe('events-mutated');
    expect(r.failure?.step).toBe(0);
    expect(r.steps).toHaveLength(0);
  });

  it('events-mutated: writing into an object kept in state (persisted on an event) is caught', async () => {
    const stateVandal: CompactionStrategy = {
      name: 'state-vandal',
      compact(ctx) {
        const kept = ctx.state.get('kept') as { n: number } | undefined;
        if (kept) kept.n += 1;
        else ctx.state.set('kept', { n: 0 });
      },
    };
    const r = await runSession(scenario({ turnInputs: fiveTurns }), { strategy: stateVandal });
    expect(r.failure).toMatchObject({ kind: 'events-mutated', step: 1 });
    expect(r.steps).toHaveLength(1);
  });
});

describe('orphan counting', () => {
  it('pairs by id when both sides have one, else by name', () => {
    const fc = (name: string, id?: string): Content => ({
      role: 'model',
      parts: [{ functionCall: { name, ...(id ? { id } : {}) } }],
    });
    const fr = (name: string, id?: string): Content => ({
      role: 'user',
      parts: [{ functionResponse: { name, response: {}, ...(id ? { id } : {}) } }],
    });
    expect(countOrphans([fc('a'), fr('a')])).toEqual({ calls: 0, responses: 0 });
    expect(countOrphans([fc('a', '1'), fr('a', '2')])).toEqual({ calls: 1, responses: 1 });
    expect(countOrphans([fc('a'), text('x'), fr('a')])).toEqual({ calls: 1, responses: 1 });
    expect(countOrphans([fc('a')])).toEqual({ calls: 1, responses: 0 });
  });
});

describe('thrash windows', () => {
  const steps = (pattern: string) =>
    [...pattern].map((c) => ({ summarizerCalls: c === 'S' ? [{}] : [] }) as unknown as StepRecord);
  it('counts sliding windows holding at least `count` summarizing steps', () => {
    expect(countThrash(steps('SS.SS...'), 3, 5)).toBe(2);
    expect(countThrash(steps('SS.S....'), 3, 5)).toBe(1);
    expect(countThrash(steps('S...S...S'), 3, 5)).toBe(0);
    expect(countThrash(steps('SSS'), 3, 5)).toBe(1);
  });
});

describe('request contents and structuredClone (no global patched: the contents are plain data)', () => {
  // A strategy written against real ADK may deep-copy its request with the platform idiom.
  const keepLast = (copy: (contents: Content[]) => Content[]): CompactionStrategy => ({
    name: 'keep-last-2',
    compact: (_ctx, request) => {
      request.contents = copy(request.contents).slice(-2);
    },
  });

  it('structuredClone copies request.contents exactly like a plain copy would', async () => {
    const fourTurns = scenario({ turnInputs: [{}, {}, {}, {}] });
    const viaClone = await runSession(fourTurns, { strategy: keepLast((c) => structuredClone(c)), traceDigest: true });
    const viaSpread = await runSession(fourTurns, { strategy: keepLast((c) => [...c]), traceDigest: true });
    expect(viaClone.failure).toBeNull();
    expect(viaClone.traceDigest).toBe(viaSpread.traceDigest);
    expect(viaClone.steps.some((s) => s.contentsAfter < s.contentsBefore)).toBe(true);
  });

  it('a JSON round trip and the reference builder give the same trace too', async () => {
    const fourTurns = scenario({ turnInputs: [{}, {}, {}, {}] });
    const viaSpread = await runSession(fourTurns, { strategy: keepLast((c) => [...c]), traceDigest: true });
    const viaJson = await runSession(fourTurns, {
      strategy: keepLast((c) => JSON.parse(JSON.stringify(c)) as Content[]),
      traceDigest: true,
    });
    const viaReference = await runSession(fourTurns, {
      strategy: keepLast((c) => structuredClone(c)),
      traceDigest: true,
      contentsBuilder: 'reference',
    });
    expect(viaJson.failure).toBeNull();
    expect(viaJson.traceDigest).toBe(viaSpread.traceDigest);
    expect(viaReference.traceDigest).toBe(viaSpread.traceDigest);
  });

  it('still rejects values the platform cannot clone', async () => {
    const cloning: CompactionStrategy = {
      name: 'cloning',
      compact: (_ctx, request) => void structuredClone({ contents: request.contents, f: () => 1 }),
    };
    const r = await runSession(scenario(), { strategy: cloning });
    expect(r.failure?.kind).toBe('strategy-threw');
    expect(r.failure?.message).toMatch(/could not be cloned|DataCloneError|clone/i);
  });
});

describe('output tokens of each step', () => {
  it('the model answer each step appended, counted by the ratio model (⌊bytes / 4⌋ × 2 per text, a call as its name and JSON arguments)', async () => {
    const r = await runSession(scenario({ turnInputs: [{ tools: [tool('t', 100)] }] }), { strategy: noopStrategy });
    // Step 0 calls t({"param":"value"}): 't' is 1 byte (0 tokens), the arguments 17 bytes (4 × 2 = 8).
    // Step 1 answers 'answer 0': 8 bytes (2 × 2 = 4). The tool's response is not output.
    expect(r.steps.map((s) => s.outputTokens)).toEqual([8, 4]);
  });
});

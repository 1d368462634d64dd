/**
 * The zoo.md §B hooks as the world runs them: X1 after-model with usage and end of the step loop,
 * X2 after-invocation (+ X9 follow-up), X3 the refusing provider with on-error compaction and
 * retry, X4 compaction records projected when contents are rebuilt, X7 usage breakdown, X8
 * request overhead (+ X11 the provider's count).
 */
import { describe, expect, it } from 'vitest';
import { isContextWindowExceeded } from '../../src/engine/errors/context-window-exceeded.ts';
import type { CompactionRecord, ModelUsage, RequestOverhead } from '../../src/engine/hook-types.ts';
import { estimateTokens } from '../../src/engine/tokens/estimate-tokens.ts';
import type { CompactionContext, CompactionStrategy, Content, LlmRequest } from '../../src/engine/types.ts';
import type { Event } from '../../src/world/events/event.ts';
import { MAX_FOLLOW_UPS_PER_TURN, runWorld } from '../../src/world/run-session.ts';
import { scenario, tool } from './helpers/world-fixtures.ts';

const textOf = (content: Content | undefined) =>
  (content?.parts ?? [])
    .map(
      (p) =>
        p.text ??
        (p.functionCall ? `call:${p.functionCall.name}` : p.functionResponse ? `resp:${p.functionResponse.name}` : ''),
    )
    .join('|');
const requestTexts = (request: LlmRequest | null | undefined) =>
  (request?.contents ?? []).map((c) => `${c.role}:${textOf(c)}`);
const summary = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const lastEventId = (ctx: CompactionContext) => ctx.events![ctx.events!.length - 1]!.id;

describe('X1 afterModel: usage breakdown (X7) and ending the step loop', () => {
  it('sees every complete response with the prompt the provider counted and the output it produced', async () => {
    const seen: ModelUsage[] = [];
    const strategy: CompactionStrategy = {
      name: 'watch',
      compact() {},
      afterModel: (_ctx, _response, usage) => void seen.push(usage),
    };
    const r = await runWorld(
      scenario({ turnInputs: [{ tools: [tool('read', 400)], response: { text: 'abcdefghijklmnopqrstuvwx' } }] }),
      { strategy },
    );
    expect(seen.map((u) => u.promptTokens)).toEqual(r.steps.map((s) => s.realAfter));
    expect(
      seen.every(
        (u) => !u.missing && u.inputTokens === u.promptTokens && u.cacheReadTokens === 0 && u.cacheWriteTokens === 0,
      ),
    ).toBe(true);
    // ratio 2: floor(floor(24 bytes / 4) × 2) = 12 tokens of output for the final text.
    expect(seen[1]!.outputTokens).toBe(12);
    expect(seen[1]!.totalTokens).toBe(seen[1]!.promptTokens + 12);
  });

  it('promptCache: prefix reports the prefix shared with the last answered request as a cache read, the rest as a write', async () => {
    const seen: ModelUsage[] = [];
    const strategy: CompactionStrategy = {
      name: 'watch',
      compact() {},
      afterModel: (_ctx, _response, usage) => void seen.push(usage),
    };
    const r = await runWorld(scenario({ promptCache: 'prefix', turnInputs: [{ tools: [tool('read', 400)] }, {}] }), {
      strategy,
      recordTrace: true,
    });
    expect(seen.map((u) => u.promptTokens)).toEqual(r.steps.map((s) => s.realAfter));
    expect(seen.every((u) => u.inputTokens === 0 && u.cacheReadTokens + u.cacheWriteTokens === u.promptTokens)).toBe(
      true,
    );
    expect(seen[0]!.cacheReadTokens).toBe(0);
    // Each request extends the previous one: all of it is read from the cache, only the new part written.
    expect(seen.slice(1).map((u) => u.cacheReadTokens)).toEqual(r.steps.slice(0, -1).map((s) => s.realAfter));
    // Events still carry the plain prompt count.
    expect(r.trace!.events.filter((e) => e.usageMetadata).map((e) => Object.keys(e.usageMetadata!))).toEqual([
      ['promptTokenCount'],
      ['promptTokenCount'],
      ['promptTokenCount'],
    ]);
  });

  it('reports missing usage when the phase has no usage metadata (the hook still runs)', async () => {
    const seen: ModelUsage[] = [];
    const strategy: CompactionStrategy = {
      name: 'watch',
      compact() {},
      afterModel: (_ctx, _response, usage) => void seen.push(usage),
    };
    await runWorld(scenario({ phase: { usageMetadata: false } }), { strategy });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ missing: true, promptTokens: 0, totalTokens: 0 });
  });

  it('endInvocation: the step finishes (its tools run), no further model call in this invocation, the next turn runs', async () => {
    const strategy: CompactionStrategy = {
      name: 'stop-after-first',
      compact() {},
      afterModel: (ctx) => (ctx.invocationId === ctx.events![0]!.invocationId ? { endInvocation: true } : undefined),
    };
    const r = await runWorld(
      scenario({ turnInputs: [{ sequential: true, tools: [tool('t1', 10), tool('t2', 10)] }, {}] }),
      { strategy, recordTrace: true },
    );
    expect(r.failure).toBeNull();
    expect(r.steps.map((s) => `${s.turn}:${s.label}`)).toEqual(['0:user', '1:user']);
    const firstTurn = r.trace!.events.filter((e) => e.invocationId === r.trace!.events[0]!.invocationId);
    expect(firstTurn.map((e) => textOf(e.content))).toEqual(['question 0', 'call:t1', 'resp:t1']);
  });
});

describe('X2 afterInvocation (+ X4 records, X9 follow-up)', () => {
  /** Summarizes everything after each invocation into one rolling record. */
  const rolling = (calls: number[] = []): CompactionStrategy => ({
    name: 'rolling-after-invocation',
    compact() {},
    async afterInvocation(ctx) {
      const response = await ctx.summarizer.generateContent({
        contents: [{ role: 'user', parts: [{ text: 'summarize' }] }],
      });
      calls.push(ctx.events!.length);
      ctx.state.set('compactions', Number(ctx.state.get('compactions') ?? 0) + 1);
      return { append: [{ endEventId: lastEventId(ctx), contents: [summary(`S: ${textOf(response.content)}`)] }] };
    },
  });

  it('runs once per invocation, after its last step; the record is persisted and the next request is projected over it', async () => {
    const calls: number[] = [];
    const r = await runWorld(scenario({ turnInputs: [{ tools: [tool('read', 100)] }, {}, {}] }), {
      strategy: rolling(calls),
      recordTrace: true,
    });
    expect(r.failure).toBeNull();
    expect(calls).toEqual([4, 7, 10]); // user, call, response, text (+ record) per turn
    const records = r.trace!.events.filter((e) => e.actions.compaction);
    expect(records).toHaveLength(3);
    expect(records[0]!.author).toBe('agent');
    expect(records[0]!.actions.stateDelta).toEqual({ compactions: 1 });
    // Turn 1 sees [summary of turn 0, its own question]; turn 2 the newer summary only (it subsumes the first).
    expect(requestTexts(r.trace!.steps[2]!.modelRequest)).toEqual(['user:S: SUMMARY', 'user:question 1']);
    expect(requestTexts(r.trace!.steps[3]!.modelRequest)).toEqual(['user:S: SUMMARY', 'user:question 2']);
    // Raw events are never changed: the question of turn 0 is still stored.
    expect(r.trace!.events[0]!.content?.parts?.[0]?.text).toBe('question 0');
  });

  it('measures the compaction on the step it serves: summarizer calls and "before" without the new record; the last one trails', async () => {
    const r = await runWorld(scenario({ turnInputs: [{ tools: [tool('read', 4000)] }, {}] }), { strategy: rolling() });
    const step2 = r.steps[2]!;
    expect(step2.summarizerCalls).toHaveLength(1);
    expect(step2.realBefore).toBeGreaterThan(step2.realAfter);
    expect(step2.compacted).toBe(true);
    expect(r.totals.loops).toBe(0);
    expect(r.trailingSummarizerCalls).toHaveLength(1);
    expect(r.totals.summarizerCalls).toBe(2);
    expect(r.totals.summarizations).toBe(2);
  });

  it('X9 follow-up: the interrupted turn goes on in a new invocation with the re-queued message', async () => {
    let invocations = 0;
    const strategy: CompactionStrategy = {
      name: 'requeue',
      compact() {},
      afterModel: (ctx) =>
        ctx.events!.filter((e) => e.author === 'user' && e.content?.parts?.[0]?.text).length === 1
          ? { endInvocation: true }
          : undefined,
      afterInvocation: () =>
        ++invocations === 1 ? { followUp: { role: 'user', parts: [{ text: 'continue the task' }] } } : undefined,
    };
    const r = await runWorld(
      scenario({ turnInputs: [{ sequential: true, tools: [tool('t1', 10), tool('t2', 10)] }, {}] }),
      { strategy, recordTrace: true },
    );
    expect(r.failure).toBeNull();
    expect(r.totals.turns).toBe(2);
    const users = r
      .trace!.events.filter((e) => e.author === 'user' && e.content?.parts?.[0]?.text !== undefined)
      .map((e) => textOf(e.content));
    expect(users).toEqual(['question 0', 'continue the task', 'question 1']);
    // The script resumed where the first invocation stopped: t2, then the final answer.
    expect(
      r.trace!.events.map((e) => textOf(e.content)).filter((t) => t.startsWith('call:') || t.startsWith('answer')),
    ).toEqual(['call:t1', 'call:t2', 'answer 0', 'answer 1']);
    expect(r.steps.map((s) => s.turn)).toEqual([0, 0, 0, 1]);
  });

  it('bounds follow-ups per turn', async () => {
    const strategy: CompactionStrategy = {
      name: 'always-requeue',
      compact() {},
      afterInvocation: () => ({ followUp: { role: 'user', parts: [{ text: 'again' }] } }),
    };
    const r = await runWorld(scenario({ turnInputs: [{}, {}] }), { strategy, recordTrace: true });
    const again = r.trace!.events.filter((e) => textOf(e.content) === 'again');
    expect(again).toHaveLength(2 * MAX_FOLLOW_UPS_PER_TURN);
    expect(r.totals.turns).toBe(2);
  });
});

describe('X3 the refusing provider, onModelError and retry', () => {
  // Turn 1's question alone is over the 1000-token window.
  const big = scenario({
    refuseOverWindow: true,
    phase: { contextWindow: 1000 },
    turnInputs: [{}, { user: { kind: 'x', size: 3000 }, tools: [tool('t1', 10)] }],
  });
  const modelTexts = (events: readonly Event[]) =>
    events.filter((e) => e.content?.role === 'model').map((e) => textOf(e.content));

  it("by default the provider answers an over-window request and the overflow is only measured (today's behaviour)", async () => {
    const r = await runWorld(
      { ...big, refuseOverWindow: undefined },
      { strategy: { name: 'noop', compact() {} }, recordTrace: true },
    );
    expect(r.steps[1]!.overflow).toBe(true);
    expect(r.trace!.events.some((e) => e.errorCode)).toBe(false);
    expect(modelTexts(r.trace!.events)).toEqual(['answer 0', 'call:t1', 'answer 1']);
  });

  it('refuses with a typed overflow error: an error event, no usage, the turn over', async () => {
    const usages: ModelUsage[] = [];
    const errors: unknown[] = [];
    const strategy: CompactionStrategy = {
      name: 'watch',
      compact() {},
      afterModel: (_ctx, _response, usage) => void usages.push(usage),
      onModelError: (_ctx, error) => void errors.push(error),
    };
    const r = await runWorld(big, { strategy, recordTrace: true });
    expect(r.failure).toBeNull();
    expect(r.steps.map((s) => [s.turn, s.overflow])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(errors).toHaveLength(1);
    expect(isContextWindowExceeded(errors[0])).toBe(true);
    const error = errors[0] as { promptTokens: number; contextWindow: number };
    expect([error.promptTokens, error.contextWindow]).toEqual([r.steps[1]!.realAfter, 1000]);
    const errorEvent = r.trace!.events.find((e) => e.errorCode)!;
    expect(errorEvent).toMatchObject({ errorCode: '400', author: 'agent' });
    expect(errorEvent.errorMessage).toContain('exceeds the maximum number of tokens allowed (1000)');
    expect(errorEvent.usageMetadata).toBeUndefined();
    expect(usages).toHaveLength(1); // turn 0's answer only
    expect(modelTexts(r.trace!.events)).toEqual(['answer 0']);
  });

  it('onModelError may append records and retry: the step runs again over the projected contents, with the unconsumed script', async () => {
    const strategy: CompactionStrategy = {
      name: 'recover',
      compact() {},
      async onModelError(ctx, error, request) {
        if (!isContextWindowExceeded(error) || request.contents.length === 0) return undefined;
        await ctx.summarizer.generateContent({ contents: [summary('summarize')] });
        const question = ctx.events!.filter((e) => e.author === 'user').at(-1)!;
        return {
          append: [
            {
              startEventId: question.id,
              endEventId: question.id,
              contents: [summary('the user sent a large x block')],
            },
          ],
          retry: true,
        };
      },
    };
    const r = await runWorld(big, { strategy, recordTrace: true });
    expect(r.failure).toBeNull();
    expect(r.steps.map((s) => [s.turn, s.overflow, s.summarizerCalls.length])).toEqual([
      [0, false, 0],
      [1, true, 0],
      [1, false, 1],
      [1, false, 0],
    ]);
    expect(r.steps[2]!.realBefore).toBeGreaterThan(r.steps[2]!.realAfter);
    expect(requestTexts(r.trace!.steps[2]!.modelRequest)).toEqual([
      'user:question 0',
      'model:answer 0',
      'user:the user sent a large x block',
    ]);
    // The refused call did not consume the script: the retry made turn 1's tool call.
    expect(modelTexts(r.trace!.events)).toEqual(['answer 0', 'call:t1', 'answer 1']);
  });

  it('a provider in its own words: a plain error with its status and text, below the window it told the strategy', async () => {
    const errors: unknown[] = [];
    const strategy: CompactionStrategy = {
      name: 'watch',
      compact() {},
      onModelError: (_ctx, error) => void errors.push(error),
    };
    // Turn 1 is under the 4000-token window the strategy is told, over the server's 500.
    const world = scenario({
      phase: { contextWindow: 4000 },
      turnInputs: [{}, { user: { kind: 'x', size: 2400 }, tools: [tool('t1', 10)] }],
    });
    const r = await runWorld(
      {
        ...world,
        provider: {
          limit: 500,
          refusal: {
            status: 400,
            message: 'request ({prompt} tokens) exceeds the available context size ({limit} tokens)',
          },
        },
      },
      { strategy, recordTrace: true },
    );
    expect(r.failure).toBeNull();
    expect(r.steps[1]!.overflow).toBe(false);
    expect(r.steps[1]!.realAfter).toBeGreaterThan(500);
    expect(errors).toHaveLength(1);
    expect(isContextWindowExceeded(errors[0])).toBe(false);
    expect(errors[0]).toBeInstanceOf(Error);
    expect(errors[0]).toMatchObject({
      status: 400,
      message: `request (${r.steps[1]!.realAfter} tokens) exceeds the available context size (500 tokens)`,
    });
    // adk-js turns a non-JSON error into an UNKNOWN_ERROR event carrying the provider's text.
    const errorEvent = r.trace!.events.find((e) => e.errorCode)!;
    expect(errorEvent).toMatchObject({ errorCode: 'UNKNOWN_ERROR', author: 'agent' });
    expect(errorEvent.errorMessage).toContain('exceeds the available context size (500 tokens)');
    expect(r.turnAnswers?.map((a) => a.ending)).toEqual(['model-response', 'model-error']);
    // Without a refusal text, the same limit refuses with the typed error.
    const typed: unknown[] = [];
    await runWorld(
      { ...world, provider: { limit: 500 } },
      { strategy: { ...strategy, onModelError: (_ctx, error) => void typed.push(error) } },
    );
    expect(typed).toHaveLength(1);
    expect(isContextWindowExceeded(typed[0])).toBe(true);
  });

  it('a strategy that always retries is bounded by maxLlmCalls', async () => {
    const strategy: CompactionStrategy = { name: 'stubborn', compact() {}, onModelError: () => ({ retry: true }) };
    const r = await runWorld({ ...big, maxLlmCallsPerTurn: 4 }, { strategy });
    expect(r.failure).toBeNull();
    expect(r.steps.filter((s) => s.overflow)).toHaveLength(4);
  });
});

describe('X4 compactSession: records before the contents are built', () => {
  it('the same step already sees the projection; the step is measured against the contents without the new record', async () => {
    let fired = false;
    const strategy: CompactionStrategy = {
      name: 'compact-once',
      compact() {},
      compactSession(ctx) {
        const events = ctx.events!;
        if (fired || events.length < 6) return undefined;
        fired = true;
        // Hide the first turn (4 events), keep the second turn's question.
        return {
          append: [{ startEventId: events[0]!.id, endEventId: events[3]!.id, contents: [summary('turn 0 summary')] }],
        };
      },
    };
    const r = await runWorld(
      scenario({ turnInputs: [{ tools: [tool('read', 2000)] }, { tools: [tool('read', 10)] }] }),
      { strategy, recordTrace: true },
    );
    expect(r.failure).toBeNull();
    // Step 3 is turn 1's tool-results step: 6 events before it (turn 0's four, turn 1's question and call... plus the response).
    const compactedStep = r.steps.findIndex((s) => s.compacted);
    expect(compactedStep).toBeGreaterThan(1);
    expect(requestTexts(r.trace!.steps[compactedStep]!.modelRequest)[0]).toBe('user:turn 0 summary');
    expect(r.steps[compactedStep]!.heuristicBefore).toBeGreaterThan(r.steps[compactedStep]!.heuristicAfter + 400);
    expect(r.trace!.events.filter((e) => e.actions.compaction)).toHaveLength(1);
  });

  it('endInvocation ends the turn before this model call (X9); the next turn runs', async () => {
    const strategy: CompactionStrategy = {
      name: 'stop-before-second-call',
      compact() {},
      compactSession: (ctx) =>
        ctx.events!.some((e) => e.content?.parts?.some((p) => p.functionResponse)) && ctx.events!.length === 3
          ? { endInvocation: true }
          : undefined,
    };
    const r = await runWorld(scenario({ turnInputs: [{ tools: [tool('read', 10)] }, {}] }), {
      strategy,
      recordTrace: true,
    });
    expect(r.failure).toBeNull();
    expect(r.steps.map((s) => `${s.turn}:${s.label}`)).toEqual(['0:user', '1:user']);
  });

  it("a malformed record, or one that breaks ADK's contents rules, fails the session as the strategy's fault", async () => {
    const bad: CompactionStrategy = {
      name: 'bad',
      compact() {},
      compactSession: () => ({ append: [{ contents: [] } as unknown as CompactionRecord] }),
    };
    const r1 = await runWorld(scenario(), { strategy: bad });
    expect(r1.failure).toMatchObject({ kind: 'strategy-threw' });
    expect(r1.failure!.message).toContain('endEventId');
    // Hide the call event but not the response that follows it: adk-js's getContents throws.
    const orphaning: CompactionStrategy = {
      name: 'orphaning',
      compact() {},
      compactSession(ctx) {
        const call = ctx.events!.find((e) => e.content?.parts?.some((p) => p.functionCall) && !e.actions?.compaction);
        const last = ctx.events![ctx.events!.length - 1]!;
        if (
          !call ||
          !last.content?.parts?.some((p) => p.functionResponse) ||
          ctx.events!.some((e) => e.actions?.compaction)
        )
          return undefined;
        return { append: [{ startEventId: call.id, endEventId: call.id, contents: [] }] };
      },
    };
    const r2 = await runWorld(scenario({ turnInputs: [{ tools: [tool('read', 10)] }] }), { strategy: orphaning });
    expect(r2.failure).toMatchObject({ kind: 'strategy-threw' });
    expect(r2.failure!.message).toContain('No function call event found');
  });

  it('a strategy without the new hooks gets no compactor processor and no new events', async () => {
    const r = await runWorld(scenario({ turnInputs: [{}, {}] }), {
      strategy: { name: 'plain', compact() {} },
      recordTrace: true,
    });
    expect(r.trace!.events.every((e: Event) => e.actions.compaction === undefined)).toBe(true);
    expect(r.trailingSummarizerCalls).toBeUndefined();
  });
});

describe('X8 request overhead and X11 the provider count', () => {
  it('gives the instruction and declarations in provider tokens, and counts a request as the provider does', async () => {
    const overheads: RequestOverhead[] = [];
    const counted: number[] = [];
    const eventCounts: number[] = [];
    const strategy: CompactionStrategy = {
      name: 'measure',
      compact(ctx, request) {
        overheads.push(ctx.requestOverhead!);
        counted.push(ctx.countTokens!(request));
        eventCounts.push(ctx.events!.length);
      },
    };
    const system = 'You are a test agent with a long system prompt.';
    const r = await runWorld(
      scenario({ systemPrompt: { text: system }, turnInputs: [{ tools: [tool('read', 40)] }] }),
      { strategy, recordTrace: true },
    );
    // ratio 2: floor(heuristic × 2) of each part on its own.
    expect(overheads[0]!.systemInstructionTokens).toBe(
      Math.floor(estimateTokens({ contents: [], config: { systemInstruction: system } }) * 2),
    );
    const declarations = r.trace!.steps[0]!.modelRequest!.config!.tools!;
    expect(overheads[0]!.toolDeclarationTokens).toBe(
      Math.floor(estimateTokens({ contents: [], config: { tools: declarations } }) * 2),
    );
    expect(overheads[0]!.toolDeclarationTokens).toBeGreaterThan(0);
    expect(counted).toEqual(r.steps.map((s) => s.realAfter));
    expect(eventCounts).toEqual([1, 3]);
  });
});

describe('ctx.events is read-only', () => {
  it('a strategy that writes into the session events it was given fails the session as events-mutated, and the history is intact', async () => {
    const strategy: CompactionStrategy = {
      name: 'drops-events',
      compact(ctx) {
        if ((ctx.events?.length ?? 0) > 2) (ctx.events as Event[]).splice(0, 1);
      },
    };
    const r = await runWorld(scenario({ turnInputs: [{}, {}, {}] }), { strategy, recordTrace: true });
    expect(r.failure?.kind).toBe('events-mutated');
    expect(r.trace!.events.length).toBeGreaterThan(2);
    expect(r.trace!.events[0]!.content?.parts?.[0]?.text).toBe('question 0');
  });
});

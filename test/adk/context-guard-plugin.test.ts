/**
 * ContextGuardPlugin inside a real adk-js 2.0.0 Runner + InMemorySessionService, with a scripted
 * BaseLlm as the agent model and another as the summarizer.
 */
import { InMemorySessionService, LlmAgent, Runner } from '@google/adk';
import type { Event, LlmResponse } from '@google/adk';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { ContextGuardPlugin } from '../../src/adk/index.ts';
import { ScriptedAdkLlm } from '../../src/adk/differential/scripted-adk-llm.ts';
import {
  continuationText,
  slidingWindowStrategy,
  stateKeys,
  summaryText,
  thresholdStrategy,
} from '../../src/engine/index.ts';
import type { CompactionStrategy } from '../../src/engine/types.ts';

const AGENT = 'guarded_agent';
const APP = 'plugin-test';
const USER = 'u1';

function textOf(content: Content | undefined): string {
  return (content?.parts ?? []).map((part) => part.text ?? '').join('');
}

function answer(text: string, promptTokenCount: number | undefined): LlmResponse {
  return {
    content: { role: 'model', parts: [{ text }] },
    ...(promptTokenCount === undefined
      ? {}
      : { usageMetadata: { promptTokenCount, totalTokenCount: promptTokenCount + 5 } }),
  };
}

interface Harness {
  readonly model: ScriptedAdkLlm;
  readonly summarizer: ScriptedAdkLlm;
  readonly plugin: ContextGuardPlugin;
  say(text: string): Promise<Event[]>;
  state(): Promise<Record<string, unknown>>;
  storedEvents(): Promise<Event[]>;
}

async function harness(options: {
  agentName?: string;
  guarded?: string;
  strategy?: CompactionStrategy;
  contextWindow?: number;
  promptTokens?: (call: number) => number | undefined;
  answers?: (call: number) => string;
  summary?: (call: number) => readonly LlmResponse[];
  onError?: (error: unknown, agentName: string) => void;
  withSummarizer?: boolean;
}): Promise<Harness> {
  const model = new ScriptedAdkLlm('scripted-model', (_request, call) => [
    answer(
      options.answers ? options.answers(call) : `answer ${call}`,
      options.promptTokens ? options.promptTokens(call) : 100,
    ),
  ]);
  const summarizer = new ScriptedAdkLlm('scripted-summarizer', (_request, call) =>
    options.summary ? options.summary(call) : [answer(`SUMMARY-${call}`, undefined)],
  );
  const plugin = new ContextGuardPlugin({
    contextWindow: options.contextWindow ?? 1000,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  plugin.add(options.guarded ?? AGENT, {
    ...(options.strategy ? { strategy: options.strategy } : {}),
    ...(options.withSummarizer === false ? {} : { summarizer }),
  });
  const agent = new LlmAgent({
    name: options.agentName ?? AGENT,
    model,
    instruction: async () => 'You are a test agent.',
    disallowTransferToParent: true,
    disallowTransferToPeers: true,
  });
  const sessionService = new InMemorySessionService();
  const session = await sessionService.createSession({ appName: APP, userId: USER });
  const runner = new Runner({ appName: APP, agent, sessionService, plugins: [plugin] });
  const stored = async () => {
    const current = await sessionService.getSession({ appName: APP, userId: USER, sessionId: session.id });
    if (!current) throw new Error('session vanished');
    return current;
  };
  return {
    model,
    summarizer,
    plugin,
    async say(text) {
      const events: Event[] = [];
      for await (const event of runner.runAsync({
        userId: USER,
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text }] },
      })) {
        events.push(event);
      }
      return events;
    },
    state: async () => (await stored()).state,
    storedEvents: async () => (await stored()).events,
  };
}

const BIG = 'x'.repeat(4000); // 1000 heuristic tokens: far above an 800-token threshold
/** The model's first answer is huge, so the SECOND turn's history overflows (the user text stays small). */
const bigFirstAnswer = (call: number): string => (call === 0 ? BIG : `answer ${call}`);

describe('ContextGuardPlugin in a real Runner', () => {
  it('compacts before the model call: the model receives [summary, continuation]', async () => {
    const h = await harness({ answers: bigFirstAnswer });
    await h.say('first question');
    expect(h.summarizer.calls).toHaveLength(0);
    const events = await h.say('second question');

    expect(h.summarizer.calls).toHaveLength(1);
    expect(h.model.calls).toHaveLength(2);
    const sent = h.model.calls[1]!.request.contents;
    expect(sent.map(textOf)).toEqual([summaryText('SUMMARY-0'), continuationText('second question')]);
    expect(sent.map((content) => content.role)).toEqual(['user', 'user']);
    // The plugin never short-circuits: the single event is the model's own answer.
    expect(events.map((event) => textOf(event.content))).toEqual(['answer 1']);
  });

  it('keeps the summary across turns through session state (watermark re-injection)', async () => {
    const h = await harness({ answers: bigFirstAnswer, promptTokens: (call) => (call === 1 ? 60 : 100) });
    await h.say('first question');
    await h.say('second question');
    await h.say('third question');

    const keys = stateKeys(AGENT);
    const state = await h.state();
    expect(state[keys.summary]).toBe('SUMMARY-0');
    // The request of the compacted step held 3 contents: they are what the summary covers.
    expect(state[keys.contentsAtCompaction]).toBe(3);
    // The third call re-injects the stored summary in place of those 3 contents.
    expect(h.summarizer.calls).toHaveLength(1);
    expect(h.model.calls[2]!.request.contents.map(textOf)).toEqual([
      summaryText('SUMMARY-0'),
      'answer 1',
      'third question',
    ]);
    // Session events are untouched: the request was rewritten, history was not.
    const stored = await h.storedEvents();
    expect(stored.map((event) => textOf(event.content))).toEqual([
      'first question',
      BIG,
      'second question',
      'answer 1',
      'third question',
      'answer 2',
    ]);
  });

  it('captures the provider prompt token count after the model call', async () => {
    const h = await harness({ promptTokens: (call) => 111 + call });
    await h.say('hello');
    await h.say('again');
    const state = await h.state();
    expect(state[stateKeys(AGENT).realTokens]).toBe(112);
    // The heuristic of the request actually sent is recorded next to it (calibration input).
    expect(state[stateKeys(AGENT).lastHeuristic]).toBeGreaterThan(0);
  });

  it('ignores responses without usage metadata', async () => {
    const h = await harness({ promptTokens: () => undefined });
    await h.say('hello');
    expect((await h.state())[stateKeys(AGENT).realTokens]).toBeUndefined();
  });

  it('leaves agents it was not added for alone', async () => {
    const h = await harness({ guarded: 'someone_else' });
    await h.say(BIG);
    expect(h.summarizer.calls).toHaveLength(0);
    expect(h.model.calls[0]!.request.contents.map(textOf)).toEqual([BIG]);
    expect(Object.keys(await h.state())).toEqual([]);
  });

  it('falls back to the mechanical summary when the summarizer model fails', async () => {
    const h = await harness({
      answers: bigFirstAnswer,
      summary: () => [{ errorCode: 'UNAVAILABLE', errorMessage: 'summarizer down' }],
    });
    await h.say('first question');
    await h.say('second question');
    expect(h.summarizer.calls).toHaveLength(1);
    const sent = h.model.calls[1]!.request.contents.map(textOf);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toContain('SUMMARY-');
    // buildFallbackSummary quotes each text (clipped to 200 bytes) of what the summarizer was
    // given: the summarizer input was truncated to 80% of the window, so the first question is gone.
    expect(sent[0]).toContain(`model: ${'x'.repeat(200)}...\nuser: second question`);
    expect(sent[0]!.startsWith('[Previous conversation summary]')).toBe(true);
    expect(sent[1]).toBe(continuationText('second question'));
  });

  it('summarizes with the agent model when no summarizer is given', async () => {
    const h = await harness({ withSummarizer: false, answers: bigFirstAnswer });
    await h.say('first question');
    await h.say('second question');
    // Call 0 answered turn 1, call 1 was the summarization (window 1000: buffer 200, 100 output
    // tokens), call 2 the real step of turn 2.
    expect(h.summarizer.calls).toHaveLength(0);
    expect(h.model.calls).toHaveLength(3);
    expect(h.model.calls[1]!.request.config?.maxOutputTokens).toBe(100);
    expect(textOf(h.model.calls[2]!.request.contents[0])).toBe(summaryText('answer 1'));
  });

  it('passes the request through when the strategy throws', async () => {
    const errors: string[] = [];
    const broken: CompactionStrategy = {
      name: 'broken',
      compact: () => {
        throw new Error('boom');
      },
    };
    const h = await harness({ strategy: broken, onError: (error, agent) => errors.push(`${agent}: ${String(error)}`) });
    const events = await h.say('hello');
    expect(errors).toEqual([`${AGENT}: Error: boom`]);
    expect(h.model.calls[0]!.request.contents.map(textOf)).toEqual(['hello']);
    expect(events.map((event) => event.errorCode)).toEqual([undefined]);
  });

  it('runs the sliding-window strategy too', async () => {
    const h = await harness({ strategy: slidingWindowStrategy({ maxTurns: 2 }), contextWindow: 100_000 });
    await h.say('one');
    await h.say('two');
    // 3 contents > maxTurns 2, but the protected tail (3) leaves nothing old to summarize yet.
    expect(h.summarizer.calls).toHaveLength(0);
    await h.say('three');
    expect(h.summarizer.calls).toHaveLength(1);
    expect(h.model.calls[2]!.request.contents.map(textOf)).toEqual([
      summaryText('SUMMARY-0'),
      'two',
      'answer 1',
      'three',
      continuationText('three'),
    ]);
  });

  it('rejects a bad configuration with a clear error', () => {
    expect(() => new ContextGuardPlugin({ contextWindow: 0 })).toThrow(/contextWindow must be a positive integer/);
    expect(() => new ContextGuardPlugin().add('')).toThrow(/agentName must not be empty/);
  });

  it('uses the registry window of the request model when no window is configured', async () => {
    const model = new ScriptedAdkLlm('small-model', () => [answer('ok', 10)]);
    const summarizer = new ScriptedAdkLlm('s', () => [answer('S', undefined)]);
    const seen: number[] = [];
    const probe: CompactionStrategy = { name: 'probe', compact: (ctx) => void seen.push(ctx.contextWindow) };
    const plugin = new ContextGuardPlugin({ registry: { contextWindow: (id) => (id === 'small-model' ? 8000 : 1) } });
    plugin.add(AGENT, { strategy: probe, summarizer });
    const agent = new LlmAgent({
      name: AGENT,
      model,
      instruction: async () => 'x',
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    });
    const sessionService = new InMemorySessionService();
    const session = await sessionService.createSession({ appName: APP, userId: USER });
    const runner = new Runner({ appName: APP, agent, sessionService, plugins: [plugin] });
    for await (const _ of runner.runAsync({
      userId: USER,
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'hi' }] },
    })) {
      // drain
    }
    expect(seen).toEqual([8000]);
  });
});

describe('ContextGuardPlugin: the optional strategy hooks adk-js 2.0.0 has a callback for (zoo.md §B)', () => {
  it('X1/X7: afterModel gets the usage breakdown of usageMetadata', async () => {
    const usages: unknown[] = [];
    const strategy: CompactionStrategy = {
      name: 'watch',
      compact() {},
      afterModel: (_ctx, _response, usage) => void usages.push(usage),
    };
    const h = await harness({ strategy, promptTokens: () => 321 });
    await h.say('hello');
    expect(usages).toEqual([
      {
        inputTokens: 321,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        outputTokens: 0,
        promptTokens: 321,
        totalTokens: 321,
        missing: false,
      },
    ]);
  });

  it('X2: afterInvocation runs after the run; its records and state are appended to the stored session', async () => {
    const seen: number[] = [];
    const strategy: CompactionStrategy = {
      name: 'after',
      compact() {},
      afterInvocation(ctx) {
        seen.push(ctx.events!.length);
        ctx.state.set('compactions', 1);
        const last = ctx.events![ctx.events!.length - 1]!;
        return { append: [{ endEventId: last.id, contents: [{ role: 'user', parts: [{ text: 'S' }] }] }] };
      },
    };
    const h = await harness({ strategy });
    await h.say('hello');
    const stored = await h.storedEvents();
    expect(seen).toEqual([2]);
    const record = stored[stored.length - 1]!;
    expect((record.actions as { compaction?: unknown }).compaction).toEqual({
      endEventId: stored[1]!.id,
      contents: [{ role: 'user', parts: [{ text: 'S' }] }],
    });
    expect(record.actions.stateDelta).toEqual({ compactions: 1 });
    expect(await h.state()).toMatchObject({ compactions: 1 });
  });

  it('X3: onModelError sees the refusal and may append records (adk-js has no retry)', async () => {
    const errors: string[] = [];
    const strategy: CompactionStrategy = {
      name: 'on-error',
      compact() {},
      onModelError(ctx, error) {
        errors.push(String(error));
        return { append: [{ endEventId: ctx.events![0]!.id, contents: [] }], retry: true };
      },
    };
    const h = await harness({ strategy });
    (h.model as unknown as { generateContentAsync: () => AsyncGenerator<never> }).generateContentAsync =
      // biome-ignore lint/correctness/useYield: a model that fails before its first chunk
      async function* () {
        throw new Error('prompt is too long');
      };
    const events = await h.say('hello');
    expect(errors).toEqual(['Error: prompt is too long']);
    expect(events.map((e) => e.errorMessage ?? '')).toEqual(['prompt is too long']);
    const stored = await h.storedEvents();
    expect(stored.filter((e) => (e.actions as { compaction?: unknown }).compaction)).toHaveLength(1);
  });
});

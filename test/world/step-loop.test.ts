import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../src/engine/types.ts';
import { runWorld } from '../../src/world/run-session.ts';
import { BasePlugin } from '../../src/world/plugins/base-plugin.ts';
import type { Context } from '../../src/world/agents/context.ts';
import type { Event } from '../../src/world/events/event.ts';
import { noopStrategy, scenario, tool } from './helpers/world-fixtures.ts';

const partsOf = (event: Event) => event.content?.parts ?? [];
const kinds = (events: readonly Event[]) =>
  events.map(
    (e) =>
      `${e.author}:${partsOf(e)
        .map((p) =>
          p.text !== undefined
            ? 'text'
            : p.functionCall
              ? `fc(${p.functionCall.name})`
              : p.functionResponse
                ? `fr(${p.functionResponse.name})`
                : '?',
        )
        .join(',')}`,
  );

describe('turn shapes', () => {
  it('parallel: one response with N calls, tools merged into ONE response event in call order, then the final text', async () => {
    const r = await runWorld(scenario({ turnInputs: [{ tools: [tool('b_tool', 10), tool('a_tool', 20)] }] }), {
      strategy: noopStrategy,
      recordTrace: true,
    });
    expect(r.steps.map((s) => s.label)).toEqual(['user', 'tool-results']);
    expect(kinds(r.trace!.events)).toEqual([
      'user:text',
      'agent:fc(b_tool),fc(a_tool)',
      'agent:fr(b_tool),fr(a_tool)',
      'agent:text',
    ]);
    const [call, response] = [r.trace!.events[1]!, r.trace!.events[2]!];
    expect(partsOf(response).map((p) => p.functionResponse?.id)).toEqual(partsOf(call).map((p) => p.functionCall?.id));
    expect(partsOf(response).map((p) => p.functionResponse?.response)).toEqual([
      { result: 'x'.repeat(10) },
      { result: 'x'.repeat(20) },
    ]);
    expect(r.trace!.steps[0]!.appendedEvents).toHaveLength(2);
  });

  it('sequential: one call per step, each a full before-model callback, labelled tool-chain-k', async () => {
    const seen: number[] = [];
    class Counter extends BasePlugin {
      override beforeModelCallback({ llmRequest }: { llmRequest: LlmRequest }) {
        seen.push(llmRequest.contents.length);
        return undefined;
      }
    }
    const r = await runWorld(
      scenario({ turnInputs: [{ sequential: true, tools: [tool('t1', 5), tool('t2', 5), tool('t3', 5)] }] }),
      {
        strategy: noopStrategy,
        recordTrace: true,
        pluginsBefore: [new Counter('counter')],
      },
    );
    expect(r.steps.map((s) => s.label)).toEqual(['user', 'tool-chain-0', 'tool-chain-1', 'tool-chain-2']);
    expect(seen).toEqual([1, 3, 5, 7]);
    expect(kinds(r.trace!.events)).toEqual([
      'user:text',
      'agent:fc(t1)',
      'agent:fr(t1)',
      'agent:fc(t2)',
      'agent:fr(t2)',
      'agent:fc(t3)',
      'agent:fr(t3)',
      'agent:text',
    ]);
  });

  it('every step rebuilds the request from ALL events, fresh, never aliasing them', async () => {
    const requests: LlmRequest[] = [];
    const r = await runWorld(scenario({ turnInputs: [{}, {}] }), {
      strategy: {
        name: 'vandal',
        compact(_ctx, request) {
          requests.push(request);
          request.contents[0]!.parts![0]!.text = 'VANDALIZED';
        },
      },
      recordTrace: true,
    });
    expect(r.failure).toBeNull();
    expect(requests[0]).not.toBe(requests[1]);
    expect(r.trace!.events[0]?.content?.parts?.[0]?.text).toBe('question 0');
    expect(r.trace!.steps[1]!.pluginRequest.contents[0]?.parts?.[0]?.text).toBe('question 0');
    expect(r.trace!.steps[1]!.modelRequest!.contents[0]?.parts?.[0]?.text).toBe('VANDALIZED');
  });
});

describe('tools: adk-js sequential vs adk-go concurrent', () => {
  class ToolOrder extends BasePlugin {
    readonly log: string[] = [];
    override async beforeToolCallback({ tool: t, toolContext }: { tool: { name: string }; toolContext: Context }) {
      this.log.push(`start ${t.name}`);
      for (let i = 0; i < (t.name === 'slow' ? 5 : 1); i += 1) await Promise.resolve();
      toolContext.state.set('shared', t.name === 'slow' ? { slow: true } : { fast: true });
      this.log.push(`end ${t.name}`);
      return undefined;
    }
  }
  for (const flavour of ['adk-js', 'adk-go'] as const) {
    it(`${flavour}: execution order, results in call order, merged state delta`, async () => {
      const plugin = new ToolOrder('order');
      const r = await runWorld(scenario({ flavour, turnInputs: [{ tools: [tool('slow', 1), tool('fast', 2)] }] }), {
        strategy: noopStrategy,
        recordTrace: true,
        pluginsBefore: [plugin],
      });
      expect(plugin.log).toEqual(
        flavour === 'adk-js'
          ? ['start slow', 'end slow', 'start fast', 'end fast']
          : ['start slow', 'start fast', 'end fast', 'end slow'],
      );
      const merged = r.trace!.events[2]!;
      expect(partsOf(merged).map((p) => p.functionResponse?.name)).toEqual(['slow', 'fast']);
      // adk-js: shallow last-wins (call order); adk-go: deep merge.
      expect(merged.actions.stateDelta.shared).toEqual(
        flavour === 'adk-js' ? { fast: true } : { slow: true, fast: true },
      );
    });
  }
});

describe('state: dual write and temp: keys', () => {
  it('writes are visible at once, land on the model-response event, temp: keys live only in the invocation', async () => {
    const reads: unknown[] = [];
    class Writer extends BasePlugin {
      override beforeModelCallback({ callbackContext }: { callbackContext: Context }) {
        reads.push(callbackContext.state.get('temp:scratch'));
        callbackContext.state.set('calls', ((callbackContext.state.get('calls') as number) ?? 0) + 1);
        callbackContext.state.set('temp:scratch', 'in-invocation');
        reads.push(callbackContext.state.get('calls'));
        return undefined;
      }
    }
    const r = await runWorld(scenario({ turnInputs: [{ tools: [tool('t', 1)] }, {}] }), {
      strategy: noopStrategy,
      recordTrace: true,
      pluginsBefore: [new Writer('w')],
    });
    // step 0 (turn 0): temp unset; step 1 (same turn): temp visible; step 2 (turn 1): gone.
    expect(reads).toEqual([undefined, 1, 'in-invocation', 2, undefined, 3]);
    const modelEvents = r.trace!.events.filter(
      (e) => e.author === 'agent' && partsOf(e).some((p) => p.text !== undefined || p.functionCall),
    );
    // ContextGuard's own writes (last heuristic, real tokens) ride on the same events.
    expect(modelEvents.map((e) => e.actions.stateDelta.calls)).toEqual([1, 2, 3]);
    expect(
      modelEvents.every(
        (e) => !('temp:scratch' in e.actions.stateDelta) && '__context_guard_real_tokens_agent' in e.actions.stateDelta,
      ),
    ).toBe(true);
    expect(r.trace!.steps.map((s) => s.stateAfter.calls)).toEqual([1, 2, 3]);
    expect(r.trace!.steps.every((s) => !('temp:scratch' in s.stateAfter))).toBe(true);
  });
});

describe('streaming partials', () => {
  it('after-model callbacks see every partial; partials are never persisted', async () => {
    const seen: string[] = [];
    class Watcher extends BasePlugin {
      override afterModelCallback({
        llmResponse,
      }: {
        llmResponse: { partial?: boolean; content?: { parts?: { text?: string }[] } };
      }) {
        seen.push(`${llmResponse.partial ? 'partial' : 'final'}:${llmResponse.content?.parts?.[0]?.text}`);
        return undefined;
      }
    }
    const r = await runWorld(
      scenario({ phase: { streamingChunks: 3 }, turnInputs: [{ response: { text: 'abcdef' } }] }),
      {
        strategy: noopStrategy,
        recordTrace: true,
        pluginsBefore: [new Watcher('w')],
      },
    );
    expect(seen).toEqual(['partial:ab', 'partial:cd', 'partial:ef', 'final:abcdef']);
    expect(kinds(r.trace!.events)).toEqual(['user:text', 'agent:text']);
    expect(r.trace!.events.every((e) => !e.partial)).toBe(true);
  });
});

describe('callbacks and short-circuit', () => {
  it('plugins run before agent callbacks; a short-circuit skips the model and after-model callbacks', async () => {
    const order: string[] = [];
    class ShortCircuit extends BasePlugin {
      override beforeModelCallback() {
        order.push('plugin-before');
        return { content: { role: 'model', parts: [{ text: 'canned' }] } };
      }
      override afterModelCallback() {
        order.push('plugin-after');
        return undefined;
      }
    }
    const r = await runWorld(scenario({ turnInputs: [{ tools: [tool('t', 1)] }] }), {
      strategy: noopStrategy,
      recordTrace: true,
      pluginsAfter: [new ShortCircuit('short')],
      beforeModelCallbacks: [() => (order.push('agent-before'), undefined)],
    });
    expect(order).toEqual(['plugin-before']);
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0]).toMatchObject({ shortCircuited: true, overflow: false });
    expect(r.trace!.steps[0]!.modelRequest).toBeNull();
    expect(kinds(r.trace!.events)).toEqual(['user:text', 'agent:text']);
    expect(r.trace!.events[1]?.usageMetadata).toBeUndefined();
  });

  it('without a short-circuit: plugin, then agent callbacks, then the model, then after-model', async () => {
    const order: string[] = [];
    class Logger extends BasePlugin {
      override beforeModelCallback() {
        order.push('plugin-before');
        return undefined;
      }
      override afterModelCallback() {
        order.push('plugin-after');
        return undefined;
      }
    }
    await runWorld(scenario(), {
      strategy: noopStrategy,
      pluginsBefore: [new Logger('l')],
      beforeModelCallbacks: [() => (order.push('agent-before'), undefined)],
      afterModelCallbacks: [() => (order.push('agent-after'), undefined)],
    });
    expect(order).toEqual(['plugin-before', 'agent-before', 'plugin-after', 'agent-after']);
  });
});

describe('requests as the model receives them', () => {
  it('config: system instruction, MCP declarations then called-tool declarations; the agent label only after callbacks', async () => {
    const r = await runWorld(
      scenario({ toolDeclarations: { count: 2, schemaSize: 240 }, turnInputs: [{ tools: [tool('kubectl', 5)] }] }),
      {
        strategy: noopStrategy,
        recordTrace: true,
      },
    );
    const step = r.trace!.steps[0]!;
    const names = step.pluginRequest.config?.tools?.flatMap((t) =>
      'functionDeclarations' in t ? (t.functionDeclarations ?? []).map((d) => d.name) : [],
    );
    expect(names).toEqual(['mcp_tool_0', 'mcp_tool_1', 'kubectl']);
    expect(step.pluginRequest.config?.systemInstruction).toBe('You are a test agent.');
    expect(step.pluginRequest.config?.labels).toBeUndefined();
    expect(step.modelRequest?.config?.labels).toEqual({ adk_agent_name: 'agent' });
    expect(step.pluginRequest.model).toBe('sim-model');
  });

  it('go-compat: no called-tool declarations', async () => {
    const r = await runWorld(scenario({ declareCalledTools: false, turnInputs: [{ tools: [tool('kubectl', 5)] }] }), {
      strategy: noopStrategy,
      recordTrace: true,
    });
    expect(r.trace!.steps[0]!.pluginRequest.config?.tools).toBeUndefined();
  });

  it('usageMetadata.promptTokenCount = real tokens of the received request, omitted without usage metadata', async () => {
    const withUsage = await runWorld(scenario({ turnInputs: [{ tools: [tool('t', 400)] }] }), {
      strategy: noopStrategy,
      recordTrace: true,
    });
    const modelEvents = withUsage.trace!.events.filter(
      (e) => e.author === 'agent' && partsOf(e)[0]?.functionResponse === undefined,
    );
    expect(modelEvents.map((e) => e.usageMetadata?.promptTokenCount)).toEqual(withUsage.steps.map((s) => s.realAfter));
    const without = await runWorld(scenario({ phase: { usageMetadata: false } }), {
      strategy: noopStrategy,
      recordTrace: true,
    });
    expect(without.trace!.events[1]?.usageMetadata).toBeUndefined();
  });

  it('a phase change switches model name, window and token model between turns', async () => {
    const s = scenario({ turnInputs: [{}, { phase: 1 }] });
    const phases = [
      s.phases[0]!,
      {
        ...s.phases[0]!,
        name: 'two',
        modelName: 'other',
        contextWindow: 30,
        tokenModel: { kind: 'ratio' as const, ratio: 4 },
      },
    ];
    const r = await runWorld({ ...s, phases }, { strategy: noopStrategy, recordTrace: true });
    expect(r.trace!.steps.map((t) => t.modelRequest?.model)).toEqual(['sim-model', 'other']);
    expect(r.steps[1]).toMatchObject({
      contextWindow: 30,
      realAfter: Math.floor(r.steps[1]!.heuristicAfter * 4),
      overflow: true,
    });
  });

  it('the user content reaches callbacks only when exposed', async () => {
    const seen: unknown[] = [];
    const spy = { name: 'spy', compact: (ctx: { userContent: unknown }) => void seen.push(ctx.userContent) };
    await runWorld(scenario(), { strategy: spy });
    await runWorld(scenario({ exposeUserContent: false }), { strategy: spy });
    expect(seen).toEqual([{ role: 'user', parts: [{ text: 'question 0' }] }, undefined]);
  });
});

describe('limits', () => {
  it('maxLlmCallsPerTurn ends the turn with an adk-js error event', async () => {
    const r = await runWorld(
      scenario({
        maxLlmCallsPerTurn: 2,
        turnInputs: [{ sequential: true, tools: [tool('a', 1), tool('b', 1), tool('c', 1)] }],
      }),
      {
        strategy: noopStrategy,
        recordTrace: true,
      },
    );
    const last = r.trace!.events.at(-1)!;
    expect(last.errorCode).toBe('UNKNOWN_ERROR');
    expect(last.errorMessage).toMatch(/Max number of llm calls limit of 2 exceeded/);
    expect(r.failure).toBeNull();
  });
});

describe('flavour differences in the loop', () => {
  it('a usage-only response: adk-js keeps it as a content-less event, adk-go drops it', async () => {
    const usageOnly = () => ({ usageMetadata: { promptTokenCount: 1 } });
    const js = await runWorld(scenario({ flavour: 'adk-js' }), {
      strategy: noopStrategy,
      recordTrace: true,
      afterModelCallbacks: [usageOnly],
    });
    const go = await runWorld(scenario({ flavour: 'adk-go' }), {
      strategy: noopStrategy,
      recordTrace: true,
      afterModelCallbacks: [usageOnly],
    });
    expect(js.trace!.events.map((e) => [e.author, e.content === undefined, e.usageMetadata?.promptTokenCount])).toEqual(
      [
        ['user', false, undefined],
        ['agent', true, 1],
      ],
    );
    expect(go.trace!.events.map((e) => e.author)).toEqual(['user']);
  });

  it('labels: user, tool-results / tool-chain-k, then retry beyond the script', async () => {
    const { stepLabel } = await import('../../src/world/measure/step-labels.ts');
    const turn = (sequential: boolean) =>
      scenario({ turnInputs: [{ sequential, tools: [tool('a', 1), tool('b', 1)] }] }).turns[0]!;
    expect([0, 1, 2].map((k) => stepLabel(turn(false), k))).toEqual(['user', 'tool-results', 'retry']);
    expect([0, 1, 2, 3].map((k) => stepLabel(turn(true), k))).toEqual([
      'user',
      'tool-chain-0',
      'tool-chain-1',
      'retry',
    ]);
  });
});

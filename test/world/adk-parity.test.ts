/**
 * The world against the real @google/adk 2.0.0: the same script played by a real `Runner` +
 * `LlmAgent` (fake `BaseLlm` answering from the world's `ScriptedLlm`, `FunctionTool`s built from the
 * world's declarations, the engine's real-ADK `ContextGuardPlugin`) must give the same requests,
 * the same stored events and the same state, ids and timestamps aside.
 */
import {
  BaseLlm,
  BasePlugin,
  FunctionTool,
  InMemorySessionService,
  LlmAgent,
  LogLevel,
  Runner,
  setLogLevel,
  StreamingMode,
} from '@google/adk';
import type { LlmRequest as AdkLlmRequest, LlmResponse as AdkLlmResponse } from '@google/adk';
import { describe, expect, it } from 'vitest';
import { ContextGuardPlugin } from '../../src/adk/context-guard-plugin.ts';
import { installDeterministicEnvironment } from '../../src/adk/differential/deterministic-environment.ts';
import { estimateTokens } from '../../src/engine/tokens/estimate-tokens.ts';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import type { CompactionStrategy, LlmRequest } from '../../src/engine/types.ts';
import { ModelScript } from '../../src/world/models/model-script.ts';
import { ScriptedLlm } from '../../src/world/models/scripted-llm.ts';
import { SummarizerLlm } from '../../src/world/models/summarizer-llm.ts';
import { ratioTokenModel } from '../../src/world/models/token-models.ts';
import { runWorld } from '../../src/world/run-session.ts';
import { LogicalClock } from '../../src/world/sim/logical-clock.ts';
import { calledToolsInOrder, makeCalledToolDeclaration } from '../../src/world/tools/called-tool-declaration.ts';
import type { WorldScenario } from '../../src/world/world-scenario.ts';
import { scenario, tool } from './helpers/world-fixtures.ts';

setLogLevel(LogLevel.ERROR);

const normalize = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === 'id' || key === 'invocationId' || key === 'timestamp' || key === 'labels' ? undefined : v,
    ),
  );

async function realAdk(s: WorldScenario, strategy: () => CompactionStrategy) {
  const phase = s.phases[0]!;
  const tokenModel = ratioTokenModel(phase.tokenModel.kind === 'ratio' ? phase.tokenModel.ratio : 1);
  const restore = installDeterministicEnvironment({ seed: s.seed });
  try {
    const script = new ModelScript(s.seed);
    const scripted = new ScriptedLlm(phase.modelName, {
      script,
      usageMetadata: phase.usageMetadata,
      streamingChunks: phase.streamingChunks,
      countPromptTokens: (request: LlmRequest) => tokenModel.countRequest(request, estimateTokens(request)),
    });
    class ScriptedAdkLlm extends BaseLlm {
      constructor() {
        super({ model: phase.modelName });
      }
      override async *generateContentAsync(
        request: AdkLlmRequest,
        stream?: boolean,
      ): AsyncGenerator<AdkLlmResponse, void> {
        for await (const response of scripted.generateContentAsync(request, stream === true))
          yield response as AdkLlmResponse;
      }
      override async connect(): Promise<never> {
        throw new Error('live connections are not simulated');
      }
    }
    const tools = calledToolsInOrder(s.turns).map((call) => {
      const declaration = makeCalledToolDeclaration(call);
      return new FunctionTool({
        name: call.name,
        description: declaration.description ?? '',
        parameters: declaration.parameters!,
        execute: async () => script.takeToolResult(call.name),
      });
    });
    const sent: unknown[] = [];
    class SentRecorder extends BasePlugin {
      constructor() {
        super('sent-recorder');
      }
      override async beforeModelCallback({ llmRequest }: { llmRequest: AdkLlmRequest }) {
        sent.push(normalize({ contents: llmRequest.contents, model: llmRequest.model, config: llmRequest.config }));
        return undefined;
      }
    }
    const summarizer = new SummarizerLlm({
      spec: s.summarizer,
      seed: s.seed,
      clock: new LogicalClock(),
      phase: () => ({ modelName: phase.modelName, contextWindow: phase.contextWindow, tokenModel }),
      onCall: () => {},
    });
    const guard = new ContextGuardPlugin({ contextWindow: phase.contextWindow });
    guard.add(s.agentName, { strategy: strategy(), summarizer });
    const instruction = s.systemPrompt && 'text' in s.systemPrompt ? s.systemPrompt.text : '';
    const agent = new LlmAgent({
      name: s.agentName,
      model: new ScriptedAdkLlm(),
      instruction: async () => instruction,
      tools,
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    });
    const sessionService = new InMemorySessionService();
    const session = await sessionService.createSession({ appName: 'parity', userId: 'u' });
    const runner = new Runner({ appName: 'parity', agent, sessionService, plugins: [guard, new SentRecorder()] });
    for (const turn of s.turns) {
      script.beginTurn(turn);
      const runConfig = phase.streamingChunks > 0 ? { streamingMode: StreamingMode.SSE } : undefined;
      for await (const _event of runner.runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: script.userMessage(turn),
        runConfig,
      })) {
        // consumed
      }
    }
    const stored = await sessionService.getSession({ appName: 'parity', userId: 'u', sessionId: session.id });
    return { sent, events: normalize(stored!.events), state: normalize(stored!.state) };
  } finally {
    restore();
  }
}

const turns = [
  { tools: [tool('b_tool', 30), tool('a_tool', 20)] },
  { sequential: true, tools: [tool('t1', 10), tool('t2', 10)] },
  {},
  { tools: [tool('b_tool', 300)] },
  { user: 'last question please', response: { text: 'final answer text here' } },
];

describe('parity with @google/adk 2.0.0', () => {
  const cases: [string, WorldScenario, () => CompactionStrategy][] = [
    [
      'no compaction',
      scenario({ phase: { usageMetadata: false }, turnInputs: turns }),
      () => ({ name: 'noop', compact() {} }),
    ],
    [
      'threshold compaction, usage metadata, streaming',
      scenario({ phase: { contextWindow: 400, streamingChunks: 2 }, turnInputs: turns }),
      () => thresholdStrategy(),
    ],
  ];
  for (const [name, s, strategy] of cases) {
    it(`${name}: same sent requests, stored events and state`, async () => {
      const world = await runWorld(s, { strategy: strategy(), recordTrace: true });
      const real = await realAdk(s, strategy);
      expect(world.trace!.steps.map((step) => normalize(step.modelRequest))).toEqual(real.sent);
      expect(normalize(world.trace!.events)).toEqual(real.events);
      expect(normalize(world.trace!.steps.at(-1)!.stateAfter)).toEqual(real.state);
      if (name.startsWith('threshold')) expect(world.totals.compactedSteps).toBeGreaterThan(0);
    });
  }
});

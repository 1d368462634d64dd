/**
 * adk-js as a user runs it, for the speed bench: `Runner` + `InMemorySessionService` + `LlmAgent`
 * + our `ContextGuardPlugin`, the same scripted model, tools and summarizer as the differential
 * run (src/adk/differential/adk-session.ts), and nothing of the differential harness around them:
 * no step-recorder plugin, no step meter, no copies of requests, responses or events, no
 * deterministic clock/uuid environment, no stored-state reads. What remains is what a project that
 * wires the plugin into its agent pays, plus the simulated provider (the scripted model answers
 * and reports its prompt-token count, as a provider does).
 *
 * The modules come from the tree the comparison plays (`load`: dist/ or the sources), never mixed
 * with another tree's world. Timing only; nothing here feeds back into results.
 */
import { BaseLlm, InMemorySessionService, LlmAgent, LogLevel, Runner, setLogLevel, StreamingMode } from '@google/adk';
import type { BaseLlmConnection, LlmRequest as AdkLlmRequest, LlmResponse as AdkLlmResponse } from '@google/adk';
import type { Content } from '@google/genai';
import type { CompactionStrategy, LlmRequest } from '../src/engine/types.ts';
import type { WorldScenario } from '../src/world/world-scenario.ts';

type Module<T> = (path: string) => Promise<T>;

/** The tree's modules the user's run is built from. */
export interface UserRunKit {
  readonly ContextGuardPlugin: typeof import('../src/adk/context-guard-plugin.ts').ContextGuardPlugin;
  readonly ScriptedLlm: typeof import('../src/world/models/scripted-llm.ts').ScriptedLlm;
  readonly ModelScript: typeof import('../src/world/models/model-script.ts').ModelScript;
  readonly SummarizerLlm: typeof import('../src/world/models/summarizer-llm.ts').SummarizerLlm;
  readonly createTokenModel: typeof import('../src/world/models/token-models.ts').createTokenModel;
  readonly worldTools: typeof import('../src/world/world-tools.ts').worldTools;
  readonly adkToolsFor: typeof import('../src/adk/differential/adk-world-tools.ts').adkToolsFor;
  readonly generateText: typeof import('../src/world/content/generate-text.ts').generateText;
  readonly rngFor: typeof import('../src/world/sim/prng.ts').rngFor;
  readonly requestQuarterTokens: typeof import('../src/world/ruler/quarter-byte-count.ts').requestQuarterTokens;
  readonly LogicalClock: typeof import('../src/world/sim/logical-clock.ts').LogicalClock;
}

export async function loadUserRunKit(module: Module<unknown>): Promise<UserRunKit> {
  const m = async <T>(path: string): Promise<T> => (await module(path)) as T;
  const summarizer = await m<typeof import('../src/world/models/summarizer-llm.ts')>('world/models/summarizer-llm');
  return {
    ContextGuardPlugin: (await m<typeof import('../src/adk/context-guard-plugin.ts')>('adk/context-guard-plugin'))
      .ContextGuardPlugin,
    ScriptedLlm: (await m<typeof import('../src/world/models/scripted-llm.ts')>('world/models/scripted-llm'))
      .ScriptedLlm,
    ModelScript: (await m<typeof import('../src/world/models/model-script.ts')>('world/models/model-script'))
      .ModelScript,
    SummarizerLlm: summarizer.SummarizerLlm,
    createTokenModel: (await m<typeof import('../src/world/models/token-models.ts')>('world/models/token-models'))
      .createTokenModel,
    worldTools: (await m<typeof import('../src/world/world-tools.ts')>('world/world-tools')).worldTools,
    adkToolsFor: (
      await m<typeof import('../src/adk/differential/adk-world-tools.ts')>('adk/differential/adk-world-tools')
    ).adkToolsFor,
    generateText: (await m<typeof import('../src/world/content/generate-text.ts')>('world/content/generate-text'))
      .generateText,
    rngFor: (await m<typeof import('../src/world/sim/prng.ts')>('world/sim/prng')).rngFor,
    requestQuarterTokens: (
      await m<typeof import('../src/world/ruler/quarter-byte-count.ts')>('world/ruler/quarter-byte-count')
    ).requestQuarterTokens,
    LogicalClock: (await m<typeof import('../src/world/sim/logical-clock.ts')>('world/sim/logical-clock')).LogicalClock,
  };
}

const APP_NAME = 'compaction-sim';
const USER_ID = 'bench-user';

/** A `BaseLlm` over the world's scripted model: the request as adk-js built it, the responses as the script makes them (fresh objects). */
class UserScriptedLlm extends BaseLlm {
  calls = 0;
  constructor(
    model: string,
    private readonly world: {
      generateContentAsync(request: LlmRequest, stream: boolean): AsyncGenerator<unknown, void, undefined>;
    },
  ) {
    super({ model });
  }

  override async *generateContentAsync(request: AdkLlmRequest, stream?: boolean): AsyncGenerator<AdkLlmResponse, void> {
    this.calls += 1;
    // adk-js's request has the engine's request shape (model, contents, config).
    for await (const response of this.world.generateContentAsync(request as unknown as LlmRequest, stream === true))
      yield response as AdkLlmResponse;
  }

  override async connect(): Promise<BaseLlmConnection> {
    throw new Error(`${this.model}: live connections are not scripted`);
  }
}

/** Plays `scenario` as a user's agent would; returns how many model calls it made (to check it played the same session). */
export async function runAdkAsUser(
  kit: UserRunKit,
  scenario: WorldScenario,
  strategy: CompactionStrategy,
): Promise<number> {
  setLogLevel(LogLevel.ERROR);
  const script = new kit.ModelScript(scenario.seed);
  const tokenModels = await Promise.all(scenario.phases.map((phase) => kit.createTokenModel(phase.tokenModel)));
  let phaseIndex = 0;
  const phase = () => scenario.phases[phaseIndex]!;
  const countTokens = (request: LlmRequest): number =>
    tokenModels[phaseIndex]!.countRequest(request, kit.requestQuarterTokens(request));
  const summarizerPhase = () => ({
    modelName: phase().modelName,
    contextWindow: phase().contextWindow,
    tokenModel: tokenModels[phaseIndex]!,
  });
  const summarizer = new kit.SummarizerLlm({
    spec: scenario.summarizer,
    seed: scenario.seed,
    clock: new kit.LogicalClock(),
    phase: summarizerPhase,
    onCall: () => {},
  });
  const models = scenario.phases.map((p, i) => {
    const world = new kit.ScriptedLlm(p.modelName, {
      script,
      usageMetadata: p.usageMetadata,
      streamingChunks: p.streamingChunks,
      countPromptTokens: (request) => (i === phaseIndex ? countTokens(request) : 0),
    });
    return new UserScriptedLlm(p.modelName, world);
  });
  // The Go simulator's callback context has no user content (go-compat scenarios), as in the differential run.
  const Plugin = scenario.exposeUserContent
    ? kit.ContextGuardPlugin
    : class extends kit.ContextGuardPlugin {
        protected override userContentFor(): Content | undefined {
          return undefined;
        }
      };
  const plugin = new Plugin({ registry: { contextWindow: () => phase().contextWindow }, countTokens });
  plugin.add(scenario.agentName, { strategy, summarizer });
  const instruction = scenario.systemPrompt
    ? kit.generateText(scenario.systemPrompt, kit.rngFor(scenario.seed, 'system-prompt'))
    : undefined;
  const agent = new LlmAgent({
    name: scenario.agentName,
    model: models[0]!,
    ...(instruction === undefined ? {} : { instruction: async () => instruction }),
    tools: kit.adkToolsFor(kit.worldTools(scenario, script)),
    disallowTransferToParent: true,
    disallowTransferToPeers: true,
  });
  const sessionService = new InMemorySessionService();
  const session = await sessionService.createSession({ appName: APP_NAME, userId: USER_ID });
  const runner = new Runner({ appName: APP_NAME, agent, sessionService, plugins: [plugin] });
  for (const turn of scenario.turns) {
    phaseIndex = turn.phase;
    agent.model = models[phaseIndex]!;
    script.beginTurn(turn);
    const events = runner.runAsync({
      userId: USER_ID,
      sessionId: session.id,
      newMessage: script.userMessage(turn),
      runConfig: {
        maxLlmCalls: scenario.maxLlmCallsPerTurn,
        streamingMode: phase().streamingChunks > 0 ? StreamingMode.SSE : StreamingMode.NONE,
      },
    });
    for await (const _event of events);
  }
  return models.reduce((sum, model) => sum + model.calls, 0);
}

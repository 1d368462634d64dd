/** Small scenario builders and strategies for the world's tests. */
import type { CompactionStrategy } from '../../../src/engine/types.ts';
import type {
  PhaseSettings,
  TextSpec,
  ToolCallSpec,
  WorldScenario,
  WorldTurn,
} from '../../../src/world/world-scenario.ts';

export const noopStrategy: CompactionStrategy = { name: 'noop', compact() {} };

export function tool(name: string, size: number, extra: Partial<ToolCallSpec> = {}): ToolCallSpec {
  return { name, response: { kind: 'x', size }, responseKey: 'result', args: { param: 'value' }, ...extra };
}

export interface TurnInput {
  readonly user?: TextSpec | string;
  readonly tools?: readonly ToolCallSpec[];
  readonly sequential?: boolean;
  readonly response?: TextSpec;
  readonly phase?: number;
}

export function scenario(
  overrides: Partial<WorldScenario> & {
    readonly turnInputs?: readonly TurnInput[];
    readonly phase?: Partial<PhaseSettings>;
  } = {},
): WorldScenario {
  const { turnInputs = [{}], phase, ...rest } = overrides;
  const turns: WorldTurn[] = turnInputs.map((input, index) => ({
    index,
    phase: input.phase ?? 0,
    user: typeof input.user === 'string' ? { text: input.user } : (input.user ?? { text: `question ${index}` }),
    attachments: [],
    toolCalls: input.tools ?? [],
    sequential: input.sequential ?? false,
    modelResponse: input.response ?? { text: `answer ${index}` },
  }));
  return {
    name: 'test',
    seed: 1,
    flavour: 'adk-js',
    agentName: 'agent',
    systemPrompt: { text: 'You are a test agent.' },
    toolDeclarations: null,
    declareCalledTools: true,
    exposeUserContent: true,
    summarizer: { reply: 'fixed', text: 'SUMMARY', exceedFactor: 3, contextWindow: null, faults: [] },
    phases: [
      {
        name: 'main',
        modelName: 'sim-model',
        contextWindow: 100_000,
        usageMetadata: true,
        tokenModel: { kind: 'ratio', ratio: 2 },
        streamingChunks: 0,
        ...phase,
      },
    ],
    turns,
    thrash: { count: 3, withinSteps: 5 },
    maxLlmCallsPerTurn: 500,
    ...rest,
  };
}

/**
 * Hand-built session results for the property tests: a minimal world scenario and step records
 * with only the fields a test cares about set, everything else neutral (nothing overflowed,
 * nothing summarized, the user request present).
 */
import type {
  SessionResult,
  SessionTotals,
  StepRecord,
  SummarizerCallRecord,
} from '../../../src/world/session-result.ts';
import type { PhaseSettings, WorldScenario, WorldTurn } from '../../../src/world/world-scenario.ts';

export function phase(overrides: Partial<PhaseSettings> = {}): PhaseSettings {
  return {
    name: 'main',
    modelName: 'sim-model',
    contextWindow: 8_000,
    usageMetadata: true,
    tokenModel: { kind: 'ratio', ratio: 2 },
    streamingChunks: 0,
    ...overrides,
  };
}

export function turn(index: number, overrides: Partial<WorldTurn> = {}): WorldTurn {
  return {
    index,
    phase: 0,
    user: { text: `Turn ${index}: go` },
    attachments: [],
    toolCalls: [],
    sequential: false,
    modelResponse: { kind: 'go-analysis', size: 120, turn: index },
    ...overrides,
  };
}

export function world(overrides: Partial<WorldScenario> = {}): WorldScenario {
  return {
    name: 'fixture',
    seed: 1,
    flavour: 'adk-js',
    agentName: 'assistant',
    systemPrompt: null,
    toolDeclarations: null,
    declareCalledTools: false,
    exposeUserContent: true,
    summarizer: { reply: 'fixed', text: 'Summary.', exceedFactor: 3, contextWindow: null, faults: [] },
    phases: [phase()],
    turns: [turn(0), turn(1), turn(2), turn(3), turn(4), turn(5)],
    thrash: { count: 3, withinSteps: 5 },
    maxLlmCallsPerTurn: 500,
    ...overrides,
  };
}

export function summarizerCall(overrides: Partial<SummarizerCallRecord> = {}): SummarizerCallRecord {
  return {
    inputTokens: 500,
    inputRealTokens: 1_000,
    contextWindow: 8_000,
    maxOutputTokens: 800,
    outputTokens: 30,
    outcome: 'ok',
    ...overrides,
  };
}

export function step(index: number, overrides: Partial<StepRecord> = {}): StepRecord {
  const realAfter = overrides.realAfter ?? 1_000;
  const contextWindow = overrides.contextWindow ?? 8_000;
  return {
    step: index,
    turn: index,
    label: 'user',
    clock: index + 1,
    contextWindow,
    contentsBefore: 1,
    contentsAfter: 1,
    heuristicBefore: 500,
    heuristicAfter: 500,
    realBefore: 1_000,
    realAfter,
    overflow: realAfter > contextWindow,
    shortCircuited: false,
    summarizerCalls: [],
    reinjection: false,
    trimmed: false,
    compacted: false,
    cacheChurn: 0,
    uncachedTokens: 0,
    orphanCalls: 0,
    orphanResponses: 0,
    userRequestPresent: true,
    ...overrides,
  };
}

const ZERO_TOTALS: SessionTotals = {
  turns: 0,
  llmSteps: 0,
  summarizations: 0,
  summarizerCalls: 0,
  reinjections: 0,
  trimmedSteps: 0,
  fallbacks: 0,
  compactedSteps: 0,
  overflowSteps: 0,
  peakRealTokens: 0,
  peakPercent: 0,
  summarizerInputTokens: 0,
  summarizerOverflows: 0,
  loops: 0,
  thrash: 0,
  orphanSteps: 0,
  missingUserRequestSteps: 0,
  cacheChurnTotal: 0,
};

export function session(steps: readonly StepRecord[], overrides: Partial<SessionResult> = {}): SessionResult {
  return {
    scenario: 'fixture',
    seed: 1,
    totals: { ...ZERO_TOTALS, llmSteps: steps.length },
    steps,
    failure: null,
    traceDigest: 'digest-a',
    ...overrides,
  };
}

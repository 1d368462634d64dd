/**
 * `runSession`: plays a scenario through the ADK step loop with the strategy under test and
 * returns what was measured. Strategy problems never throw out of here: a strategy that throws
 * or writes into session data ends the session with `failure` set and the steps completed so
 * far. (A strategy that never resolves hangs the session: the harness's watchdog handles that.)
 */
import type { RequestOverhead } from '../engine/hook-types.ts';
// The ruler first: it captures the built-ins it measures with before any strategy module loads.
import { requestQuarterTokens } from './ruler/quarter-byte-count.ts';
import { tamperedGlobals } from './ruler/tampered-globals.ts';
import { forgetPendingDeltaStamps } from './sessions/state.ts';
import type { CompactionStrategy, LlmRequest, SummarizerModel } from '../engine/types.ts';
import type { AfterModelCallback, BeforeModelCallback } from './agents/llm-agent.ts';
import { LlmAgent } from './agents/llm-agent.ts';
import { CompactionProjectionError } from './agents/processors/compaction-records.ts';
import { createRequestContents } from './fast/create-request-contents.ts';
import type { ContentsBuilderKind } from './request-contents/request-contents-builder.ts';
import { generateText } from './content/generate-text.ts';
import { forgetLongStringTokens } from './measure/digest-json.ts';
import { forgetPreambleTexts } from './measure/preamble.ts';
import { stableJson } from './measure/trace-digest.ts';
import { SessionRecorder } from './measure/step-recorder.ts';
import { TurnAnswerWatch } from './measure/turn-answers.ts';
import { refusalLimit } from './measure/definitions/provider-refusal.ts';
import { sessionTotals } from './measure/session-totals.ts';
import { ModelScript } from './models/model-script.ts';
import { ScriptedLlm } from './models/scripted-llm.ts';
import { SummarizerLlm } from './models/summarizer-llm.ts';
import { sessionRetention, type SessionRetention } from './facts/retention.ts';
import { createTokenModel } from './models/token-models.ts';
import type { BasePlugin } from './plugins/base-plugin.ts';
import { CompactionPlugin } from './plugins/compaction-plugin.ts';
import { PluginManager } from './plugins/plugin-manager.ts';
import { Runner } from './runner/runner.ts';
import type { SessionFailure, SessionFailureKind, SessionResult } from './session-result.ts';
import { isFrozenWriteError } from './sessions/deep-freeze.ts';
import { InMemorySessionService } from './sessions/in-memory-session-service.ts';
import { rngFor } from './sim/prng.ts';
import { createWorldEnvironment } from './sim/world-environment.ts';
import { declarationsFor } from './tools/world-tool.ts';
import { validateWorldScenario } from './validate-scenario.ts';
import type { WorldScenario } from './world-scenario.ts';
import { worldTools } from './world-tools.ts';
import type { WorldTrace } from './world-trace.ts';

export interface RunSessionOptions {
  readonly strategy: CompactionStrategy;
  readonly recordTrace?: boolean;
  /**
   * Compute `traceDigest`, the hash of everything the session did (default false: hashing is
   * about a seventh of a session's time, and only report.json, the replay property and tests
   * read it).
   */
  readonly traceDigest?: boolean;
  /**
   * false: measure nothing but the provider's count of each request the model receives (the
   * scripted model reports it as usage): no step records (`steps` empty, totals zero), no check
   * that requests are valid contents, no trace or digest. What the speed bench compares with the
   * real adk-js runner, which measures exactly that (`runInRealAdk(…, { measure: false })`).
   * Default true.
   */
  readonly measure?: boolean;
  /**
   * A model that writes the summaries instead of the simulated one (e.g. a real Gemini model),
   * everything else staying simulated: the summarizer's window check and the scenario's `error`,
   * `empty` and `timeout` faults still apply around it, its `reply`/`text` and `oversize` faults
   * do not, and every call is still recorded, with the text the model wrote
   * (models/summarizer-llm.ts). Results are then no longer deterministic.
   */
  readonly summarizer?: SummarizerModel | undefined;
  /**
   * How each step's request contents are built (request-contents/request-contents-builder.ts):
   * `fast` (default) or `reference`, adk-js's algorithm as written, every step over the whole
   * history. Both give the same contents and the same trace (test/world/fast-vs-reference.test.ts).
   */
  readonly contentsBuilder?: ContentsBuilderKind;
}

/** Extra hooks for tests and the differential verifier: plugins around ContextGuard, agent callbacks. */
export interface RunWorldOptions extends RunSessionOptions {
  readonly pluginsBefore?: readonly BasePlugin[];
  readonly pluginsAfter?: readonly BasePlugin[];
  readonly beforeModelCallbacks?: readonly BeforeModelCallback[];
  readonly afterModelCallbacks?: readonly AfterModelCallback[];
}

export type SessionOutcome = SessionResult & { trace?: WorldTrace };

/**
 * Follow-up invocations (docs/peer-strategies.md X9) one turn may add: a strategy that re-queues its prompt after
 * every invocation would otherwise never let the session end.
 */
export const MAX_FOLLOW_UPS_PER_TURN = 16;

export function runSession(scenario: WorldScenario, options: RunSessionOptions): Promise<SessionOutcome> {
  return runWorld(scenario, options);
}

/** Sessions playing in this thread now (several may, interleaved at their awaits). */
let activeSessions = 0;

export async function runWorld(scenario: WorldScenario, options: RunWorldOptions): Promise<SessionOutcome> {
  activeSessions += 1;
  try {
    return await playWorld(scenario, options);
  } finally {
    activeSessions -= 1;
    if (activeSessions === 0) forgetSessionCaches();
  }
}

/**
 * The string caches pay off within a session (its history is re-measured and re-hashed every
 * step) and only hold old texts alive after it: a worker that played a thousand generated
 * sessions kept hundreds of megabytes of them. They live while sessions play in this thread and
 * are emptied once none does. (Content sources live in the session's own contents builder.)
 */
function forgetSessionCaches(): void {
  forgetLongStringTokens();
  forgetPreambleTexts();
  forgetPendingDeltaStamps();
}

async function playWorld(scenario: WorldScenario, options: RunWorldOptions): Promise<SessionOutcome> {
  validateWorldScenario(scenario);
  const requestContents = createRequestContents(options.contentsBuilder ?? 'fast');
  const env = createWorldEnvironment(scenario.seed);
  const facts = scenario.facts ?? [];
  // Planted values are reported to the recorder, created below (a plant happens only once turns play).
  const script = new ModelScript(
    scenario.seed,
    facts,
    (values) => recorder.onFactsPlanted(values),
    (recovery) => recorder.onRecovery(recovery),
    // Replay: the log's recorded pauses pass on the logical clock (recorded times, never the wall clock).
    (ms) => env.clock.advance(ms),
  );
  const tokenModels = await Promise.all(scenario.phases.map((phase) => createTokenModel(phase.tokenModel)));
  const sessionService = new InMemorySessionService();
  const recorder = new SessionRecorder({
    clock: env.clock,
    recordTrace: options.recordTrace === true,
    traceDigest: options.traceDigest === true,
    measure: options.measure !== false,
    storedState: () => sessionService.storedSession().state,
    // A provider refuses contents that are not valid (400 INVALID_ARGUMENT); the strategy made them.
    onInvalidRequest: (message) =>
      fail('invalid-request', `the strategy left a request the model would refuse: ${message}`),
    facts,
    requestContents,
  });
  const abort = new AbortController();
  let failure: SessionFailure | null = null;
  const fail = (kind: SessionFailureKind, message: string, step: number | null = recorder.currentStep): void => {
    failure ??= { kind, message, step };
    abort.abort();
  };
  let phaseIndex = 0;
  const phase = () => scenario.phases[phaseIndex]!;

  const summarizer = new SummarizerLlm({
    spec: scenario.summarizer,
    seed: scenario.seed,
    clock: env.clock,
    phase: () => ({
      modelName: phase().modelName,
      contextWindow: phase().contextWindow,
      tokenModel: tokenModels[phaseIndex]!,
    }),
    onCall: (record, reply, request) => recorder.onSummarizerCall(record, reply, request),
    model: options.summarizer,
    facts,
  });
  const instruction = scenario.systemPrompt
    ? generateText(scenario.systemPrompt, rngFor(scenario.seed, 'system-prompt'))
    : undefined;
  const tools = worldTools(scenario, script);
  // provider.errors: the session's model calls are counted across phases; each listed call fails once.
  const providerErrors = new Map((scenario.provider?.errors ?? []).map((e) => [e.call, e]));
  let providerCalls = 0;
  const scriptedError =
    providerErrors.size === 0
      ? undefined
      : () => {
          providerCalls += 1;
          return providerErrors.get(providerCalls);
        };
  const models = scenario.phases.map(
    (p, i) =>
      new ScriptedLlm(p.modelName, {
        script,
        usageMetadata: p.usageMetadata,
        streamingChunks: p.streamingChunks,
        countPromptTokens: (request) => (i === phaseIndex ? recorder.countPromptTokens(request) : 0),
        countText: (text) => tokenModels[i]!.countText(text),
        refuseAbove: refusalLimit(scenario, p.contextWindow),
        refusal: scenario.provider?.refusal,
        scriptedError,
        cacheReadTokens: scenario.promptCache === 'prefix' ? (request) => recorder.cacheReadTokens(request) : undefined,
      }),
  );
  const overheads = new Map<number, RequestOverhead>();
  const countTokens = (request: LlmRequest): number =>
    tokenModels[phaseIndex]!.countRequest(request, requestQuarterTokens(request));
  const compaction = new CompactionPlugin({
    agentName: scenario.agentName,
    strategy: options.strategy,
    summarizer,
    contextWindow: () => phase().contextWindow,
    exposeUserContent: scenario.exposeUserContent,
    onStrategyFailure: (error) =>
      isFrozenWriteError(error)
        ? fail('events-mutated', `the strategy wrote into frozen session data: ${describe(error)}`)
        : fail('strategy-threw', `the strategy threw: ${describe(error)}`),
    usageFor: (response) => models[phaseIndex]!.usageOf(response),
    requestOverhead: () => {
      let overhead = overheads.get(phaseIndex);
      if (!overhead) {
        overhead = requestOverheadOf(instruction, declarationsFor(tools), countTokens);
        overheads.set(phaseIndex, overhead);
      }
      return overhead;
    },
    countTokens,
    onTriggerCount: (count) => recorder.onTriggerCount(count),
    onWarning: (message, fields) => recorder.onWarning(message, fields),
  });
  const agent = new LlmAgent({
    name: scenario.agentName,
    model: models[0]!,
    instruction,
    tools,
    beforeModelCallbacks: options.beforeModelCallbacks ?? [],
    afterModelCallbacks: options.afterModelCallbacks ?? [],
    contextCompactor: compaction.compactorProcessor(),
  });
  sessionService.createSession({
    appName: 'compaction-sim',
    userId: 'sim-user',
    id: `${scenario.name}#${scenario.seed}`,
  });
  const answers = new TurnAnswerWatch(recorder, scenario.agentName);
  const runner = new Runner({
    env,
    agent,
    sessionService,
    pluginManager: new PluginManager([...(options.pluginsBefore ?? []), compaction, ...(options.pluginsAfter ?? [])]),
    flavour: scenario.flavour,
    requestContents,
    observer: answers,
    abortSignal: abort.signal,
  });

  let turnsPlayed = 0;
  try {
    for (const turn of scenario.turns) {
      phaseIndex = turn.phase;
      agent.model = models[phaseIndex]!;
      script.beginTurn(turn);
      const newMessage = script.userMessage(turn);
      recorder.beginTurn(turn, newMessage.parts?.[0]?.text ?? '', tokenModels[phaseIndex]!, phase().contextWindow);
      answers.beginTurn();
      let message = newMessage;
      for (let followUps = 0; ; followUps += 1) {
        answers.beginInvocation();
        for await (const event of runner.runAsync({
          newMessage: message,
          maxLlmCalls: scenario.maxLlmCallsPerTurn,
          streaming: phase().streamingChunks > 0,
        })) {
          // The runner appends; the recorder measures; the watch sees how the invocation ends.
          answers.onYielded(event);
        }
        if (abort.signal.aborted) break;
        // docs/peer-strategies.md X9: the strategy re-queued a prompt; the turn's scripted work continues in it.
        const followUp = compaction.takeFollowUp();
        if (!followUp || followUps >= MAX_FOLLOW_UPS_PER_TURN) break;
        message = followUp;
      }
      if (abort.signal.aborted) break;
      answers.endTurn(turn.index);
      turnsPlayed += 1;
    }
  } catch (error) {
    if (error instanceof CompactionProjectionError) fail('strategy-threw', describe(error));
    else fail(isFrozenWriteError(error) ? 'events-mutated' : 'world-error', describe(error));
  }

  // A strategy that replaced a built-in the world measures with (at import or while it ran) fails,
  // though the ruler, which measures with the built-ins it captured at load, measured it right.
  const tampered = tamperedGlobals();
  if (tampered.length > 0) {
    failure ??= {
      kind: 'strategy-tampered',
      message: `a global the world measures with was replaced or changed: ${tampered.slice(0, 5).join(', ')}${tampered.length > 5 ? ` and ${tampered.length - 5} more` : ''}`,
      step: null,
    };
  }
  // Events proven frozen plain data when appended cannot have changed; the others are re-serialized.
  for (const { event, json } of recorder.unprovenEvents) {
    if (stableJson(event) !== json) {
      fail('events-mutated', `event ${event.id} changed after it was appended`, null);
      break;
    }
  }
  const stored = sessionService.storedSession();
  const finalHistoryTokens = requestContents.sources(stored.events, scenario.flavour, {
    projectRecords: false,
  }).heuristic;
  const result: SessionOutcome = {
    scenario: scenario.name,
    seed: scenario.seed,
    totals: sessionTotals({
      turns: turnsPlayed,
      steps: recorder.steps,
      thrash: scenario.thrash,
      finalHistoryTokens,
      trailingSummarizerCalls: recorder.trailingSummarizerCalls,
      trailingWarnings: recorder.trailingWarnings.length,
    }),
    steps: recorder.steps,
    failure,
    ...(recorder.digest ? { traceDigest: recorder.digest.digest() } : {}),
    ...(recorder.trailingSummarizerCalls.length > 0
      ? { trailingSummarizerCalls: [...recorder.trailingSummarizerCalls] }
      : {}),
    ...(recorder.trailingWarnings.length > 0 ? { trailingWarnings: [...recorder.trailingWarnings] } : {}),
    turnAnswers: answers.answers,
  };
  const retention = sessionRetention(
    facts,
    recorder.steps.map((step) => ({
      step: step.step,
      compaction: step.summarizerCalls.length > 0 || step.trimmed,
      ...(step.facts ? { facts: step.facts } : {}),
      ...(step.recovery ? { recovery: step.recovery, realTokens: step.realAfter } : {}),
    })),
  );
  if (retention) (result as { retention?: SessionRetention }).retention = retention;
  if (options.recordTrace) result.trace = { steps: recorder.traceSteps, events: [...stored.events] };
  return result;
}

/** X8: the instruction's and declarations' tokens, each counted on its own by the provider. */
function requestOverheadOf(
  instruction: string | undefined,
  declarations: ReturnType<typeof declarationsFor>,
  countTokens: (request: LlmRequest) => number,
): RequestOverhead {
  const empty = countTokens({ contents: [] });
  return {
    systemInstructionTokens:
      instruction === undefined ? 0 : countTokens({ contents: [], config: { systemInstruction: instruction } }) - empty,
    toolDeclarationTokens:
      declarations.length === 0
        ? 0
        : countTokens({ contents: [], config: { tools: [{ functionDeclarations: declarations }] } }) - empty,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

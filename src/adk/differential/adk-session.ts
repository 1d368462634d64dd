/**
 * Plays a `WorldScenario` in the REAL adk-js 2.0.0 runtime: `Runner` + `InMemorySessionService` +
 * `LlmAgent`, the world's scripted model wrapped as a `BaseLlm`, the world's tools as `BaseTool`s,
 * the world's summarizer, and either our `ContextGuardPlugin` or adk-js's own
 * `TokenBasedContextCompactor`. It returns the same `SessionResult` (+ trace) the world returns.
 *
 * Agent configuration, so the request equals the world's:
 * - `instruction` is an instruction PROVIDER (a function): adk-js then skips `{var}` state
 *   templating (`canonicalInstruction` → `requireStateInjection: false`), which generated texts
 *   containing braces would otherwise trigger or break;
 * - transfer to parent and peers is disallowed and there are no sub-agents: adk-js then adds no
 *   identity text ("You are an agent. Your internal name is …") and no transfer processor;
 * - no instruction at all when the scenario has no system prompt (an empty provider would still
 *   set `systemInstruction: ""`).
 *
 * The caller must have installed the deterministic environment and must import this module only
 * afterwards (dynamic import): it loads `@google/adk`.
 */
import { InMemorySessionService, LlmAgent, LogLevel, Runner, setLogLevel, StreamingMode } from '@google/adk';
import type { LlmResponse as AdkLlmResponse } from '@google/adk';
import type { LlmRequest, LlmResponse, SummarizerModel } from '../../engine/types.ts';
import { requestQuarterTokens } from '../../world/ruler/quarter-byte-count.ts';
import { generateText } from '../../world/content/generate-text.ts';
import { sessionTotals } from '../../world/measure/session-totals.ts';
import { ModelScript } from '../../world/models/model-script.ts';
import { ScriptedLlm } from '../../world/models/scripted-llm.ts';
import { SummarizerLlm, summarizerWindow } from '../../world/models/summarizer-llm.ts';
import { createTokenModel } from '../../world/models/token-models.ts';
import type { SessionFailure, SessionFailureKind, SessionResult } from '../../world/session-result.ts';
import { LogicalClock } from '../../world/sim/logical-clock.ts';
import { rngFor } from '../../world/sim/prng.ts';
import { worldTools } from '../../world/world-tools.ts';
import type { WorldTraceStep } from '../../world/world-trace.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import { compactionFor } from './adk-compaction-setup.ts';
import type { AdkCompactor } from './adk-compactor.ts';
import { AdkStepMeter, type PlainEvent } from './adk-step-meter.ts';
import { adkToolsFor } from './adk-world-tools.ts';
import { recordingSummarizer } from './recording-summarizer.ts';
import { requestView } from './request-view.ts';
import { ScriptedAdkLlm } from './scripted-adk-llm.ts';
import { StepRecorderPlugin } from './step-recorder-plugin.ts';
import { historyTokens, plainEvent, storedState } from './stored-session.ts';

const APP_NAME = 'compaction-sim';
const USER_ID = 'sim-user';

export interface AdkSessionOptions {
  readonly compactor: AdkCompactor;
  readonly recordTrace?: boolean;
  /** Summarize with this model (e.g. a real Gemini) instead of the scenario's simulated summarizer. */
  readonly summarizer?: SummarizerModel;
  /**
   * false: no per-step measurements (empty `steps`, zero totals), only the prompt-token count the
   * scripted model reports. The speed bench uses it to time adk-js rather than the meter.
   */
  readonly measure?: boolean;
}

export interface AdkTrace {
  readonly steps: readonly WorldTraceStep[];
  /** The stored session's events as plain data (user events included). */
  readonly events: readonly PlainEvent[];
}

export type AdkSessionOutcome = SessionResult & {
  readonly trace?: AdkTrace;
  /** Compacted events adk-js's own compactor created (0 with the ContextGuard plugin). */
  readonly adkCompactions: number;
};

export async function runAdkSession(scenario: WorldScenario, options: AdkSessionOptions): Promise<AdkSessionOutcome> {
  // ADK logs plugin registration and experimental-API warnings at INFO/WARN: noise in a report.
  setLogLevel(LogLevel.ERROR);
  const recordTrace = options.recordTrace === true;
  // The same scripted texts as the world, planted facts included (the probes are the world's; the
  // texts the model and the user send must be the same on both sides). A fact a turn needs is
  // recovered by this same script, from the request adk-js built: the decision is made on each side.
  const tokenModels = await Promise.all(scenario.phases.map((phase) => createTokenModel(phase.tokenModel)));
  const meter = new AdkStepMeter({ recordTrace, measure: options.measure ?? true });
  const script = new ModelScript(
    scenario.seed,
    scenario.facts ?? [],
    () => {},
    (recovery) => meter.recovery(recovery),
  );
  const abort = new AbortController();
  let failure: SessionFailure | null = null;
  const fail = (kind: SessionFailureKind, message: string): void => {
    failure ??= { kind, message, step: meter.currentStep };
    abort.abort();
  };
  let phaseIndex = 0;
  const phase = () => scenario.phases[phaseIndex]!;

  const summarizerPhase = () => ({
    modelName: phase().modelName,
    contextWindow: phase().contextWindow,
    tokenModel: tokenModels[phaseIndex]!,
  });
  const summarizer: SummarizerModel = options.summarizer
    ? recordingSummarizer(
        options.summarizer,
        () => ({ ...summarizerPhase(), contextWindow: summarizerWindow(scenario.summarizer, phase().contextWindow) }),
        (record, reply) => meter.summarizerCall(record, reply),
      )
    : new SummarizerLlm({
        spec: scenario.summarizer,
        seed: scenario.seed,
        // Only a timeout fault reads it (to spend its deadline); adk-js time is the stubbed Date.
        clock: new LogicalClock(),
        phase: summarizerPhase,
        onCall: (record, reply) => meter.summarizerCall(record, reply),
        // The same retention model as the world's summarizer: the planted facts it keeps.
        facts: scenario.facts ?? [],
      });
  const models = scenario.phases.map((p, i) => {
    const world = new ScriptedLlm(p.modelName, {
      script,
      usageMetadata: p.usageMetadata,
      streamingChunks: p.streamingChunks,
      countPromptTokens: (request) => (i === phaseIndex ? meter.countPromptTokens(request) : 0),
    });
    return new ScriptedAdkLlm(
      p.modelName,
      async (request, _call, stream) => {
        const view = requestView(request);
        meter.modelRequest(view);
        const responses: LlmResponse[] = [];
        for await (const response of world.generateContentAsync(view, stream)) responses.push(response);
        return responses as AdkLlmResponse[];
      },
      { record: false },
    );
  });

  const countTokens = (request: LlmRequest): number =>
    tokenModels[phaseIndex]!.countRequest(request, requestQuarterTokens(request));
  const compaction = compactionFor(
    options.compactor,
    scenario,
    summarizer,
    () => phase().contextWindow,
    fail,
    countTokens,
    (message, fields) => meter.warning(message, fields),
  );
  let storage: (() => Readonly<Record<string, unknown>>) | undefined;
  let adkCompactions = 0;
  const recorder = new StepRecorderPlugin({
    onStepStart: (request) => {
      meter.stepEnd(storage?.() ?? {});
      meter.stepStart(requestView(request));
    },
    onCompacted: () => (adkCompactions += 1),
  });
  const instruction = scenario.systemPrompt
    ? generateText(scenario.systemPrompt, rngFor(scenario.seed, 'system-prompt'))
    : undefined;
  const agent = new LlmAgent({
    name: scenario.agentName,
    model: models[0]!,
    ...(instruction === undefined ? {} : { instruction: async () => instruction }),
    tools: adkToolsFor(worldTools(scenario, script)),
    disallowTransferToParent: true,
    disallowTransferToPeers: true,
    ...(compaction.compactor ? { contextCompactors: [compaction.compactor] } : {}),
  });
  const sessionService = new InMemorySessionService();
  const sessionId = `${scenario.name}#${scenario.seed}`;
  await sessionService.createSession({ appName: APP_NAME, userId: USER_ID, sessionId });
  storage = storedState(sessionService, APP_NAME, USER_ID, sessionId);
  const runner = new Runner({
    appName: APP_NAME,
    agent,
    sessionService,
    plugins: compaction.plugin ? [recorder, compaction.plugin] : [recorder],
  });

  let turnsPlayed = 0;
  try {
    for (const turn of scenario.turns) {
      phaseIndex = turn.phase;
      agent.model = models[phaseIndex]!;
      if (compaction.onPhase) compaction.onPhase(phaseIndex);
      script.beginTurn(turn);
      const newMessage = script.userMessage(turn);
      meter.beginTurn(turn, newMessage.parts?.[0]?.text ?? '', tokenModels[phaseIndex]!, phase().contextWindow);
      const events = runner.runAsync({
        userId: USER_ID,
        sessionId,
        newMessage,
        abortSignal: abort.signal,
        runConfig: {
          maxLlmCalls: scenario.maxLlmCallsPerTurn,
          streamingMode: phase().streamingChunks > 0 ? StreamingMode.SSE : StreamingMode.NONE,
        },
      });
      for await (const event of events) {
        // The runner appended it (unless partial) before yielding it.
        if (recordTrace && !event.partial) meter.eventAppended(plainEvent(event));
      }
      meter.stepEnd(storage());
      if (abort.signal.aborted) break;
      turnsPlayed += 1;
    }
  } catch (error) {
    meter.stepEnd(storage());
    fail('world-error', `adk-js threw: ${describe(error)}`);
  }

  const stored = await sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId });
  const storedEvents = (stored?.events ?? []).map(plainEvent);
  const result: SessionResult = {
    scenario: scenario.name,
    seed: scenario.seed,
    totals: sessionTotals({
      turns: turnsPlayed,
      steps: meter.steps,
      thrash: scenario.thrash,
      finalHistoryTokens: historyTokens(stored?.events ?? []),
      trailingWarnings: meter.trailingWarnings.length,
    }),
    steps: meter.steps,
    failure,
  };
  return {
    ...result,
    adkCompactions,
    ...(recordTrace ? { trace: { steps: meter.traceSteps, events: storedEvents } } : {}),
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

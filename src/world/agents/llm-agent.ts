/**
 * adk-js 2.0.0 `LlmAgent` step loop (agents/llm_agent.js): `runAsyncImpl` → `runOneStepAsync` →
 * `callLlmAsync` (`handleBeforeModelCallback`, model, `handleAfterModelCallback`) → `postprocess`
 * (model-response event, tools, function-response event), all under `runAndHandleError`. The
 * adk-go flavour changes only what docs/adk-step-loop.md §1 says differs: loop end (thought-only turns keep
 * going), usage-only responses dropped, tools concurrent, deep action merge, the contents rules.
 */
import type { LlmRequest, LlmResponse } from '../../engine/types.ts';
import {
  createEvent,
  getFunctionCalls,
  getFunctionResponses,
  isFinalResponse,
  mergeParams,
  populateClientFunctionCallId,
  type Event,
} from '../events/event.ts';
import type { BaseLlm } from '../models/base-llm.ts';
import { declarationsFor, type WorldTool } from '../tools/world-tool.ts';
import type { BaseLlmRequestProcessor } from './processors/base-llm-processor.ts';
import { BASIC_LLM_REQUEST_PROCESSOR } from './processors/basic-llm-request-processor.ts';
import { CONTENT_REQUEST_PROCESSOR } from './processors/content-request-processor.ts';
import { INSTRUCTIONS_LLM_REQUEST_PROCESSOR } from './processors/instructions-llm-request-processor.ts';
import { Context } from './context.ts';
import { handleFunctionCallsAsync } from './functions.ts';
import type { InvocationContext } from './invocation-context.ts';

export const ADK_AGENT_NAME_LABEL_KEY = 'adk_agent_name';

export type BeforeModelCallback = (p: {
  context: Context;
  request: LlmRequest;
}) => LlmResponse | undefined | null | Promise<LlmResponse | undefined | null>;
export type AfterModelCallback = (p: {
  context: Context;
  response: LlmResponse;
}) => LlmResponse | undefined | null | Promise<LlmResponse | undefined | null>;

export interface LlmAgentConfig {
  readonly name: string;
  model: BaseLlm;
  readonly instruction: string | undefined;
  readonly tools: readonly WorldTool[];
  readonly beforeModelCallbacks?: readonly BeforeModelCallback[];
  readonly afterModelCallbacks?: readonly AfterModelCallback[];
  /**
   * adk-js `LlmAgent({ contextCompactors })`: a `ContextCompactorRequestProcessor` inserted right
   * before the contents processor (llm_agent.js:169-183); absent, the pipeline is unchanged.
   */
  readonly contextCompactor?: BaseLlmRequestProcessor;
}

export class LlmAgent {
  readonly name: string;
  /** Swapped between turns when a scenario phase changes the model. */
  model: BaseLlm;
  readonly instruction: string | undefined;
  readonly tools: readonly WorldTool[];
  readonly toolsDict: ReadonlyMap<string, WorldTool>;
  readonly beforeModelCallbacks: readonly BeforeModelCallback[];
  readonly afterModelCallbacks: readonly AfterModelCallback[];
  /** adk-js default pipeline, minus processors that add nothing for this agent (auth, identity, ...). */
  readonly requestProcessors: readonly BaseLlmRequestProcessor[];

  constructor(config: LlmAgentConfig) {
    this.name = config.name;
    this.model = config.model;
    this.instruction = config.instruction;
    this.tools = config.tools;
    this.toolsDict = new Map(config.tools.map((tool) => [tool.name, tool]));
    this.beforeModelCallbacks = config.beforeModelCallbacks ?? [];
    this.afterModelCallbacks = config.afterModelCallbacks ?? [];
    this.requestProcessors = [
      BASIC_LLM_REQUEST_PROCESSOR,
      INSTRUCTIONS_LLM_REQUEST_PROCESSOR,
      ...(config.contextCompactor ? [config.contextCompactor] : []),
      CONTENT_REQUEST_PROCESSOR,
    ];
  }

  /**
   * BaseAgent.runAsync: the agent has no before/after-agent callbacks, so this is the body,
   * handed over as is (a generator delegating with `yield*` would add a layer of promises to every
   * event of the session).
   */
  runAsync(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    return this.runAsyncImpl(ctx);
  }

  async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    while (true) {
      let lastEvent: Event | undefined;
      let stepHadToolCalls = false;
      for await (const event of this.runOneStepAsync(ctx)) {
        if (ctx.abortSignal.aborted) return;
        lastEvent = event;
        if (getFunctionCalls(event).length > 0 || getFunctionResponses(event).length > 0) stepHadToolCalls = true;
        yield event;
      }
      if (!lastEvent || ctx.abortSignal.aborted) return;
      if (lastEvent.partial) return; // adk-js warns, adk-go errors: "last event is not final".
      if (ctx.retryStep) {
        // docs/peer-strategies.md X3: the strategy recovered from a refused call; run the step again, within maxLlmCalls.
        ctx.retryStep = false;
        if (ctx.maxLlmCalls <= 0 || ctx.llmCallCount < ctx.maxLlmCalls) continue;
      }
      if (ctx.flavour === 'adk-go') {
        if (isFinalResponse(lastEvent) && !isThoughtOnlyTurn(lastEvent)) return;
      } else {
        const isEmptyMetadataEvent = lastEvent.author === this.name && (lastEvent.content?.parts?.length ?? 0) === 0;
        if (isFinalResponse(lastEvent) && !(isEmptyMetadataEvent && stepHadToolCalls)) return;
      }
    }
  }

  async *runOneStepAsync(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const llmRequest: LlmRequest = { contents: [] };
    for (const processor of this.requestProcessors) {
      for await (const event of processor.runAsync(ctx, llmRequest)) yield event;
    }
    // adk-js: each tool's processLlmRequest adds its declaration after the processors.
    const declarations = declarationsFor(this.tools);
    if (declarations.length > 0) {
      llmRequest.config ??= {};
      llmRequest.config.tools = [{ functionDeclarations: declarations }];
    }
    const modelResponseEvent = createEvent(ctx.env, {
      invocationId: ctx.invocationId,
      author: this.name,
      branch: ctx.branch,
    });
    if (ctx.endInvocation || ctx.abortSignal.aborted) return;
    ctx.observer.onStepStart(ctx, llmRequest);
    // adk-js `runAndHandleError(responses)`, inlined: any error in the step becomes a content-less
    // error event (one generator fewer between the model and the runner for every event).
    try {
      for await (const event of this.#responsesGenerator(ctx, llmRequest, modelResponseEvent)) {
        if (ctx.abortSignal.aborted) return;
        yield event;
      }
    } catch (modelError) {
      yield await this.#modelErrorEvent(modelError, ctx, llmRequest, modelResponseEvent);
    }
    // An aborted step (the strategy failed) did not complete: it is not measured.
    if (!ctx.abortSignal.aborted) ctx.observer.onStepEnd();
  }

  async *#responsesGenerator(
    ctx: InvocationContext,
    llmRequest: LlmRequest,
    shell: Event,
  ): AsyncGenerator<Event, void, undefined> {
    for await (const llmResponse of this.callLlmAsync(ctx, llmRequest, shell)) {
      if (ctx.abortSignal.aborted) return;
      for await (const event of this.postprocess(ctx, llmRequest, llmResponse, shell)) {
        if (ctx.abortSignal.aborted) return;
        // adk-js gives the shell a fresh id and time after every yielded event.
        shell.id = ctx.env.ids.newEventId();
        shell.timestamp = ctx.env.clock.tick();
        yield event;
      }
    }
  }

  async *callLlmAsync(
    ctx: InvocationContext,
    llmRequest: LlmRequest,
    shell: Event,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    const beforeModelResponse = await this.handleBeforeModelCallback(ctx, llmRequest, shell);
    if (ctx.abortSignal.aborted) return;
    if (beforeModelResponse) {
      ctx.observer.onShortCircuit();
      yield beforeModelResponse;
      return;
    }
    llmRequest.config ??= {};
    llmRequest.config.labels ??= {};
    llmRequest.config.labels[ADK_AGENT_NAME_LABEL_KEY] ??= this.name;
    ctx.incrementLlmCallCount();
    ctx.observer.onModelRequest(llmRequest);
    // (The world's own failure channel, not ADK's: a request the provider would refuse ends the session.)
    if (ctx.abortSignal.aborted) return;
    for await (const llmResponse of this.model.generateContentAsync(llmRequest, ctx.streaming)) {
      if (ctx.abortSignal.aborted) return;
      const altered = await this.handleAfterModelCallback(ctx, llmResponse, shell);
      if (ctx.abortSignal.aborted) return;
      yield altered ?? llmResponse;
    }
  }

  async handleBeforeModelCallback(
    ctx: InvocationContext,
    llmRequest: LlmRequest,
    shell: Event,
  ): Promise<LlmResponse | undefined> {
    const callbackContext = new Context({ invocationContext: ctx, eventActions: shell.actions });
    const fromPlugins = await ctx.pluginManager.run('beforeModelCallback', { callbackContext, llmRequest });
    if (ctx.abortSignal.aborted) return undefined;
    if (fromPlugins) return fromPlugins;
    for (const callback of this.beforeModelCallbacks) {
      const response = await callback({ context: callbackContext, request: llmRequest });
      if (ctx.abortSignal.aborted) return undefined;
      if (response) return response;
    }
    return undefined;
  }

  async handleAfterModelCallback(
    ctx: InvocationContext,
    llmResponse: LlmResponse,
    shell: Event,
  ): Promise<LlmResponse | undefined> {
    const callbackContext = new Context({ invocationContext: ctx, eventActions: shell.actions });
    const fromPlugins = await ctx.pluginManager.run('afterModelCallback', { callbackContext, llmResponse });
    if (fromPlugins) return fromPlugins;
    for (const callback of this.afterModelCallbacks) {
      const response = await callback({ context: callbackContext, response: llmResponse });
      if (ctx.abortSignal.aborted) return undefined;
      if (response) return response;
    }
    return undefined;
  }

  async *postprocess(
    ctx: InvocationContext,
    llmRequest: LlmRequest,
    llmResponse: LlmResponse,
    shell: Event,
  ): AsyncGenerator<Event, void, undefined> {
    if (!hasEventWorthyContent(llmResponse, ctx.flavour)) return;
    const mergedEvent = createEvent(ctx.env, mergeParams(shell, llmResponse));
    const calls = getFunctionCalls(mergedEvent);
    if (calls.length > 0) {
      populateClientFunctionCallId(ctx.env, mergedEvent);
      mergedEvent.longRunningToolIds = calls
        .filter((call) => this.toolsDict.get(call.name ?? '')?.isLongRunning)
        .map((call) => call.id as string);
    }
    yield mergedEvent;
    if (calls.length === 0 || (ctx.flavour === 'adk-go' && mergedEvent.partial)) return;
    const functionResponseEvent = await handleFunctionCallsAsync({
      invocationContext: ctx,
      functionCallEvent: mergedEvent,
      toolsDict: this.toolsDict,
    });
    if (!functionResponseEvent || ctx.abortSignal.aborted) return;
    yield functionResponseEvent;
  }

  /** adk-js `runAndHandleError`'s error path: the event a step's error becomes (a plugin's answer, else a content-less error). */
  async #modelErrorEvent(
    modelError: unknown,
    ctx: InvocationContext,
    llmRequest: LlmRequest,
    shell: Event,
  ): Promise<Event> {
    if (!(modelError instanceof Error)) throw modelError;
    const callbackContext = new Context({ invocationContext: ctx, eventActions: shell.actions });
    const handled = await ctx.pluginManager.run('onModelErrorCallback', {
      callbackContext,
      llmRequest,
      error: modelError,
    });
    if (handled) return createEvent(ctx.env, mergeParams(shell, handled));
    const { errorCode, errorMessage } = parseModelError(modelError);
    return createEvent(ctx.env, { invocationId: ctx.invocationId, author: this.name, errorCode, errorMessage });
  }
}

/**
 * adk-js drops a response with no content (or no parts) unless it has an error code, was
 * interrupted, or is a usage-only report; adk-go drops usage-only reports too.
 */
function hasEventWorthyContent(
  response: LlmResponse & { interrupted?: boolean },
  flavour: InvocationContext['flavour'],
): boolean {
  if (flavour === 'adk-go')
    return response.content !== undefined || response.errorCode !== undefined || response.interrupted === true;
  const usageOnly = !response.content && response.usageMetadata !== undefined;
  const empty = !response.content || response.content.parts?.length === 0;
  return !empty || response.errorCode !== undefined || response.interrupted === true || usageOnly;
}

/** adk-go `isThoughtOnlyTurn`: a complete event whose parts are all thoughts keeps the loop going. */
function isThoughtOnlyTurn(event: Event): boolean {
  const parts = event.content?.parts ?? [];
  return !event.partial && parts.length > 0 && parts.every((part) => part.thought === true);
}

function parseModelError(error: Error): { errorCode: string; errorMessage: string } {
  let errorCode = 'UNKNOWN_ERROR';
  let errorMessage = error.message;
  try {
    const parsed = JSON.parse(error.message) as { error?: { code?: unknown; message?: string } };
    if (parsed?.error) {
      errorCode = String(parsed.error.code || 'UNKNOWN_ERROR');
      errorMessage = parsed.error.message || errorMessage;
    }
  } catch {
    // Not JSON: keep the message.
  }
  return { errorCode, errorMessage };
}

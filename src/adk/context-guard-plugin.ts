/**
 * The engine as a real `@google/adk` plugin: any `CompactionStrategy` (ContextGuard's threshold or
 * sliding window, or your own) runs in `beforeModelCallback` of every agent it was added for, and
 * the provider's real prompt-token count is captured in `afterModelCallback`.
 *
 * Mirrors adk-go ContextGuard's `PluginConfig()` wiring (one plugin named "context_guard", a
 * per-agent strategy map filled by `Add`), on adk-js 2.0.0's plugin API: callbacks take one object
 * parameter and must return `undefined` to continue the chain (any other value, `null` included,
 * would short-circuit the model call), so both callbacks always return `undefined`.
 *
 * The optional strategy hooks (docs/peer-strategies.md §B) run where adk-js 2.0.0 has a plugin callback for them:
 * `afterModel` (X1) in `afterModelCallback`, with the usage breakdown of `usageMetadata` (X7);
 * asking to end the invocation sets `invocationContext.endInvocation`. `afterInvocation` (X2) in
 * `afterRunCallback` and `onModelError` (X3) in `onModelErrorCallback`; the compaction records they
 * return are appended through `invocationContext.sessionService` (state written there rides on the
 * first). What adk-js 2.0.0 has no place for is not done: its contents processor does not project
 * our records (only its own `CompactedEvent`s), it has no model-call retry, and a plugin cannot
 * start a follow-up invocation; `compactSession` (X4) needs a request processor, which a plugin
 * cannot add. The world (`compaction-sim simulate`) runs all of them.
 */
import { BasePlugin, Context, createEvent, createEventActions, getLogger, isBaseLlm, isLlmAgent } from '@google/adk';
import type {
  BaseLlm,
  Event as AdkEvent,
  InvocationContext,
  LlmRequest as AdkLlmRequest,
  LlmResponse as AdkLlmResponse,
} from '@google/adk';
import type { CompactionRecord } from '../engine/hook-types.ts';
import { ContextGuard, createModelRegistry, thresholdStrategy } from '../engine/index.ts';
import type { CompactionContext, CompactionStrategy, Content, LlmRequest, SummarizerModel } from '../engine/types.ts';
import { baseLlmSummarizer } from './base-llm-summarizer.ts';
import { compactionContextFor } from './callback-compaction-context.ts';

/** What `add` configures for one agent (Go: `Add(agentID, llm, opts...)`). */
export interface ContextGuardAgentOptions {
  /** Default: ContextGuard's threshold strategy with default options. */
  readonly strategy?: CompactionStrategy;
  /** The model that writes summaries. Default: the agent's own model. */
  readonly summarizer?: BaseLlm | SummarizerModel;
  /** Context window in tokens. Default: the plugin's `contextWindow`, else the registry's window for the request's model. */
  readonly contextWindow?: number;
}

/** Looks up a model's context window (ContextGuard's `ModelRegistry.ContextWindow`). */
export interface ContextWindowLookup {
  contextWindow(modelId: string): number;
}

export interface ContextGuardPluginOptions {
  /** Plugin name (ADK requires unique names per runner). Default `context_guard`, as in Go. */
  readonly name?: string;
  /** Context window for every agent that does not set its own (Go `WithMaxTokens`). */
  readonly contextWindow?: number;
  /** Window lookup by model name. Default: the engine's `createModelRegistry()`. */
  readonly registry?: ContextWindowLookup;
  /** Called when a strategy throws; the request then goes out as the strategy left it (Go logs and passes through). */
  readonly onError?: (error: unknown, agentName: string) => void;
  /**
   * The provider's count of a request, when you have one you can call synchronously (docs/peer-strategies.md X11;
   * e.g. a local tokenizer for your model). Strategies that size a request exactly use it (the
   * `hardened` strategy sizes its summarize request with it); without it they estimate.
   */
  readonly countTokens?: (request: LlmRequest) => number;
  /** Receives the warnings strategies report through `ctx.warn` (message, then its fields). Default: ADK's logger (`getLogger().warn`). */
  readonly onWarning?: (message: string, fields?: Record<string, unknown>) => void;
}

interface AgentEntry {
  readonly summarizer: SummarizerModel | undefined;
  readonly contextWindow: number | undefined;
}

export class ContextGuardPlugin extends BasePlugin {
  private readonly guard: ContextGuard;
  private readonly agents = new Map<string, AgentEntry>();
  /** Default summarizers by agent model (a model name resolves to a new BaseLlm on every lookup). */
  private readonly agentModelSummarizers = new Map<unknown, SummarizerModel>();
  private readonly registry: ContextWindowLookup;
  private readonly contextWindow: number | undefined;
  private readonly onError: (error: unknown, agentName: string) => void;
  private readonly countTokens: ((request: LlmRequest) => number) | undefined;

  constructor(options: ContextGuardPluginOptions = {}) {
    super(options.name ?? 'context_guard');
    this.registry = options.registry ?? createModelRegistry();
    this.contextWindow = positiveOrUndefined(options.contextWindow, 'contextWindow');
    this.countTokens = options.countTokens;
    this.onError =
      options.onError ??
      ((error, agentName) =>
        getLogger().warn(`ContextGuard: compaction failed for agent ${agentName}, passing through: ${String(error)}`));
    this.guard = new ContextGuard({
      onStrategyError: this.onError,
      onWarning:
        options.onWarning ??
        ((message, fields) =>
          getLogger().warn(fields === undefined ? message : `${message} ${JSON.stringify(fields)}`)),
    });
  }

  /** Guards `agentName`'s requests. Re-adding an agent replaces its configuration (as Go's `Add`). */
  add(agentName: string, options: ContextGuardAgentOptions = {}): this {
    if (agentName === '') throw new Error('ContextGuardPlugin.add: agentName must not be empty');
    const summarizer =
      options.summarizer === undefined
        ? undefined
        : isBaseLlm(options.summarizer)
          ? baseLlmSummarizer(options.summarizer)
          : options.summarizer;
    this.agents.set(agentName, {
      summarizer,
      contextWindow: positiveOrUndefined(options.contextWindow, 'contextWindow'),
    });
    this.guard.add(agentName, options.strategy ?? thresholdStrategy());
    return this;
  }

  override async beforeModelCallback(params: {
    callbackContext: Context;
    llmRequest: AdkLlmRequest;
  }): Promise<AdkLlmResponse | undefined> {
    const { callbackContext, llmRequest } = params;
    const agentName = callbackContext.agentName;
    const entry = this.agents.get(agentName);
    if (entry === undefined) return undefined;
    try {
      const ctx = this.compactionContext(callbackContext, entry, llmRequest.model);
      await this.guard.beforeModel(ctx, llmRequest);
    } catch (error) {
      this.onError(error, agentName);
    }
    return undefined;
  }

  override async afterModelCallback(params: {
    callbackContext: Context;
    llmResponse: AdkLlmResponse;
  }): Promise<AdkLlmResponse | undefined> {
    const { callbackContext, llmResponse } = params;
    const agentName = callbackContext.agentName;
    const entry = this.agents.get(agentName);
    if (entry === undefined) return undefined;
    try {
      const model = isLlmAgent(callbackContext.invocationContext.agent)
        ? modelName(callbackContext.invocationContext.agent.model)
        : undefined;
      const ctx = this.compactionContext(callbackContext, entry, model);
      const outcome = await this.guard.afterModel(ctx, llmResponse);
      if (outcome?.endInvocation === true) callbackContext.invocationContext.endInvocation = true;
    } catch (error) {
      this.onError(error, agentName);
    }
    return undefined;
  }

  /** X3: the strategy's `onModelError`; its records are appended (adk-js has no retry to ask for). */
  override async onModelErrorCallback(params: {
    callbackContext: Context;
    llmRequest: AdkLlmRequest;
    error: Error;
  }): Promise<AdkLlmResponse | undefined> {
    const { callbackContext, llmRequest, error } = params;
    const agentName = callbackContext.agentName;
    const entry = this.agents.get(agentName);
    if (entry === undefined || !this.guard.hasHook(agentName, 'onModelError')) return undefined;
    try {
      const ctx = this.compactionContext(callbackContext, entry, llmRequest.model);
      const outcome = await this.guard.onModelError(ctx, error, llmRequest);
      await appendRecords(callbackContext.invocationContext, agentName, outcome?.append ?? [], createEventActions());
    } catch (failure) {
      this.onError(failure, agentName);
    }
    return undefined;
  }

  /** X2: the strategy's `afterInvocation` for the root agent; its records and state are appended. */
  override async afterRunCallback(params: { invocationContext: InvocationContext }): Promise<void> {
    const { invocationContext } = params;
    const agentName = invocationContext.agent?.name ?? '';
    const entry = this.agents.get(agentName);
    if (entry === undefined || !this.guard.hasHook(agentName, 'afterInvocation')) return;
    try {
      const actions = createEventActions();
      const callbackContext = new Context({ invocationContext, eventActions: actions });
      const model = isLlmAgent(invocationContext.agent) ? modelName(invocationContext.agent.model) : undefined;
      const outcome = await this.guard.afterInvocation(this.compactionContext(callbackContext, entry, model));
      await appendRecords(invocationContext, agentName, outcome?.append ?? [], actions);
    } catch (error) {
      this.onError(error, agentName);
    }
  }

  /**
   * The invocation's user content as strategies see it (ContextGuard quotes its text in the
   * continuation). Subclasses may hide it: the differential verifier does, to replay the Go
   * simulator, whose callback context has no user content.
   */
  protected userContentFor(callbackContext: Context): Content | undefined {
    return callbackContext.userContent;
  }

  private compactionContext(callbackContext: Context, entry: AgentEntry, model: string | undefined): CompactionContext {
    const context = compactionContextFor(
      callbackContext,
      this.summarizerFor(entry, callbackContext),
      this.windowFor(entry, model),
      this.userContentFor(callbackContext),
    );
    return this.countTokens === undefined ? context : { ...context, countTokens: this.countTokens };
  }

  private windowFor(entry: AgentEntry, model: string | undefined): number {
    return entry.contextWindow ?? this.contextWindow ?? this.registry.contextWindow(model ?? '');
  }

  /** The configured summarizer, else the agent's own model (resolved per call: agents may change model). */
  private summarizerFor(entry: AgentEntry, callbackContext: Context): SummarizerModel {
    if (entry.summarizer !== undefined) return entry.summarizer;
    const agent = callbackContext.invocationContext.agent;
    if (!isLlmAgent(agent)) {
      throw new Error(
        `ContextGuardPlugin: agent ${callbackContext.agentName} has no model to summarize with; pass add(name, { summarizer })`,
      );
    }
    // An agent without a model inherits its ancestor's: key by the agent then.
    const key = agent.model ?? agent;
    let summarizer = this.agentModelSummarizers.get(key);
    if (summarizer === undefined) {
      summarizer = baseLlmSummarizer(agent.canonicalModel);
      this.agentModelSummarizers.set(key, summarizer);
    }
    return summarizer;
  }
}

/** One event per record (`actions.compaction`), the hook's state delta on the first; a state-only event without records. */
async function appendRecords(
  invocationContext: InvocationContext,
  author: string,
  records: readonly CompactionRecord[],
  actions: ReturnType<typeof createEventActions>,
): Promise<void> {
  const sessionService = invocationContext.sessionService;
  if (sessionService === undefined) return;
  const hasDelta = Object.keys(actions.stateDelta).length > 0;
  const events: AdkEvent[] =
    records.length === 0
      ? hasDelta
        ? [createEvent({ invocationId: invocationContext.invocationId, author, actions })]
        : []
      : records.map((record, i) =>
          createEvent({
            invocationId: invocationContext.invocationId,
            author,
            actions: { ...(i === 0 ? actions : createEventActions()), compaction: record } as ReturnType<
              typeof createEventActions
            >,
            ...(record.usageMetadata ? { usageMetadata: record.usageMetadata } : {}),
          }),
        );
  for (const event of events) await sessionService.appendEvent({ session: invocationContext.session, event });
}

function modelName(model: unknown): string | undefined {
  if (typeof model === 'string') return model;
  return isBaseLlm(model) ? model.model : undefined;
}

function positiveOrUndefined(value: number | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`ContextGuardPlugin: ${field} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/**
 * The compaction host: a world plugin wrapping the engine's `ContextGuard` around the strategy
 * under test (ContextGuard ships as an ADK plugin named "context_guard" with before/after-model
 * callbacks that always return nothing, so the chain continues and the model is called).
 *
 * The strategy's `CompactionContext`: the agent name, the callback context's state (dual-write:
 * writes land on this step's model-response event), the invocation's user content (the same
 * object the session's user event holds, as in adk-js, so writing into it is writing into the
 * session; undefined when the scenario hides it, like the Go simulator), the world's summarizer,
 * the phase's window, and for the docs/peer-strategies.md §B hooks the session's events, the invocation id, the
 * request overhead (X8) and the provider's token count (X11).
 *
 * The optional hooks run where ADK would run them, and only for a strategy that has them:
 * - `afterModel` (X1) in `afterModelCallback`, with the provider's usage breakdown (X7); asking
 *   to end the invocation sets adk's `invocationContext.endInvocation`;
 * - `compactSession` (X4) in a `ContextCompactorRequestProcessor` before the contents processor
 *   (`compactorProcessor()`, which the agent is built with);
 * - `afterInvocation` (X2) in `afterRunCallback`; a follow-up (X9) is kept for the session driver;
 * - `onModelError` (X3) in `onModelErrorCallback`; a retry sets the world's `retryStep`.
 * Records the hooks return are appended as events (`actions.compaction`); state the event-level
 * hooks write rides on the first of them (or on a state-only event when they append none). A
 * plugin appends through the session service, as adk-js's `invocationContext.sessionService` allows.
 *
 * Anything the strategy throws ends the session (reported through `onStrategyFailure`), instead of
 * becoming an ADK error event.
 */
import type { Content } from '@google/genai';
import { ContextGuard } from '../../engine/context-guard.ts';
import type { CompactionRecord, ModelUsage, RequestOverhead, SessionEvent } from '../../engine/hook-types.ts';
import type {
  CompactionContext,
  CompactionStrategy,
  LlmRequest,
  LlmResponse,
  SummarizerModel,
} from '../../engine/types.ts';
import { Context } from '../agents/context.ts';
import type { State } from '../sessions/state.ts';
import type { InvocationContext } from '../agents/invocation-context.ts';
import { ContextCompactorRequestProcessor } from '../agents/processors/context-compactor-request-processor.ts';
import { createEventActions, type EventActions } from '../events/event-actions.ts';
import { createEvent, type Event } from '../events/event.ts';
import { BasePlugin } from './base-plugin.ts';

export interface CompactionPluginOptions {
  readonly agentName: string;
  readonly strategy: CompactionStrategy;
  readonly summarizer: SummarizerModel;
  readonly contextWindow: () => number;
  readonly exposeUserContent: boolean;
  readonly onStrategyFailure: (error: unknown) => void;
  /** X7: the provider's usage breakdown of a response the model produced (else read from `usageMetadata`). */
  readonly usageFor?: (response: LlmResponse) => ModelUsage | undefined;
  /** X8: the current phase's request overhead. */
  readonly requestOverhead?: () => RequestOverhead;
  /** X11: the current phase's provider count of a request. */
  readonly countTokens?: (request: LlmRequest) => number;
  /** The count the strategy compared with its trigger on this step (`CompactionOutcome.triggerCount`), when it reported one. */
  readonly onTriggerCount?: (count: number) => void;
  /** A warning the strategy reported through `ctx.warn` (ContextGuard's `onWarning`; upstream logs it). */
  readonly onWarning?: (message: string, fields?: Record<string, unknown>) => void;
}

export class CompactionPlugin extends BasePlugin {
  readonly #guard: ContextGuard;
  readonly #options: CompactionPluginOptions;
  #followUp: Content | undefined;

  constructor(options: CompactionPluginOptions) {
    super('context_guard');
    this.#options = options;
    this.#guard = new ContextGuard({
      onStrategyError: (error) => options.onStrategyFailure(error),
      ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    });
    this.#guard.add(options.agentName, options.strategy);
  }

  /** X4: the processor the agent runs before its contents processor; undefined without `compactSession`. */
  compactorProcessor(): ContextCompactorRequestProcessor | undefined {
    if (!this.#guard.hasHook(this.#options.agentName, 'compactSession')) return undefined;
    return new ContextCompactorRequestProcessor(async (invocationContext) => {
      const actions = createEventActions();
      const ctx = this.#compactionContext(new Context({ invocationContext, eventActions: actions }));
      const outcome = await this.#guarded(() => this.#guard.compactSession(ctx));
      // X9: a request processor ending the invocation: adk's step returns before the model call.
      if (outcome?.endInvocation === true) invocationContext.endInvocation = true;
      return recordEvents(invocationContext, outcome?.append ?? [], actions);
    });
  }

  /** X9: the follow-up message the strategy asked for after the last invocation (taken once). */
  takeFollowUp(): Content | undefined {
    const followUp = this.#followUp;
    this.#followUp = undefined;
    return followUp;
  }

  // (The two per-step callbacks guard inline rather than through #guarded: no closure per step.)
  override async beforeModelCallback({
    callbackContext,
    llmRequest,
  }: {
    callbackContext: Context;
    llmRequest: LlmRequest;
  }): Promise<undefined> {
    try {
      const count: unknown = (await this.#guard.beforeModel(this.#compactionContext(callbackContext), llmRequest))
        ?.triggerCount;
      if (typeof count === 'number' && Number.isFinite(count)) this.#options.onTriggerCount?.(count);
    } catch (error) {
      this.#options.onStrategyFailure(error);
    }
    return undefined;
  }

  override async afterModelCallback({
    callbackContext,
    llmResponse,
  }: {
    callbackContext: Context;
    llmResponse: LlmResponse;
  }): Promise<undefined> {
    const usage = llmResponse.partial ? undefined : this.#options.usageFor?.(llmResponse);
    let outcome: Awaited<ReturnType<ContextGuard['afterModel']>> | undefined;
    try {
      outcome = await this.#guard.afterModel(this.#compactionContext(callbackContext), llmResponse, usage);
    } catch (error) {
      this.#options.onStrategyFailure(error);
    }
    if (outcome?.endInvocation === true) callbackContext.invocationContext.endInvocation = true;
    return undefined;
  }

  override async onModelErrorCallback({
    callbackContext,
    llmRequest,
    error,
  }: {
    callbackContext: Context;
    llmRequest: LlmRequest;
    error: Error;
  }): Promise<undefined> {
    if (!this.#guard.hasHook(this.#options.agentName, 'onModelError')) return undefined;
    const invocationContext = callbackContext.invocationContext;
    // adk-js builds the error event without the step's actions: state written here lives in the
    // invocation's working state only (records are appended as their own events).
    const outcome = await this.#guarded(() =>
      this.#guard.onModelError(this.#compactionContext(callbackContext), error, llmRequest),
    );
    for (const event of recordEvents(invocationContext, outcome?.append ?? [], createEventActions()))
      invocationContext.appendEvent(event);
    if (outcome?.retry === true && !invocationContext.abortSignal.aborted) invocationContext.retryStep = true;
    return undefined;
  }

  override async afterRunCallback({ invocationContext }: { invocationContext: InvocationContext }): Promise<void> {
    if (!this.#guard.hasHook(this.#options.agentName, 'afterInvocation')) return;
    const actions = createEventActions();
    const ctx = this.#compactionContext(new Context({ invocationContext, eventActions: actions }));
    const outcome = await this.#guarded(() => this.#guard.afterInvocation(ctx));
    if (invocationContext.abortSignal.aborted) return;
    for (const event of recordEvents(invocationContext, outcome?.append ?? [], actions))
      invocationContext.appendEvent(event);
    if (outcome?.followUp) this.#followUp = outcome.followUp;
  }

  async #guarded<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      this.#options.onStrategyFailure(error);
      return undefined;
    }
  }

  #compactionContext(callbackContext: Context): CompactionContext {
    return new StrategyContext(callbackContext, this.#options);
  }
}

/**
 * The strategy's context for one callback. A class rather than a literal of closures: one is built
 * for every callback of every step.
 */
class StrategyContext implements CompactionContext {
  readonly agentName: string;
  readonly state: StateView;
  readonly userContent: Content | undefined;
  readonly summarizer: SummarizerModel;
  readonly contextWindow: number;
  readonly invocationId: string;
  declare readonly requestOverhead?: RequestOverhead;
  declare readonly countTokens?: (request: LlmRequest) => number;
  readonly #invocationContext: InvocationContext;

  constructor(callbackContext: Context, options: CompactionPluginOptions) {
    const invocationContext = callbackContext.invocationContext;
    this.#invocationContext = invocationContext;
    this.agentName = callbackContext.agentName;
    this.state = new StateView(callbackContext.state);
    this.userContent = options.exposeUserContent ? callbackContext.userContent : undefined;
    this.summarizer = options.summarizer;
    this.contextWindow = options.contextWindow();
    this.invocationId = invocationContext.invocationId;
    const self = this as { requestOverhead?: RequestOverhead; countTokens?: (request: LlmRequest) => number };
    if (options.requestOverhead) self.requestOverhead = options.requestOverhead();
    if (options.countTokens) self.countTokens = options.countTokens;
  }

  /** Read-only: the list is the session's own (shared with storage), so a strategy gets a frozen copy. */
  get events(): readonly SessionEvent[] {
    return this.#invocationContext.readOnlyEvents();
  }
}

/** `ctx.state`: ADK's dual-write state, with only `get` and `set` (the strategy's contract). */
class StateView {
  readonly #state: State;

  constructor(state: State) {
    this.#state = state;
  }

  get(key: string): unknown {
    return this.#state.get(key);
  }

  set(key: string, value: unknown): void {
    this.#state.set(key, value);
  }
}

/**
 * One event per record (author: the agent, `actions.compaction`), the hook's state delta on the
 * first; a state-only event when there is a delta but no record.
 */
function recordEvents(
  invocationContext: InvocationContext,
  records: readonly CompactionRecord[],
  actions: EventActions,
): Event[] {
  const base = {
    invocationId: invocationContext.invocationId,
    author: invocationContext.agent.name,
    branch: invocationContext.branch,
  };
  if (records.length === 0) {
    return Object.keys(actions.stateDelta).length > 0 ? [createEvent(invocationContext.env, { ...base, actions })] : [];
  }
  return records.map((record, i) =>
    createEvent(invocationContext.env, {
      ...base,
      actions: i === 0 ? { ...actions, compaction: record } : { compaction: record },
      ...(record.usageMetadata ? { usageMetadata: record.usageMetadata } : {}),
    }),
  );
}

/**
 * adk-js 2.0.0 `Runner.runAsync` for one user turn: take a working copy of the session, create the
 * invocation, run plugin `onUserMessageCallback`, append the user event, run `beforeRunCallback`
 * (a returned content ends the turn as an event authored "model"), run the agent, and for every
 * event run `onEventCallback` (a returned event keeps the original id, invocation id and time),
 * append it unless partial, then yield it. Finally `afterRunCallback`.
 */
import type { Content } from '@google/genai';
import { InvocationContext } from '../agents/invocation-context.ts';
import type { LlmAgent } from '../agents/llm-agent.ts';
import type { StepObserver } from '../agents/step-observer.ts';
import { createEvent, type Event } from '../events/event.ts';
import type { PluginManager } from '../plugins/plugin-manager.ts';
import type { InMemorySessionService } from '../sessions/in-memory-session-service.ts';
import type { WorldEnvironment } from '../sim/world-environment.ts';
import type { Flavour } from '../world-scenario.ts';
import type { RequestContentsBuilder } from '../request-contents/request-contents-builder.ts';

export interface RunnerOptions {
  readonly env: WorldEnvironment;
  readonly agent: LlmAgent;
  readonly sessionService: InMemorySessionService;
  readonly pluginManager: PluginManager;
  readonly flavour: Flavour;
  /** How each step's contents are built (the session's choice: reference or fast). */
  readonly requestContents: RequestContentsBuilder;
  readonly observer: StepObserver;
  readonly abortSignal: AbortSignal;
}

export class Runner {
  constructor(readonly options: RunnerOptions) {}

  async *runAsync(params: {
    newMessage: Content;
    maxLlmCalls: number;
    streaming: boolean;
  }): AsyncGenerator<Event, void, undefined> {
    const { env, agent, sessionService, pluginManager, flavour, requestContents, observer, abortSignal } = this.options;
    const session = sessionService.getSession();
    let newMessage = params.newMessage;
    const invocationContext = new InvocationContext({
      env,
      invocationId: env.ids.newInvocationId(),
      agent,
      session,
      userContent: newMessage,
      pluginManager,
      flavour,
      requestContents,
      maxLlmCalls: params.maxLlmCalls,
      streaming: params.streaming,
      abortSignal,
      observer,
      appendEvent: (event) => this.#append(session, event),
      readOnlyEvents: () => sessionService.readOnlyEvents(),
    });
    const replaced = await pluginManager.run('onUserMessageCallback', { userMessage: newMessage, invocationContext });
    if (replaced) newMessage = replaced;
    if (!newMessage.parts?.length) throw new Error('No parts in the newMessage.');
    // adk-js key order: invocationId, author, actions, content, customMetadata.
    const userEvent = createEvent(env, {
      invocationId: invocationContext.invocationId,
      author: 'user',
      actions: undefined,
      content: newMessage,
      customMetadata: undefined,
    });
    this.#append(session, userEvent);
    const early = await pluginManager.run('beforeRunCallback', { invocationContext });
    if (early) {
      const earlyExit = createEvent(env, {
        invocationId: invocationContext.invocationId,
        author: 'model',
        content: early,
      });
      this.#append(session, earlyExit);
      yield earlyExit;
      return;
    }
    for await (const event of agent.runAsync(invocationContext)) {
      if (abortSignal.aborted) return;
      const modified = await pluginManager.run('onEventCallback', { invocationContext, event });
      const output = modified
        ? {
            ...modified,
            id: event.id,
            invocationId: event.invocationId,
            timestamp: event.timestamp,
            author: modified.author || event.author,
            branch: modified.branch ?? event.branch,
          }
        : event;
      if (!event.partial) this.#append(session, output);
      if (abortSignal.aborted) return;
      yield output;
    }
    await pluginManager.run('afterRunCallback', { invocationContext });
  }

  #append(session: Parameters<InMemorySessionService['appendEvent']>[0], event: Event): void {
    this.options.sessionService.appendEvent(session, event);
    this.options.observer.onEventAppended(event);
  }
}

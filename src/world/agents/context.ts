/**
 * adk-js 2.0.0 `Context` (callback and tool context): state through a `State` over the working
 * session state and this context's event actions, so writes land in the owning event's delta.
 */
import type { Content } from '@google/genai';
import { createEventActions, type EventActions } from '../events/event-actions.ts';
import { State } from '../sessions/state.ts';
import type { InvocationContext } from './invocation-context.ts';

export class Context {
  readonly invocationContext: InvocationContext;
  readonly eventActions: EventActions;
  readonly functionCallId: string | undefined;
  readonly #state: State;

  constructor(options: {
    invocationContext: InvocationContext;
    eventActions?: EventActions;
    functionCallId?: string | undefined;
  }) {
    this.invocationContext = options.invocationContext;
    this.eventActions = options.eventActions ?? createEventActions();
    this.functionCallId = options.functionCallId;
    this.#state = new State(options.invocationContext.session.state, this.eventActions.stateDelta);
  }

  get state(): State {
    return this.#state;
  }

  get actions(): EventActions {
    return this.eventActions;
  }

  get agentName(): string {
    return this.invocationContext.agent.name;
  }

  get invocationId(): string {
    return this.invocationContext.invocationId;
  }

  get userContent(): Content | undefined {
    return this.invocationContext.userContent;
  }
}

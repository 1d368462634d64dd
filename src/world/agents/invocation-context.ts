/**
 * adk-js 2.0.0 `InvocationContext`: one user turn's run of the agent over the working session.
 * The world adds its seeded environment (ids, clock), the ADK flavour, and the step observer
 * that measures each `runOneStep`.
 */
import type { Content } from '@google/genai';
import type { Event } from '../events/event.ts';
import type { WorldEnvironment } from '../sim/world-environment.ts';
import type { Session } from '../sessions/session.ts';
import type { PluginManager } from '../plugins/plugin-manager.ts';
import type { Flavour } from '../world-scenario.ts';
import type { RequestContentsBuilder } from '../request-contents/request-contents-builder.ts';
import type { LlmAgent } from './llm-agent.ts';
import type { StepObserver } from './step-observer.ts';

export interface InvocationContextParams {
  readonly env: WorldEnvironment;
  readonly invocationId: string;
  readonly agent: LlmAgent;
  readonly session: Session;
  readonly userContent: Content | undefined;
  readonly pluginManager: PluginManager;
  readonly flavour: Flavour;
  /** World addition: how the content request processor builds `contents` (the session's choice). */
  readonly requestContents: RequestContentsBuilder;
  readonly maxLlmCalls: number;
  readonly streaming: boolean;
  readonly abortSignal: AbortSignal;
  readonly observer: StepObserver;
  /**
   * Appends an event to the session outside the step loop (adk-js
   * `invocationContext.sessionService.appendEvent({ session, event })`): what a plugin uses to
   * persist compaction records after the invocation or on a model error.
   */
  readonly appendEvent: (event: Event) => void;
  /** The session's events as a strategy may see them: read-only (InMemorySessionService.readOnlyEvents). */
  readonly readOnlyEvents: () => readonly Event[];
}

/** The params are the context's own fields (declaration merging: each is listed once, above). */
export interface InvocationContext extends Readonly<InvocationContextParams> {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class takes its fields from the params it is built from (Object.assign in the constructor), as adk-js's InvocationContext does
export class InvocationContext {
  /** The world's agent runs on the root branch. */
  readonly branch: string | undefined = undefined;
  endInvocation = false;
  /**
   * World addition (docs/peer-strategies.md X3): set by the compaction plugin when the strategy asks to retry a
   * refused model call. adk-js 2.0.0 has `onModelErrorCallback` but no retry, so the step loop
   * runs the step again itself (contents rebuilt, before-model callbacks run again), bounded by
   * `maxLlmCalls` like every step.
   */
  retryStep = false;
  #llmCallCount = 0;

  constructor(params: InvocationContextParams) {
    Object.assign(this, params);
  }

  /** adk-js `incrementLlmCallCount`: throws past `maxLlmCalls` (the step turns it into an error event). */
  incrementLlmCallCount(): void {
    this.#llmCallCount += 1;
    if (this.maxLlmCalls > 0 && this.#llmCallCount > this.maxLlmCalls) {
      throw new Error(`Max number of llm calls limit of ${this.maxLlmCalls} exceeded`);
    }
  }

  get llmCallCount(): number {
    return this.#llmCallCount;
  }
}

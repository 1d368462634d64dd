/** adk-js `BaseLlmRequestProcessor`: a stateless step that fills the request and may yield events. */
import type { Event } from '../../events/event.ts';
import type { LlmRequest } from '../../../engine/types.ts';
import type { InvocationContext } from '../invocation-context.ts';

export interface BaseLlmRequestProcessor {
  runAsync(invocationContext: InvocationContext, llmRequest: LlmRequest): AsyncGenerator<Event, void, undefined>;
  /**
   * Optional, for a processor that never yields an event: its whole work, done at once. The agent
   * calls it instead of iterating `runAsync` (which then only wraps it, adk-js's shape): the same
   * request, without an async generator and its promises per processor per step, about 2 % of a
   * step.
   */
  run?(invocationContext: InvocationContext, llmRequest: LlmRequest): void;
}

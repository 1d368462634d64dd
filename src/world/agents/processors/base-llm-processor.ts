/** adk-js `BaseLlmRequestProcessor`: a stateless step that fills the request and may yield events. */
import type { Event } from '../../events/event.ts';
import type { LlmRequest } from '../../../engine/types.ts';
import type { InvocationContext } from '../invocation-context.ts';

export interface BaseLlmRequestProcessor {
  runAsync(invocationContext: InvocationContext, llmRequest: LlmRequest): AsyncGenerator<Event, void, undefined>;
}

/** BASIC_LLM_REQUEST_PROCESSOR (adk-js 2.0.0): the model name and a fresh generation config. */
import type { Event } from '../../events/event.ts';
import type { LlmRequest } from '../../../engine/types.ts';
import type { InvocationContext } from '../invocation-context.ts';
import type { BaseLlmRequestProcessor } from './base-llm-processor.ts';

class BasicLlmRequestProcessor implements BaseLlmRequestProcessor {
  // biome-ignore lint/correctness/useYield: as in adk-js, this processor edits the request and yields no event
  async *runAsync(
    invocationContext: InvocationContext,
    llmRequest: LlmRequest,
  ): AsyncGenerator<Event, void, undefined> {
    llmRequest.model = invocationContext.agent.model.model;
    llmRequest.config = {};
  }
}

export const BASIC_LLM_REQUEST_PROCESSOR = new BasicLlmRequestProcessor();

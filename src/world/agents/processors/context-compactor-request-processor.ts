/**
 * adk-js 2.0.0 `ContextCompactorRequestProcessor` (agents/processors/context_compactor_request_processor.js):
 * runs right before the contents processor on every step and yields the events compaction
 * pushed, which the runner persists before the contents are built. Here the compaction is the
 * strategy's `compactSession` hook (docs/peer-strategies.md X4), run by the compaction plugin; the agent gets this
 * processor only when the strategy has that hook.
 */
import type { LlmRequest } from '../../../engine/types.ts';
import type { Event } from '../../events/event.ts';
import type { InvocationContext } from '../invocation-context.ts';
import type { BaseLlmRequestProcessor } from './base-llm-processor.ts';

export class ContextCompactorRequestProcessor implements BaseLlmRequestProcessor {
  constructor(readonly compact: (invocationContext: InvocationContext) => Promise<readonly Event[]>) {}

  async *runAsync(
    invocationContext: InvocationContext,
    _llmRequest: LlmRequest,
  ): AsyncGenerator<Event, void, undefined> {
    for (const event of await this.compact(invocationContext)) {
      if (invocationContext.abortSignal.aborted) return;
      yield event;
    }
  }
}

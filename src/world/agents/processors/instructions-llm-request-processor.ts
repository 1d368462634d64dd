/**
 * INSTRUCTIONS_LLM_REQUEST_PROCESSOR (adk-js 2.0.0): the agent's instruction becomes
 * `config.systemInstruction` (a string; `appendInstructions` joins several with a blank line).
 * The instruction is used verbatim, as an adk-js instruction *provider* function is (a string
 * instruction would also get `{key}` state templating, which generated texts must not trigger).
 *
 * IDENTITY_LLM_REQUEST_PROCESSOR adds nothing here: the world's agent has no sub-agents and
 * disallows transfer to parent and peers, the one case where adk-js skips the identity text.
 */
import type { Event } from '../../events/event.ts';
import type { LlmRequest } from '../../../engine/types.ts';
import type { InvocationContext } from '../invocation-context.ts';
import type { BaseLlmRequestProcessor } from './base-llm-processor.ts';

class InstructionsLlmRequestProcessor implements BaseLlmRequestProcessor {
  // biome-ignore lint/correctness/useYield: as in adk-js, this processor edits the request and yields no event
  async *runAsync(
    invocationContext: InvocationContext,
    llmRequest: LlmRequest,
  ): AsyncGenerator<Event, void, undefined> {
    const instruction = invocationContext.agent.instruction;
    if (instruction) appendInstructions(llmRequest, [instruction]);
  }
}

export const INSTRUCTIONS_LLM_REQUEST_PROCESSOR = new InstructionsLlmRequestProcessor();

/** adk-js `appendInstructions`. */
export function appendInstructions(llmRequest: LlmRequest, instructions: readonly string[]): void {
  llmRequest.config ??= {};
  const joined = instructions.join('\n\n');
  const existing = llmRequest.config.systemInstruction;
  llmRequest.config.systemInstruction =
    typeof existing === 'string' && existing !== '' ? `${existing}\n\n${joined}` : joined;
}

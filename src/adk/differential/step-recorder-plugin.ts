/** The differential run's first plugin: where each LLM step starts, and adk-js compactions. */
import { BasePlugin } from '@google/adk';
import type { Context, LlmRequest as AdkLlmRequest, LlmResponse as AdkLlmResponse } from '@google/adk';

/**
 * The first plugin: marks the start of every LLM step (its before-model callback runs before any
 * other plugin or callback touches the request) and counts adk-js compactions. Returns nothing,
 * so the chain always continues.
 */
export class StepRecorderPlugin extends BasePlugin {
  constructor(private readonly hooks: { onStepStart(request: AdkLlmRequest): void; onCompacted(): void }) {
    super('differential_step_recorder');
  }

  override async beforeModelCallback(params: {
    callbackContext: Context;
    llmRequest: AdkLlmRequest;
  }): Promise<AdkLlmResponse | undefined> {
    this.hooks.onStepStart(params.llmRequest);
    return undefined;
  }

  override async afterContextCompaction(): Promise<void> {
    this.hooks.onCompacted();
  }
}

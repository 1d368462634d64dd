/**
 * adk-js 2.0.0 `BaseLlm`: a model yields one or more responses per call (streaming partials with
 * `partial: true`, then the final response).
 */
import type { LlmRequest, LlmResponse } from '../../engine/types.ts';

export abstract class BaseLlm {
  constructor(readonly model: string) {}

  abstract generateContentAsync(llmRequest: LlmRequest, stream: boolean): AsyncGenerator<LlmResponse, void, undefined>;
}

/** An adk-js `LlmRequest` seen as the engine's `LlmRequest`, without copying it. */
import type { LlmRequest as AdkLlmRequest } from '@google/adk';
import type { LlmRequest } from '../../engine/types.ts';

/**
 * The engine-shaped view of an adk-js request, live (getters): strategies replace
 * `request.contents`, and the view must see the replacement.
 */
export function requestView(request: AdkLlmRequest): LlmRequest {
  return {
    get model() {
      return request.model;
    },
    set model(value) {
      request.model = value;
    },
    get contents() {
      return request.contents;
    },
    set contents(value) {
      request.contents = value;
    },
    get config() {
      return request.config;
    },
    set config(value) {
      request.config = value;
    },
  };
}

/**
 * The window of a well-known model ID, from the engine's model registry. Unknown IDs give null:
 * the registry's 128k fallback is never used as a scenario's window, because a test model name
 * ("small-model") must state its window rather than silently get one.
 */
import { KNOWN_MODEL_WINDOWS } from '../../engine/models/known-model-windows.ts';
import { createModelRegistry } from '../../engine/models/model-registry.ts';

const registry = createModelRegistry();

export function knownContextWindow(model: string): number | null {
  // The registry accepts genai resource names ("models/<id>") too.
  const id = model.replace(/^models\//, '');
  return Object.hasOwn(KNOWN_MODEL_WINDOWS, id) ? registry.contextWindow(model) : null;
}

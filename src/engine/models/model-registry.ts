/**
 * Model ID → context window (upstream `ModelRegistry.ContextWindow`; `DefaultMaxTokens` is never
 * used by the engine, so it is not part of this interface). Unknown models get 128,000, the
 * default upstream documents and its CrushRegistry falls back to.
 */
import { KNOWN_MODEL_WINDOWS } from './known-model-windows.ts';

export interface ModelRegistry {
  contextWindow(modelId: string): number;
}

/** Window assumed for a model nobody told us about (upstream `crushDefaultCtxWindow`). */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

export interface ModelRegistryOptions {
  /** Windows that replace or extend {@link KNOWN_MODEL_WINDOWS}. */
  readonly overrides?: Readonly<Record<string, number>>;
  /** Window for unknown models (default {@link DEFAULT_CONTEXT_WINDOW}). */
  readonly defaultContextWindow?: number;
}

/** Bad registry configuration. */
export class ModelRegistryOptionsError extends Error {
  readonly code = 'ENGINE_MODEL_REGISTRY_OPTIONS_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'ModelRegistryOptionsError';
  }
}

export function createModelRegistry(options: ModelRegistryOptions = {}): ModelRegistry {
  const fallback = options.defaultContextWindow ?? DEFAULT_CONTEXT_WINDOW;
  checkWindow('defaultContextWindow', fallback);
  const windows = new Map<string, number>(Object.entries(KNOWN_MODEL_WINDOWS));
  for (const [id, window] of Object.entries(options.overrides ?? {})) {
    checkWindow(`overrides["${id}"]`, window);
    windows.set(id, window);
  }
  return {
    contextWindow(modelId: string): number {
      // genai model resource names may carry a "models/" prefix.
      return windows.get(modelId) ?? windows.get(modelId.replace(/^models\//, '')) ?? fallback;
    },
  };
}

function checkWindow(name: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new ModelRegistryOptionsError(
      `model registry: ${name} must be a positive integer (tokens), got ${String(value)}`,
    );
  }
}

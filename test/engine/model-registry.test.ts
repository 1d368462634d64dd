import { describe, expect, it } from 'vitest';
import {
  createModelRegistry,
  DEFAULT_CONTEXT_WINDOW,
  KNOWN_MODEL_WINDOWS,
  ModelRegistryOptionsError,
} from '../../src/engine/index.ts';

describe('model registry', () => {
  const registry = createModelRegistry();

  it("uses each provider's own window (not upstream's merged duplicates)", () => {
    expect(registry.contextWindow('gemini-2.5-pro')).toBe(1_048_576);
    expect(registry.contextWindow('gemini-2.5-flash')).toBe(1_048_576);
    expect(registry.contextWindow('claude-sonnet-4-5')).toBe(200_000);
    expect(registry.contextWindow('claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(registry.contextWindow('claude-sonnet-4-6')).toBe(200_000);
    expect(registry.contextWindow('gpt-4o')).toBe(128_000);
    expect(registry.contextWindow('gpt-4.1')).toBe(1_047_576);
    expect(registry.contextWindow('gpt-5')).toBe(400_000);
    expect(registry.contextWindow('o3')).toBe(200_000);
  });

  it('accepts a "models/" resource prefix', () => {
    expect(registry.contextWindow('models/gemini-2.5-pro')).toBe(1_048_576);
  });

  it('gives unknown models the documented 128,000 default', () => {
    expect(DEFAULT_CONTEXT_WINDOW).toBe(128_000);
    expect(registry.contextWindow('custom-model')).toBe(128_000);
  });

  it('applies overrides and a custom default', () => {
    const custom = createModelRegistry({
      overrides: { 'small-model': 8_000, 'gpt-4o': 64_000 },
      defaultContextWindow: 32_000,
    });
    expect(custom.contextWindow('small-model')).toBe(8_000);
    expect(custom.contextWindow('gpt-4o')).toBe(64_000);
    expect(custom.contextWindow('nope')).toBe(32_000);
    expect(registry.contextWindow('gpt-4o')).toBe(128_000);
  });

  it('rejects windows that are not positive integers', () => {
    expect(() => createModelRegistry({ overrides: { m: 0 } })).toThrow(ModelRegistryOptionsError);
    expect(() => createModelRegistry({ defaultContextWindow: 1.5 })).toThrow(
      /defaultContextWindow must be a positive integer/,
    );
  });

  it('lists only positive integer windows', () => {
    for (const window of Object.values(KNOWN_MODEL_WINDOWS)) expect(Number.isInteger(window) && window > 0).toBe(true);
    expect(Object.isFrozen(KNOWN_MODEL_WINDOWS)).toBe(true);
  });
});

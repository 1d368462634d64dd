import { describe, expect, it } from 'vitest';
import {
  BUILTIN_STRATEGIES,
  slidingWindowStrategy,
  StrategyOptionsError,
  thresholdStrategy,
} from '../../src/engine/index.ts';

describe('strategy options', () => {
  it('BUILTIN_STRATEGIES maps names to factories', () => {
    expect(Object.keys(BUILTIN_STRATEGIES).sort()).toEqual(['hardened', 'sliding_window', 'threshold']);
    expect(BUILTIN_STRATEGIES.hardened?.().name).toBe('hardened');
    expect(BUILTIN_STRATEGIES.threshold?.({ maxTokens: 1000 }).name).toBe('threshold');
    expect(BUILTIN_STRATEGIES.sliding_window?.().name).toBe('sliding_window');
  });

  it('accept no options, empty options, null, and explicit undefined values', () => {
    expect(() => thresholdStrategy()).not.toThrow();
    expect(() => thresholdStrategy({})).not.toThrow();
    expect(() => BUILTIN_STRATEGIES.threshold?.(null as never)).not.toThrow();
    expect(() => slidingWindowStrategy({ maxTurns: undefined })).not.toThrow();
  });

  it('reject unknown keys, naming the key and the accepted ones', () => {
    expect(() => thresholdStrategy({ maxTurns: 5 } as never)).toThrow(
      new StrategyOptionsError(
        'threshold: unknown option "maxTurns"; expected one of: maxTokens, maxCompactionAttempts',
      ),
    );
    expect(() => slidingWindowStrategy({ window: 5 } as never)).toThrow(
      /sliding_window: unknown option "window"; expected one of: maxTurns, maxCompactionAttempts/,
    );
  });

  it('reject wrong types and values with what was expected', () => {
    expect(() => thresholdStrategy({ maxTokens: '1000' as never })).toThrow(
      'threshold: option "maxTokens" (context window override in tokens, 0 = the model window) must be an integer >= 0, got "1000"',
    );
    expect(() => thresholdStrategy({ maxCompactionAttempts: -1 })).toThrow(/must be an integer >= 0, got -1/);
    expect(() => slidingWindowStrategy({ maxTurns: 2.5 })).toThrow(/"maxTurns".*got 2.5/);
    expect(() => BUILTIN_STRATEGIES.threshold?.([] as never)).toThrow(/options must be an object, got an array/);
  });

  it('errors carry a stable code', () => {
    try {
      thresholdStrategy({ bogus: 1 } as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(StrategyOptionsError);
      expect((error as StrategyOptionsError).code).toBe('ENGINE_STRATEGY_OPTIONS_INVALID');
    }
  });
});

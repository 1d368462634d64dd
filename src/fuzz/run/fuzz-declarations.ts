/**
 * What a strategy declares for the fuzzer only (its trigger in real tokens or in its own count,
 * its estimator, how it cuts its summarizer's input), read in one place so that moving these
 * fields into one optional object on `CompactionStrategy` changes this file alone.
 */
import type { CompactionStrategy, DeclaredEstimate, DeclaredSummarizerInput, DeclaredTrigger, OwnTrigger } from '../../engine/types.ts';

export interface FuzzDeclarations {
  readonly declaredTrigger?: DeclaredTrigger;
  readonly ownTrigger?: OwnTrigger;
  readonly declaredEstimate?: DeclaredEstimate;
  readonly declaredSummarizerInput?: DeclaredSummarizerInput;
}

/** The keys a strategy carries its fuzzer-only declarations under. */
export const DECLARATION_KEYS = ['declaredTrigger', 'ownTrigger', 'declaredEstimate', 'declaredSummarizerInput'] as const;

export function fuzzDeclarations(strategy: CompactionStrategy): FuzzDeclarations {
  const { declaredTrigger, ownTrigger, declaredEstimate, declaredSummarizerInput } = strategy;
  return {
    ...(declaredTrigger === undefined ? {} : { declaredTrigger }),
    ...(ownTrigger === undefined ? {} : { ownTrigger }),
    ...(declaredEstimate === undefined ? {} : { declaredEstimate }),
    ...(declaredSummarizerInput === undefined ? {} : { declaredSummarizerInput }),
  };
}

/**
 * `strategy` carrying `declarations` instead of its own (every other member, and `this` in its
 * methods, stay the strategy's): the properties that read declarations judge it by them.
 */
export function withDeclarations(strategy: CompactionStrategy, declarations: FuzzDeclarations): CompactionStrategy {
  const lent = (key: PropertyKey): key is keyof FuzzDeclarations => (DECLARATION_KEYS as readonly PropertyKey[]).includes(key);
  return new Proxy(strategy, {
    get: (target, key, receiver) => (lent(key) ? declarations[key] : Reflect.get(target, key, receiver)),
    has: (target, key) => (lent(key) ? declarations[key] !== undefined : Reflect.has(target, key)),
  });
}

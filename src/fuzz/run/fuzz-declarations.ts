/**
 * What a strategy declares for the fuzzer only (its trigger in real tokens or in its own count,
 * its estimator, how it cuts its summarizer's input), read in one place: the strategy's one
 * optional `declarations` object (src/engine/strategy-declarations.ts).
 */
import type { CompactionStrategy, StrategyDeclarations } from '../../engine/types.ts';

/** The declarations `--judged-as` lends: the trigger, the estimator and the summarizer cut (not the option space). */
export type FuzzDeclarations = Pick<StrategyDeclarations, 'trigger' | 'ownTrigger' | 'estimate' | 'summarizerInput'>;

export function fuzzDeclarations(strategy: CompactionStrategy): FuzzDeclarations {
  const { trigger, ownTrigger, estimate, summarizerInput } = strategy.declarations ?? {};
  return {
    ...(trigger === undefined ? {} : { trigger }),
    ...(ownTrigger === undefined ? {} : { ownTrigger }),
    ...(estimate === undefined ? {} : { estimate }),
    ...(summarizerInput === undefined ? {} : { summarizerInput }),
  };
}

/**
 * `strategy` carrying `declarations` in place of its own trigger, estimator and summarizer cut
 * (its option space, every other member and `this` in its methods stay the strategy's): the
 * properties that read declarations judge it by them.
 */
export function withDeclarations(strategy: CompactionStrategy, declarations: FuzzDeclarations): CompactionStrategy {
  const optionSpace = strategy.declarations?.optionSpace;
  const lent: StrategyDeclarations = { ...(optionSpace === undefined ? {} : { optionSpace }), ...declarations };
  return new Proxy(strategy, {
    get: (target, key, receiver) => (key === 'declarations' ? lent : Reflect.get(target, key, receiver)),
    has: (target, key) => (key === 'declarations' ? true : Reflect.has(target, key)),
  });
}

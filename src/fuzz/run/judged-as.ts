/**
 * `fuzz --judged-as <built-in>` (API `judgedAs`): a module strategy that is a fork of a built-in is
 * judged by the built-in's declarations (its trigger, its estimator, its summarizer cut), as
 * `simulate --judged-as` lends a fork the expectations written for the built-in. A fork that moved
 * its trigger or changed its count without saying so (it declares nothing, or declares what it
 * now does) then fails `declared-trigger` or `estimate-precision` on the promise the built-in
 * makes, with no reference run: the built-in's declarations are the specification the fork claims
 * to keep. Each run builds the built-in with the run's options (so its trigger is the one for
 * that run's `maxTurns`), and the fork keeps everything else of its own.
 */
import type { CompactionStrategy } from '../../engine/types.ts';
import {
  builtinStrategyNames,
  createStrategy,
  isModulePath,
  type StrategySpec,
} from '../../harness/strategy/load-strategy.ts';
import { StrategyLoadError } from '../../harness/strategy/strategy-load-error.ts';
import { fuzzDeclarations, withDeclarations } from './fuzz-declarations.ts';

/** `judgedAs` must name a built-in, lent to a module strategy: bad input otherwise (exit 2). */
export function assertFuzzJudgedAs(strategy: string, judgedAs: string | undefined): void {
  if (judgedAs === undefined) return;
  const builtins = builtinStrategyNames();
  if (!builtins.has(judgedAs)) {
    throw new StrategyLoadError(
      `judged as '${judgedAs}': not a built-in strategy (built-ins: ${[...builtins].sort().join(', ')})`,
    );
  }
  if (!isModulePath(strategy)) {
    throw new StrategyLoadError(
      `judged as '${judgedAs}': only a module strategy can be (--strategy ./my-fork.ts), not the built-in '${strategy}'`,
    );
  }
}

/** `fork` (built from `spec`) carrying the declarations of the built-in `spec.judgedAs`; `fork` itself without one. */
export async function judgedStrategy(fork: CompactionStrategy, spec: StrategySpec): Promise<CompactionStrategy> {
  if (spec.judgedAs === undefined) return fork;
  const builtin = await createStrategy({ name: spec.judgedAs, options: spec.options, baseDir: spec.baseDir });
  return withDeclarations(fork, fuzzDeclarations(builtin));
}

/**
 * Strategies with one deliberate bug each, to prove the fuzzer finds and shrinks what it claims
 * to: never compacting, dropping the latest user message, orphaning function calls, growing the
 * request, ending the turn before the model, forgetting the user's first message (the goal). Each module default-exports its factory, so `--strategy src/fuzz/planted-bugs/<file>`
 * loads it like any user strategy.
 */
import type { StrategyFactory } from '../../engine/types.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { dropFirstUser } from './drop-first-user.ts';
import { dropLatestUser } from './drop-latest-user.ts';
import { growRequest } from './grow-request.ts';
import { neverCompact } from './never-compact.ts';
import { orphanFunctionCall } from './orphan-function-call.ts';
import { stopInsteadOfCompact } from './stop-instead-of-compact.ts';

export interface PlantedBug {
  readonly file: string;
  readonly factory: StrategyFactory;
  /** The property the fuzzer must report for it. */
  readonly caughtBy: PropertyName;
}

export const PLANTED_BUGS: readonly PlantedBug[] = [
  { file: 'never-compact.ts', factory: neverCompact, caughtBy: 'no-overflow' },
  { file: 'drop-latest-user.ts', factory: dropLatestUser, caughtBy: 'user-request-preserved' },
  { file: 'orphan-function-call.ts', factory: orphanFunctionCall, caughtBy: 'no-orphans' },
  { file: 'grow-request.ts', factory: growRequest, caughtBy: 'no-loop' },
  { file: 'stop-instead-of-compact.ts', factory: stopInsteadOfCompact, caughtBy: 'model-answers' },
  { file: 'drop-first-user.ts', factory: dropFirstUser, caughtBy: 'goal-preserved' },
];

export { dropFirstUser, dropLatestUser, growRequest, neverCompact, orphanFunctionCall, stopInsteadOfCompact };

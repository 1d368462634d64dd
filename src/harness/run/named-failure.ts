/**
 * A session failure named for what happened. The world reports whatever a strategy call threw as
 * `strategy-threw`; two of those are the harness stopping the strategy, and are named so: a
 * stopped `process.exit` (sandbox.ts) is `strategy-exited`, a session over the worker's memory
 * limit (heap-guard.ts) is `strategy-out-of-memory`.
 */
import type { SessionResult } from '../../world/session-result.ts';
import { isOutOfMemorySignal } from './heap-guard.ts';
import { isExitSignal } from './sandbox.ts';

export function namedFailure<T extends SessionResult>(result: T): T {
  const failure = result.failure;
  if (failure === null) return result;
  const kind = isExitSignal(failure.message)
    ? 'strategy-exited'
    : isOutOfMemorySignal(failure.message)
      ? 'strategy-out-of-memory'
      : null;
  return kind === null ? result : { ...result, failure: { ...failure, kind } };
}

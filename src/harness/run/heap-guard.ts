/**
 * A task worker's memory limit, enforced where a run can fail cleanly. V8's own heap limit on a
 * worker thread (`resourceLimits`) does not hold alone: once it is reached, Node terminates the
 * worker with a small fixed allowance, and a session still allocating past it (a strategy whose
 * fallback summary copies the whole history each time, doubling every step) exhausts the heap
 * again while the worker is torn down, which aborts the whole process (exit 134: no report, no
 * counterexample). So the limit the user sets (`--max-memory`) is checked by the worker itself,
 * around every call into the strategy: above it, after a full collection (garbage is not the
 * strategy's), the call fails with `StrategyOutOfMemory`, the session ends, and the run is
 * reported as `strategy-out-of-memory` like any other failure (shrunk, in the fuzzer). V8's limit
 * is set well above (`hardHeapLimitMb`), as the backstop for an allocation no check could see
 * coming; a worker that still reaches it is reported the same way by the pool.
 *
 * Only task workers set a limit (`setHeapLimit`, from the pool's `workerData`); a strategy built
 * anywhere else is not wrapped.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import type { CompactionStrategy } from '../../engine/types.ts';

/** The calls into the strategy that are checked (every hook the world calls). */
const HOOKS = new Set<PropertyKey>(['compact', 'afterModel', 'compactSession', 'afterInvocation', 'onModelError']);

const MB = 1024 * 1024;
const MARK = 'exhausted its memory limit';

/**
 * V8's own limit for a worker whose checked limit is `limitMb`: twice it, and at least 256 MB
 * more, so a step that grows the heap several times over (a copy of a copy) is seen by the check
 * after it before V8 runs out.
 */
export function hardHeapLimitMb(limitMb: number): number {
  return limitMb + Math.max(limitMb, 256);
}

/** What a checked call throws once the session holds more than the limit. */
export class StrategyOutOfMemory extends Error {
  override readonly name = 'StrategyOutOfMemory';
  constructor(usedMb: number, limitMb: number) {
    super(
      `the session ${MARK}: ${usedMb} MB of live heap after a full collection, over the ${limitMb} MB limit (--max-memory)`,
    );
  }
}

/** True for the message of a failure a `StrategyOutOfMemory` caused. */
export function isOutOfMemorySignal(message: string): boolean {
  return message.includes(`the session ${MARK}:`);
}

let limitBytes: number | null = null;
let limitMb = 0;
let collect: (() => void) | null = null;
/** Live heap after the last full collection this guard asked for (0: none yet). */
let lastLive = 0;

/** Makes this thread (a task worker) check its heap against `mb` around every strategy call. */
export function setHeapLimit(mb: number): void {
  limitMb = mb;
  limitBytes = mb * MB;
  // A full collection on demand, to tell live data from garbage (V8 exposes it to new contexts only).
  v8.setFlagsFromString('--expose-gc');
  collect = vm.runInNewContext('gc') as () => void;
}

/**
 * Runs `task` with the limit scaled by `scale` (this thread's tasks run one at a time). The fuzzer
 * judges shrink candidates with a margin (`SHRINK_HEAP_MARGIN`): live heap varies by a little from
 * one run to the next (what the worker compiled, what it kept), so a candidate found just over the
 * limit may not be over it when replayed; shrunk with a margin, the counterexample is over the
 * limit by more than that, and replays.
 */
export async function withHeapLimitScale<T>(scale: number, task: () => Promise<T>): Promise<T> {
  if (limitBytes === null || scale === 1) return task();
  const [bytes, mb] = [limitBytes, limitMb];
  limitBytes = bytes * scale;
  limitMb = Math.round(mb * scale);
  try {
    return await task();
  } finally {
    [limitBytes, limitMb] = [bytes, mb];
  }
}

/** The scale shrink candidates are judged at (see `withHeapLimitScale`). */
export const SHRINK_HEAP_MARGIN = 1.1;

/** `strategy`, each of its hooks checked before and after it runs (the strategy itself when no limit is set). */
export function guardHeap(strategy: CompactionStrategy): CompactionStrategy {
  if (limitBytes === null) return strategy;
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(strategy, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !HOOKS.has(property)) return value;
      let guarded = wrapped.get(property);
      if (guarded === undefined) {
        guarded = checked(value as (...args: unknown[]) => unknown, target);
        wrapped.set(property, guarded);
      }
      return guarded;
    },
  });
}

/** The hook, called on the strategy itself (private fields work), with the heap checked around it. */
function checked(hook: (...args: unknown[]) => unknown, target: CompactionStrategy): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    checkHeap();
    const returned = hook.apply(target, args);
    if (returned instanceof Promise) {
      return returned.then((value: unknown) => {
        checkHeap();
        return value;
      });
    }
    checkHeap();
    return returned;
  };
}

/**
 * Over the limit counting garbage, a full collection tells what is live. Near the limit that would
 * be a full collection at every call (a session just under it slowed to a crawl, then reported as
 * hung), so after one, garbage may grow by half the limit before the next: the heap stays under
 * 1.5 times the limit plus one step, inside V8's own limit.
 */
function checkHeap(): void {
  if (limitBytes === null) return;
  const used = v8.getHeapStatistics().used_heap_size;
  if (used <= Math.max(limitBytes, lastLive + limitBytes / 2)) return;
  collect?.();
  lastLive = v8.getHeapStatistics().used_heap_size;
  if (lastLive > limitBytes) {
    const live = lastLive;
    lastLive = 0; // the session ends here: its data is garbage for the next one
    throw new StrategyOutOfMemory(Math.round(live / MB), limitMb);
  }
}

/**
 * The worker side of strategy isolation. A user's strategy runs only in a worker thread, and this
 * module turns everything a strategy can do to that thread, beyond returning or throwing, into
 * incidents of the task it was running:
 *
 * - `process.exit()`, `process.abort()` and `process.kill()` of our own process are stopped: the
 *   call throws (so the strategy's code does not go on as if it had exited) and is recorded as an
 *   `exit` incident. (Left alone, `process.exit` would end the worker, and a `kill` would take the
 *   whole CLI down with it.)
 * - writes to stdout (console.log, process.stdout.write, fs.writeSync(1, …)) are a `stdout-write`
 *   incident: a strategy must never corrupt the host's stdout (a JSON report, an MCP stdio
 *   server). The text is forwarded to the CLI's stderr with everything written to stderr.
 * - exceptions thrown outside the awaited chain (in a timer, an event handler) and promises
 *   rejected with no handler are `uncaught-exception` / `unhandled-rejection` incidents.
 * - timers the task scheduled are drained before the task is reported: every pending timeout and
 *   immediate runs (so an error it throws is always seen, however fast the session was), and
 *   intervals are cleared. A strategy's verdict therefore never depends on timing.
 *
 * Incidents are posted as they happen, so the pool knows them even when the task then hangs.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import timers from 'node:timers';

/** `tampered`: a built-in the world measures with was replaced (reported by worker-protocol.ts after the task). */
export type IncidentKind = 'exit' | 'stdout-write' | 'uncaught-exception' | 'unhandled-rejection' | 'tampered';

export interface Incident {
  readonly kind: IncidentKind;
  readonly message: string;
}

export interface SandboxHooks {
  /** An incident of the running task (or of a task's module loading). */
  readonly onIncident: (incident: Incident) => void;
  /** Text the task wrote to stdout or stderr, for the CLI's stderr. */
  readonly onOutput: (text: string) => void;
}

export interface Sandbox {
  /** Runs one task: its incidents are reported, its timers drained before the promise settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** What the stopped `process.exit()` throws; recognisable in messages (see `isExitSignal`). */
export class StrategyExitSignal extends Error {
  override readonly name = 'StrategyExitSignal';
  constructor(call: string) {
    super(`${call} was called (compaction-sim stops it: a strategy may not end the process)`);
  }
}

/** True for the error, or the message of a failure it caused, of a stopped exit. */
export function isExitSignal(error: unknown): boolean {
  if (error instanceof StrategyExitSignal) return true;
  return typeof error === 'string' && error.includes('compaction-sim stops it: a strategy may not end the process');
}

const STDOUT_SAMPLE = 200;

let installed: Sandbox | null = null;

/** Installs the guards in this worker thread (once) and returns the sandbox. */
export function installSandbox(hooks: SandboxHooks): Sandbox {
  if (installed !== null) return installed;
  const incident = (kind: IncidentKind, message: string): void => hooks.onIncident({ kind, message });
  guardProcess(incident);
  guardOutput(incident, hooks.onOutput);
  const tracker = trackTimers();
  process.on('uncaughtException', (error) => {
    if (!isExitSignal(error))
      incident(
        'uncaught-exception',
        `an exception was thrown outside the step (in a timer or callback): ${describe(error)}`,
      );
  });
  process.on('unhandledRejection', (reason) => {
    if (!isExitSignal(reason))
      incident('unhandled-rejection', `a promise was rejected and nothing handled it: ${describe(reason)}`);
  });
  installed = {
    async run(task) {
      tracker.begin();
      try {
        return await task();
      } finally {
        await tracker.drain();
      }
    },
  };
  return installed;
}

function guardProcess(incident: (kind: IncidentKind, message: string) => void): void {
  const stop = (call: string): never => {
    incident('exit', `the strategy called ${call}`);
    throw new StrategyExitSignal(call);
  };
  process.exit = ((code?: number | string | null) => stop(`process.exit(${code ?? ''})`)) as typeof process.exit;
  process.abort = (() => stop('process.abort()')) as typeof process.abort;
  const kill = process.kill.bind(process);
  process.kill = ((pid: number, signal?: string | number) => {
    if (pid === process.pid || pid === 0 || pid === -process.pid)
      return stop(`process.kill(${pid}${signal === undefined ? '' : `, ${JSON.stringify(signal)}`})`);
    return kill(pid, signal);
  }) as typeof process.kill;
}

function guardOutput(incident: (kind: IncidentKind, message: string) => void, forward: (text: string) => void): void {
  const capture = (stdout: boolean) =>
    function write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      const text =
        typeof chunk === 'string'
          ? chunk
          : Buffer.from(chunk as Uint8Array).toString(
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            );
      if (stdout) {
        const sample = text.length > STDOUT_SAMPLE ? `${text.slice(0, STDOUT_SAMPLE)}…` : text;
        incident(
          'stdout-write',
          `the strategy wrote to stdout (use stderr, e.g. console.error, for debugging output): ${JSON.stringify(sample)}`,
        );
      }
      forward(text);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    };
  process.stdout.write = capture(true) as typeof process.stdout.write;
  process.stderr.write = capture(false) as typeof process.stderr.write;
  // Writes straight to the file descriptors bypass the streams: route them the same way.
  const writeSync = fs.writeSync;
  const patched = ((fd: number, buffer: unknown, ...rest: unknown[]) => {
    if (fd === 1 || fd === 2) {
      const text = typeof buffer === 'string' ? buffer : Buffer.from(buffer as Uint8Array).toString('utf8');
      capture(fd === 1)(text);
      return Buffer.byteLength(text);
    }
    return (writeSync as (...args: unknown[]) => number)(fd, buffer, ...rest);
  }) as typeof fs.writeSync;
  (fs as { writeSync: typeof fs.writeSync }).writeSync = patched;
  syncBuiltinESMExports();
}

interface TimerTracker {
  begin(): void;
  drain(): Promise<void>;
}

/**
 * Wraps the global timer functions (and `node:timers`) so the timers a task schedules are known:
 * `drain` waits for every pending timeout and immediate to run, and clears the intervals.
 */
function trackTimers(): TimerTracker {
  const real = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate };
  const pending = new Set<unknown>();
  const intervals = new Set<unknown>();
  let wake: (() => void) | null = null;
  const settle = (handle: unknown): void => {
    if (pending.delete(handle) && wake !== null) wake();
  };
  const once = (schedule: typeof setTimeout | typeof setImmediate, clear: (handle: never) => void) => {
    const scheduled = ((callback: (...args: unknown[]) => void, ...rest: unknown[]) => {
      if (typeof callback !== 'function') return (schedule as (...args: unknown[]) => unknown)(callback, ...rest);
      const handle: unknown = (schedule as (...args: unknown[]) => unknown)(
        (...args: unknown[]) => {
          settle(handle);
          callback(...args);
        },
        ...rest,
      );
      pending.add(handle);
      return handle;
    }) as unknown;
    const cleared = (handle: never): void => {
      settle(handle);
      clear(handle);
    };
    return { scheduled, cleared };
  };
  const timeout = once(real.setTimeout, real.clearTimeout as (handle: never) => void);
  const immediate = once(
    real.setImmediate as unknown as typeof setTimeout,
    real.clearImmediate as (handle: never) => void,
  );
  const interval = ((callback: (...args: unknown[]) => void, ...rest: unknown[]) => {
    const handle = (real.setInterval as (...args: unknown[]) => unknown)(callback, ...rest);
    intervals.add(handle);
    return handle;
  }) as unknown;
  const clearIntervalTracked = (handle: never): void => {
    intervals.delete(handle);
    real.clearInterval(handle);
  };
  const replacements = {
    setTimeout: timeout.scheduled,
    clearTimeout: timeout.cleared,
    setImmediate: immediate.scheduled,
    clearImmediate: immediate.cleared,
    setInterval: interval,
    clearInterval: clearIntervalTracked,
  };
  Object.assign(globalThis, replacements);
  Object.assign(timers, replacements);
  syncBuiltinESMExports();

  const tick = (): Promise<void> => new Promise((resolve) => real.setImmediate(resolve));
  return {
    begin() {
      pending.clear();
      intervals.clear();
    },
    async drain() {
      // One macrotask turn first: rejections nobody handled are reported once the microtasks ran.
      await tick();
      for (const handle of intervals) real.clearInterval(handle as never);
      intervals.clear();
      // Unref'd timers would not keep a process alive either (e.g. an HTTP client's keep-alive): not waited for.
      while ([...pending].some(isRefed)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        await tick();
      }
      await tick();
    },
  };
}

function isRefed(handle: unknown): boolean {
  const refed = (handle as { hasRef?: () => boolean } | null)?.hasRef;
  return typeof refed === 'function' ? refed.call(handle) : true;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    return String(error);
  }
}

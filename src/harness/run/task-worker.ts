/**
 * One worker thread that runs tasks one after another, each under a watchdog: the main thread's
 * side of strategy isolation (the worker's side is sandbox.ts). Whatever a task does, `run`
 * resolves with what happened to it, as data:
 *
 * - `done`: the task answered (with the incidents the sandbox saw: exit calls, stdout writes,
 *   uncaught exceptions, unhandled rejections);
 * - `hung`: no answer within the watchdog (a synchronous loop, a promise that never settles, or
 *   timers that keep the task from finishing); the worker is terminated;
 * - `crashed`: the worker died under the task, `out-of-memory` when it exhausted its heap limit.
 *
 * A worker that hung, crashed or saw an incident is replaced before the next task, so no task
 * inherits another's damage. Only a worker that cannot even start rejects `run` (a broken install).
 */
import type { Worker } from 'node:worker_threads';
import { hardHeapLimitMb } from './heap-guard.ts';
import { bootWorker } from './worker-entry.ts';
import type { Incident, TaskMessage, WorkerMessage } from './worker-protocol.ts';

export interface TaskWorkerOptions {
  /** The module the worker runs (see `siblingModule`); it must call `serveTasks`. */
  readonly entry: URL;
  /** Wall-clock budget of one task once it is handed to a ready worker. */
  readonly timeoutMs: number;
  /**
   * The worker's heap limit (MB): the worker checks it around every strategy call and fails the
   * task's session past it (heap-guard.ts); V8's own limit, set higher, is the backstop, past
   * which the task crashes as `out-of-memory`.
   */
  readonly maxMemoryMb?: number | undefined;
  /** Start a fresh worker after this many tasks (bounds what modules loaded per task keep alive). */
  readonly recycleAfter?: number | undefined;
  /** What the task wrote to stdout or stderr (the CLI forwards it to its stderr). */
  readonly onOutput?: ((index: number, text: string) => void) | undefined;
}

export type TaskOutcome<O> =
  | { readonly status: 'done'; readonly output: O; readonly incidents: readonly Incident[] }
  | {
      readonly status: 'hung';
      readonly timeoutMs: number;
      /** True when the task had returned and only its timers were still pending. */
      readonly draining: boolean;
      readonly incidents: readonly Incident[];
    }
  | {
      readonly status: 'crashed';
      readonly reason: 'out-of-memory' | 'died';
      readonly message: string;
      readonly incidents: readonly Incident[];
    };

/** Default heap limit of a task worker (MB): enough for any scenario the loader accepts. */
export const DEFAULT_MAX_MEMORY_MB = 4096;
const DEFAULT_RECYCLE_AFTER = 200;

interface Running<O> {
  readonly index: number;
  readonly incidents: Incident[];
  draining: boolean;
  readonly finish: (outcome: TaskOutcome<O>) => void;
}

interface Live<O> {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  tasks: number;
  running: Running<O> | null;
}

export class TaskWorker<I, O> {
  readonly #options: TaskWorkerOptions;
  #live: Live<O> | null = null;

  constructor(options: TaskWorkerOptions) {
    this.#options = options;
  }

  async run(index: number, input: I): Promise<TaskOutcome<O>> {
    const live = this.#live ?? this.#spawn();
    await live.ready;
    return new Promise<TaskOutcome<O>>((resolve) => {
      const timer = setTimeout(() => {
        // clock-ok: the hung-strategy watchdog
        finish({
          status: 'hung',
          timeoutMs: this.#options.timeoutMs,
          draining: running.draining,
          incidents: running.incidents,
        });
      }, this.#options.timeoutMs); // clock-ok
      const finish = (outcome: TaskOutcome<O>): void => {
        clearTimeout(timer);
        if (live.running !== running) return;
        live.running = null;
        live.tasks += 1;
        const recycle = live.tasks >= (this.#options.recycleAfter ?? DEFAULT_RECYCLE_AFTER);
        if (outcome.status !== 'done' || outcome.incidents.length > 0 || recycle) this.#retire(live);
        resolve(outcome);
      };
      const running: Running<O> = { index, incidents: [], draining: false, finish };
      live.running = running;
      const message: TaskMessage<I> = { type: 'task', index, input };
      live.worker.postMessage(message);
    });
  }

  /** Stops the worker (tasks still running are abandoned). */
  close(): void {
    if (this.#live !== null) this.#retire(this.#live);
  }

  #spawn(): Live<O> {
    const { maxMemoryMb = DEFAULT_MAX_MEMORY_MB } = this.#options;
    const worker = bootWorker(this.#options.entry, {
      resourceLimits: { maxOldGenerationSizeMb: hardHeapLimitMb(maxMemoryMb) },
      workerData: { heapLimitMb: maxMemoryMb },
      // Nothing a task prints reaches the CLI's own stdout or stderr directly (the sandbox
      // forwards it as messages); these streams only catch what slips past it.
      stdout: true,
      stderr: true,
    });
    let started: () => void = () => undefined;
    let failedToStart: (error: Error) => void = () => undefined;
    const live: Live<O> = {
      worker,
      ready: new Promise<void>((resolve, reject) => {
        started = resolve;
        failedToStart = reject;
      }),
      tasks: 0,
      running: null,
    };
    let isReady = false;
    const drainStream = (stream: NodeJS.ReadableStream | null): void => {
      stream?.on('data', (chunk: Buffer | string) => {
        const index = live.running?.index ?? -1;
        this.#options.onOutput?.(index, chunk.toString());
      });
    };
    drainStream(worker.stdout);
    drainStream(worker.stderr);
    worker.on('message', (message: WorkerMessage<O>) => {
      if (message.type === 'ready') {
        isReady = true;
        started();
        return;
      }
      const running = live.running;
      if (running === null || message.index !== running.index) return;
      switch (message.type) {
        case 'incident':
          running.incidents.push(message.incident);
          break;
        case 'output':
          this.#options.onOutput?.(message.index, message.text);
          break;
        case 'draining':
          running.draining = true;
          break;
        case 'done':
          running.finish({ status: 'done', output: message.output, incidents: running.incidents });
          break;
        case 'failed':
          running.finish({
            status: 'crashed',
            reason: 'died',
            message: `internal error in the worker: ${message.message}`,
            incidents: running.incidents,
          });
          break;
      }
    });
    const died = (reason: 'out-of-memory' | 'died', text: string): void => {
      if (!isReady) {
        failedToStart(new Error(`a task worker could not start: ${text}`));
        this.#retire(live);
        return;
      }
      live.running?.finish({ status: 'crashed', reason, message: text, incidents: live.running.incidents });
      this.#retire(live);
    };
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        died(
          'out-of-memory',
          `the worker ran out of memory (heap limit ${maxMemoryMb} MB, V8's ${hardHeapLimitMb(maxMemoryMb)} MB)`,
        );
      else died('died', `the worker died: ${error.message}`);
    });
    worker.on('exit', (code) => died('died', `the worker exited with code ${code}`));
    this.#live = live;
    return live;
  }

  #retire(live: Live<O>): void {
    if (this.#live === live) this.#live = null;
    // Keep one listener: a late 'error' from a worker being torn down must not crash the CLI.
    live.worker.removeAllListeners();
    live.worker.on('error', () => undefined);
    live.worker.stdout?.removeAllListeners('data');
    live.worker.stderr?.removeAllListeners('data');
    void live.worker.terminate();
  }
}

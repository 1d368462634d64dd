/**
 * A pool of worker threads with a per-task watchdog. Tasks run in workers (even with one job)
 * because a strategy stuck in a synchronous loop can only be stopped by terminating its thread.
 * Outputs come back in input order, whatever order the workers finish in, so results do not
 * depend on `jobs`.
 */
import { Worker } from 'node:worker_threads';
import type { TaskMessage, WorkerMessage } from './worker-protocol.ts';

export interface WorkerPoolOptions<I, O> {
  /** The TypeScript module the worker runs; it must call `serveTasks`. */
  readonly entry: URL;
  /** Number of workers (at most one per input). */
  readonly jobs: number;
  /** Wall-clock budget of one task once it is handed to a ready worker. */
  readonly timeoutMs: number;
  /** The output recorded for a task whose worker did not answer in time (it is terminated). */
  readonly onTimeout: (input: I, timeoutMs: number) => O;
  /** The output recorded for a task whose worker died under it. */
  readonly onCrash: (input: I, error: Error) => O;
  /** Called as each output arrives (completion order: for progress display only). */
  readonly onOutput?: (index: number, output: O) => void;
}

const BOOT = new URL('./tsx-worker-boot.mjs', import.meta.url);

export function runInWorkerPool<I, O>(
  inputs: readonly I[],
  options: WorkerPoolOptions<I, O>,
): Promise<O[]> {
  if (inputs.length === 0) return Promise.resolve([]);
  return new Promise<O[]>((resolveAll, rejectAll) => {
    const outputs: O[] = new Array<O>(inputs.length);
    const live = new Set<Worker>();
    let next = 0;
    let done = 0;
    let settled = false;

    const stopAll = (): void => {
      for (const worker of live) {
        worker.removeAllListeners();
        void worker.terminate();
      }
      live.clear();
    };

    const record = (index: number, output: O): void => {
      outputs[index] = output;
      done += 1;
      options.onOutput?.(index, output);
      if (done === inputs.length && !settled) {
        settled = true;
        stopAll();
        resolveAll(outputs);
      }
    };

    const startWorker = (): void => {
      if (settled || next >= inputs.length) return;
      const worker = new Worker(BOOT, { workerData: { entry: options.entry.href } });
      live.add(worker);
      let current: number | null = null;
      let ready = false;
      let timer: NodeJS.Timeout | undefined;

      const retire = (): void => {
        clearTimeout(timer);
        worker.removeAllListeners();
        live.delete(worker);
        void worker.terminate();
      };

      const dispatch = (): void => {
        if (next >= inputs.length) {
          retire();
          return;
        }
        const index = next++;
        current = index;
        const message: TaskMessage<I> = { type: 'task', index, input: inputs[index] as I };
        worker.postMessage(message);
        timer = setTimeout(() => { // clock-ok: the hung-strategy watchdog
          current = null;
          retire();
          record(index, options.onTimeout(inputs[index] as I, options.timeoutMs));
          startWorker();
        }, options.timeoutMs); // clock-ok
      };

      const crash = (error: Error): void => {
        retire();
        if (!ready) {
          // The worker could not even start (broken install): no task can run, so stop.
          if (!settled) {
            settled = true;
            stopAll();
            rejectAll(error);
          }
          return;
        }
        if (current !== null) {
          const index = current;
          current = null;
          record(index, options.onCrash(inputs[index] as I, error));
        }
        startWorker();
      };

      worker.on('message', (message: WorkerMessage<O>) => {
        if (message.type === 'ready') {
          ready = true;
          dispatch();
        } else if (message.index === current) {
          clearTimeout(timer);
          current = null;
          record(message.index, message.output);
          if (!settled) dispatch();
        }
      });
      worker.on('error', crash);
      worker.on('exit', (code) => crash(new Error(`worker exited with code ${code}`)));
    };

    const slots = Math.max(1, Math.min(options.jobs, inputs.length));
    for (let slot = 0; slot < slots; slot += 1) startWorker();
  });
}

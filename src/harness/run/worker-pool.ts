/**
 * Runs lists of tasks on up to `jobs` task workers (task-worker.ts), each task under the watchdog
 * and the sandbox. Tasks always run in workers (even with one job): a strategy stuck in a
 * synchronous loop can only be stopped by terminating its thread, and a strategy may never run
 * in the CLI's own thread. Outcomes come back in input order, whatever order the workers finish
 * in, so results do not depend on `jobs`. A pool may run several lists (say, strategy probes,
 * then the scenarios) on the same workers; `close` stops them.
 */
import { TaskWorker, type TaskOutcome, type TaskWorkerOptions } from './task-worker.ts';

export type { TaskOutcome } from './task-worker.ts';

export interface WorkerPoolOptions extends TaskWorkerOptions {
  /** Number of workers (at most one per task of the longest list). */
  readonly jobs: number;
}

export interface RunListOptions<O> {
  /** Called as each outcome arrives (completion order: for progress display only). */
  readonly onOutcome?: (index: number, outcome: TaskOutcome<O>) => void;
}

export class WorkerPool<I, O> {
  readonly #options: WorkerPoolOptions;
  readonly #workers: TaskWorker<I, O>[] = [];

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
  }

  async run(inputs: readonly I[], options: RunListOptions<O> = {}): Promise<TaskOutcome<O>[]> {
    const outcomes: TaskOutcome<O>[] = new Array<TaskOutcome<O>>(inputs.length);
    const slots = Math.max(0, Math.min(this.#options.jobs, inputs.length));
    while (this.#workers.length < slots) this.#workers.push(new TaskWorker<I, O>(this.#options));
    let next = 0;
    const serve = async (worker: TaskWorker<I, O>): Promise<void> => {
      while (next < inputs.length) {
        const index = next++;
        const outcome = await worker.run(index, inputs[index] as I);
        outcomes[index] = outcome;
        options.onOutcome?.(index, outcome);
      }
    };
    await Promise.all(this.#workers.slice(0, slots).map(serve));
    return outcomes;
  }

  close(): void {
    for (const worker of this.#workers) worker.close();
  }
}

/** One list of tasks on a pool of its own. */
export async function runInWorkerPool<I, O>(
  inputs: readonly I[],
  options: WorkerPoolOptions & RunListOptions<O>,
): Promise<TaskOutcome<O>[]> {
  const pool = new WorkerPool<I, O>(options);
  try {
    return await pool.run(inputs, options);
  } finally {
    pool.close();
  }
}

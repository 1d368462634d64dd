/**
 * The messages between a task worker (worker thread) and the pool (main thread). A worker
 * announces `ready` once its modules are imported, so the watchdog never counts module loading
 * against a task; while a task runs it reports the task's incidents and output as they happen
 * (sandbox.ts), then `done` with the output.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { tamperedGlobals } from '../../world/ruler/tampered-globals.ts';
import { setHeapLimit } from './heap-guard.ts';
import { installSandbox, type Incident } from './sandbox.ts';

export type { Incident, IncidentKind } from './sandbox.ts';

export interface TaskMessage<I> {
  readonly type: 'task';
  readonly index: number;
  readonly input: I;
}

export type WorkerMessage<O> =
  | { readonly type: 'ready' }
  | { readonly type: 'incident'; readonly index: number; readonly incident: Incident }
  | { readonly type: 'output'; readonly index: number; readonly text: string }
  /** The task returned; its timers are still being drained (a hang from here on is in them). */
  | { readonly type: 'draining'; readonly index: number }
  | { readonly type: 'done'; readonly index: number; readonly output: O }
  /** `handle` broke its promise never to reject: a bug in compaction-sim, reported as a crash. */
  | { readonly type: 'failed'; readonly index: number; readonly message: string };

/**
 * Worker side: answers every task with `handle(input)` inside the sandbox. `handle` must not
 * reject: a worker reports failures as data (running never throws, reporting
 * decides). Tasks arrive one at a time (the pool waits for `done` before sending the next).
 */
export function serveTasks<I, O>(port: MessagePort | null, handle: (input: I) => Promise<O>): void {
  if (port === null) throw new Error('serveTasks must run inside a worker thread');
  const heapLimitMb = (workerData as { heapLimitMb?: unknown } | null)?.heapLimitMb;
  if (typeof heapLimitMb === 'number') setHeapLimit(heapLimitMb);
  let current = -1;
  const post = (message: WorkerMessage<O>): void => port.postMessage(message);
  const sandbox = installSandbox({
    onIncident: (incident) => post({ type: 'incident', index: current, incident }),
    onOutput: (text) => post({ type: 'output', index: current, text }),
  });
  port.on('message', (message: TaskMessage<I>) => {
    current = message.index;
    let output: O;
    void sandbox
      .run(async () => {
        output = await handle(message.input);
        // A task whose strategy replaced a built-in the world measures with: named, and the
        // worker is replaced (as after any incident) so the next task never runs with the patch.
        const tampered = tamperedGlobals();
        if (tampered.length > 0)
          post({
            type: 'incident',
            index: message.index,
            incident: { kind: 'tampered', message: `the strategy replaced ${tampered.slice(0, 5).join(', ')}` },
          });
        post({ type: 'draining', index: message.index });
      })
      .then(
        () => post({ type: 'done', index: message.index, output }),
        (error: unknown) =>
          post({
            type: 'failed',
            index: message.index,
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
      );
  });
  post({ type: 'ready' });
}

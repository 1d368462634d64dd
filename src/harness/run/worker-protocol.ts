/**
 * The messages between the pool (main thread) and a task worker. A worker announces `ready` once
 * its modules are imported, so the pool's watchdog never counts module loading against a task.
 */
import type { MessagePort } from 'node:worker_threads';

export interface TaskMessage<I> {
  readonly type: 'task';
  readonly index: number;
  readonly input: I;
}

export type WorkerMessage<O> =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly index: number; readonly output: O };

/**
 * Worker side: answers every task with `handle(input)`. `handle` must not reject: a worker
 * reports failures as data (style.md §5.1: running never throws, reporting decides).
 */
export function serveTasks<I, O>(port: MessagePort | null, handle: (input: I) => Promise<O>): void {
  if (port === null) throw new Error('serveTasks must run inside a worker thread');
  port.on('message', (message: TaskMessage<I>) => {
    void handle(message.input).then((output) => {
      const reply: WorkerMessage<O> = { type: 'done', index: message.index, output };
      port.postMessage(reply);
    });
  });
  const ready: WorkerMessage<O> = { type: 'ready' };
  port.postMessage(ready);
}

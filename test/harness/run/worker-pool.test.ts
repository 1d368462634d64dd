import { describe, expect, it } from 'vitest';
import { runInWorkerPool } from '../../../src/harness/run/worker-pool.ts';
import type { TestTask } from './fixtures/task-worker.ts';

const entry = new URL('./fixtures/task-worker.ts', import.meta.url);

function run(tasks: TestTask[], jobs: number, timeoutMs = 2_000) {
  const seen: number[] = [];
  const outputs = runInWorkerPool<TestTask, string>(tasks, {
    entry,
    jobs,
    timeoutMs,
    onTimeout: (task, ms) => `timeout:${task.kind}:${ms}`,
    onCrash: (task, error) => `crash:${task.kind}:${error.message}`,
    onOutput: (index) => seen.push(index),
  });
  return { outputs, seen };
}

describe('runInWorkerPool', () => {
  it('returns outputs in input order whatever the number of jobs', async () => {
    const tasks: TestTask[] = [1, 2, 3, 4, 5, 6].map((n) => ({ kind: 'square', n }));
    const one = await run(tasks, 1).outputs;
    const three = await run(tasks, 3).outputs;
    expect(one).toEqual(['square:1', 'square:4', 'square:9', 'square:16', 'square:25', 'square:36']);
    expect(three).toEqual(one);
  });

  it('stops a synchronous spin and a pending promise, and still runs the other tasks', async () => {
    const tasks: TestTask[] = [{ kind: 'square', n: 2 }, { kind: 'spin' }, { kind: 'pending' }, { kind: 'square', n: 3 }];
    const { outputs, seen } = run(tasks, 1, 1_000);
    expect(await outputs).toEqual(['square:4', 'timeout:spin:1000', 'timeout:pending:1000', 'square:9']);
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });

  it('records a worker that dies under a task as a crash and replaces it', async () => {
    const tasks: TestTask[] = [{ kind: 'exit' }, { kind: 'square', n: 5 }];
    const outputs = await run(tasks, 1).outputs;
    expect(outputs[0]).toBe('crash:exit:worker exited with code 3');
    expect(outputs[1]).toBe('square:25');
  });

  it('resolves an empty task list without starting workers', async () => {
    expect(await run([], 4).outputs).toEqual([]);
  });
});

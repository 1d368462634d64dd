import { describe, expect, it } from 'vitest';
import { runInWorkerPool, type TaskOutcome } from '../../../src/harness/run/worker-pool.ts';

/** What the test worker (fixtures/task-worker.mjs) does with a task. */
type TestTask =
  | { readonly kind: 'square'; readonly n: number }
  | {
      readonly kind:
        | 'spin'
        | 'pending'
        | 'exit'
        | 'kill'
        | 'stdout'
        | 'floating'
        | 'late-timer'
        | 'forever-timer'
        | 'hog';
    };

const entry = new URL('./fixtures/task-worker.mjs', import.meta.url);

function run(tasks: TestTask[], jobs: number, timeoutMs = 2_000, maxMemoryMb?: number) {
  const seen: number[] = [];
  const output: string[] = [];
  const outcomes = runInWorkerPool<TestTask, string>(tasks, {
    entry,
    jobs,
    timeoutMs,
    maxMemoryMb,
    onOutcome: (index) => seen.push(index),
    onOutput: (_index, text) => output.push(text),
  });
  return { outcomes, seen, output };
}

/** An outcome in one line, for comparisons. */
function brief(outcome: TaskOutcome<string>): string {
  const incidents = outcome.incidents.map((incident) => incident.kind).join('+');
  const extra = incidents === '' ? '' : ` [${incidents}]`;
  switch (outcome.status) {
    case 'done':
      return outcome.output + extra;
    case 'hung':
      return `hung${outcome.draining ? ' (draining)' : ''}${extra}`;
    case 'crashed':
      return `${outcome.reason}${extra}`;
  }
}

describe('runInWorkerPool', () => {
  it('returns outcomes in input order whatever the number of jobs', async () => {
    const tasks: TestTask[] = [1, 2, 3, 4, 5, 6].map((n) => ({ kind: 'square', n }));
    const one = (await run(tasks, 1).outcomes).map(brief);
    const three = (await run(tasks, 3).outcomes).map(brief);
    expect(one).toEqual(['square:1', 'square:4', 'square:9', 'square:16', 'square:25', 'square:36']);
    expect(three).toEqual(one);
  });

  it('stops a synchronous spin and a pending promise, and still runs the other tasks', async () => {
    const tasks: TestTask[] = [
      { kind: 'square', n: 2 },
      { kind: 'spin' },
      { kind: 'pending' },
      { kind: 'square', n: 3 },
    ];
    const { outcomes, seen } = run(tasks, 1, 1_000);
    expect((await outcomes).map(brief)).toEqual(['square:4', 'hung', 'hung', 'square:9']);
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });

  it('stops process.exit and process.kill of its own process as incidents; the thread and the pool live on', async () => {
    const tasks: TestTask[] = [{ kind: 'exit' }, { kind: 'kill' }, { kind: 'square', n: 5 }];
    const outcomes = await run(tasks, 1).outcomes;
    expect(outcomes.map(brief)).toEqual([
      'exited:process.exit(3) was called [exit]',
      'exited:process.kill [exit]',
      'square:25',
    ]);
    expect(outcomes[0]!.incidents[0]!.message).toBe('the strategy called process.exit(3)');
  });

  it('reports stdout writes, floating rejections and exceptions thrown in timers, after draining the timers', async () => {
    const tasks: TestTask[] = [
      { kind: 'stdout' },
      { kind: 'floating' },
      { kind: 'late-timer' },
      { kind: 'square', n: 4 },
    ];
    const { outcomes, output } = run(tasks, 1);
    expect((await outcomes).map(brief)).toEqual([
      'printed [stdout-write]',
      'floated [unhandled-rejection]',
      'scheduled [uncaught-exception]',
      'square:16',
    ]);
    expect(output.join('')).toContain('hello from a strategy');
  });

  it('a timer that keeps rescheduling itself hangs the task while draining', async () => {
    const outcomes = await run([{ kind: 'forever-timer' }], 1, 500).outcomes;
    expect(outcomes.map(brief)).toEqual(['hung (draining)']);
  });

  it('reports a worker that exhausts its heap limit as out-of-memory, and the next task still runs', async () => {
    const outcomes = await run([{ kind: 'hog' }, { kind: 'square', n: 6 }], 1, 60_000, 64).outcomes;
    expect(outcomes.map(brief)).toEqual(['out-of-memory', 'square:36']);
  });

  it('resolves an empty task list without starting workers', async () => {
    expect(await run([], 4).outcomes).toEqual([]);
  });
});

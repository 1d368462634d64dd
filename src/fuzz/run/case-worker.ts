/** Worker-thread entry for fuzzing: imports the world once, then plays generated scenarios (and strategy probes). */
import { parentPort } from 'node:worker_threads';
import { probeStrategy } from '../../harness/run/probe-strategy.ts';
import { serveTasks } from '../../harness/run/worker-protocol.ts';
import { playCaseTask, type CaseTask, type CaseTaskOutput } from './case-task.ts';
import type { ProbeOutput } from '../../harness/run/strategy-probe.ts';

serveTasks(
  parentPort,
  (task: CaseTask): Promise<CaseTaskOutput | ProbeOutput> =>
    task.kind === 'case' ? playCaseTask(task) : probeStrategy(task.strategy),
);

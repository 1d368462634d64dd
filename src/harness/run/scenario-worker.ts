/** Worker-thread entry for the scenario pool: imports the world once, then serves scenarios and strategy probes. */
import { parentPort } from 'node:worker_threads';
import { runOneScenario } from './run-one-scenario.ts';
import type { RunOutput } from './scenario-outcome.ts';
import type { ScenarioTask } from './scenario-task.ts';
import { probeStrategy } from './probe-strategy.ts';
import type { ProbeOutput } from './strategy-probe.ts';
import { serveTasks } from './worker-protocol.ts';

serveTasks(
  parentPort,
  (task: ScenarioTask): Promise<RunOutput | ProbeOutput> =>
    task.kind === 'scenario' ? runOneScenario(task.scenario, task) : probeStrategy(task.strategy),
);

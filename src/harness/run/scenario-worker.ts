/** Worker-thread entry for the scenario pool: imports the world once, then serves scenarios. */
import { parentPort } from 'node:worker_threads';
import { runOneScenario } from './run-one-scenario.ts';
import type { ScenarioTask } from './scenario-task.ts';
import { serveTasks } from './worker-protocol.ts';

serveTasks(parentPort, (task: ScenarioTask) => runOneScenario(task.scenario, task));

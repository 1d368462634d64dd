/** Worker-thread entry for parallel exploration: imports the world once, then plays generated scenarios. */
import { parentPort } from 'node:worker_threads';
import { serveTasks } from '../../harness/run/worker-protocol.ts';
import { playCaseTask } from './case-task.ts';

serveTasks(parentPort, playCaseTask);

// Worker-thread entry: registers tsx in this thread, then imports the TypeScript module named in
// `workerData.entry`. Plain .mjs because a worker starts without any loader: this works whether
// the CLI was started by `tsx`, by `bin/compaction-sim.mjs` or from a test runner.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

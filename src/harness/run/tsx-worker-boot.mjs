// Worker-thread boot when running from TypeScript sources (see worker-entry.ts): registers tsx in
// this thread, then imports the TypeScript module passed as the last argv entry. Plain .mjs
// because a worker starts without any loader. Compiled runs (dist/) never use it.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[process.argv.length - 1]);

/**
 * How a worker thread starts, the one place that knows whether this code runs compiled or from
 * sources. Compiled (dist/, the installed package): a worker runs its JavaScript module directly,
 * no loader. From sources (`tsx src/cli/main.ts` in development, vitest): the module is TypeScript
 * and a new thread has no loader (Node 20 workers do not inherit tsx's hooks), so the thread runs
 * `tsx-worker-boot.mjs`, which registers tsx and then imports it. The boot file is never shipped.
 */
import { extname } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const TSX_BOOT = new URL('./tsx-worker-boot.mjs', import.meta.url);

/**
 * The module `name` (no extension) beside `importMetaUrl`, with the caller's own extension:
 * `./scenario-worker` is `scenario-worker.js` in dist/ and `scenario-worker.ts` in src/.
 */
export function siblingModule(name: string, importMetaUrl: string): URL {
  return new URL(`${name}${extname(new URL(importMetaUrl).pathname)}`, importMetaUrl);
}

/** Starts a worker thread running `entry` (a `.js` module, or a `.ts` one under tsx). */
export function bootWorker(entry: URL, options: WorkerOptions = {}): Worker {
  const withFlags = { execArgv: workerExecArgv(), ...options };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, withFlags);
  // The boot imports the last argument (argv stays free of anything else, workerData untouched).
  return new Worker(TSX_BOOT, { ...withFlags, argv: [...(options.argv ?? []), entry.href] });
}

/**
 * The process's Node flags, which a worker inherits, less those a worker refuses to start with:
 * `--input-type` (a script given with `node --input-type=module -e ...` that calls the API) kills
 * every worker before it runs ("--input-type can only be used with string input").
 */
function workerExecArgv(): string[] {
  const flags: string[] = [];
  for (let i = 0; i < process.execArgv.length; i += 1) {
    const flag = process.execArgv[i]!;
    if (flag === '--input-type') i += 1; // its value is the next argument
    else if (!flag.startsWith('--input-type=')) flags.push(flag);
  }
  return flags;
}

/**
 * How a worker thread starts, the one place that knows whether this code runs compiled or from
 * sources. Compiled (dist/, the installed package): a worker runs its JavaScript module directly,
 * no loader. From sources (`tsx src/cli/main.ts` in development, vitest): the module is TypeScript
 * and a new thread has no loader (Node 20 workers do not inherit tsx's hooks), so the thread runs
 * `tsx-worker-boot.mjs`, which registers tsx and then imports it. The boot file is never shipped.
 */
import { existsSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const TSX_BOOT = new URL('./tsx-worker-boot.mjs', import.meta.url);

/**
 * Names the dist/ folder of a compiled copy of these very sources. Running from sources, a worker
 * then runs its module's compiled twin instead of booting tsx and transpiling the simulator again
 * (about a second of CPU per worker). The test suite sets it to the package it builds once per run
 * (test/setup-compiled-workers.ts); nothing else should: a stale copy would run stale code.
 */
export const COMPILED_WORKERS_ENV = 'COMPACTION_SIM_COMPILED_WORKERS';

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
  const compiled = compiledTwin(entry);
  if (compiled !== null) return new Worker(compiled, withFlags);
  // The boot imports the last argument (argv stays free of anything else, workerData untouched).
  return new Worker(TSX_BOOT, { ...withFlags, argv: [...(options.argv ?? []), entry.href] });
}

/** `src/<path>.ts` as `<COMPILED_WORKERS_ENV>/<path>.js`, when that variable is set and the file exists. */
function compiledTwin(entry: URL): URL | null {
  const dist = process.env[COMPILED_WORKERS_ENV];
  if (dist === undefined || dist === '') return null;
  const sources = fileURLToPath(new URL('../..', import.meta.url)); // src/, from src/harness/run/
  const path = relative(sources, fileURLToPath(entry));
  if (path.startsWith('..')) return null;
  const twin = join(dist, path.replace(/\.ts$/, '.js'));
  return existsSync(twin) ? pathToFileURL(twin) : null;
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
    if (flag === '--input-type')
      i += 1; // its value is the next argument
    else if (!flag.startsWith('--input-type=')) flags.push(flag);
  }
  return flags;
}

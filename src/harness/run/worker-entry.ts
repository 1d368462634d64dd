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
  if (!entry.pathname.endsWith('.ts')) return startWorker(entry, options);
  const compiled = compiledTwin(entry);
  if (compiled !== null) return startWorker(compiled, options);
  // The boot imports the last argument (argv stays free of anything else, workerData untouched).
  return startWorker(TSX_BOOT, { ...options, argv: [...(options.argv ?? []), entry.href] });
}

/**
 * A worker with the process's Node flags (or the caller's own `execArgv`). A worker refuses V8
 * flags and per-process flags (`node --max-old-space-size=4096 $(which compaction-sim)`,
 * `node --expose-gc script.js` calling the API): Node names them in the error it throws before the
 * thread starts. They are dropped and the worker started again without them; V8 flags are
 * process-wide, so the thread still runs under them. What was dropped is remembered for the
 * process, so the next worker starts at the first try.
 */
function startWorker(entry: URL, options: WorkerOptions): Worker {
  if (options.execArgv !== undefined) return new Worker(entry, options);
  try {
    return new Worker(entry, { ...options, execArgv: workerExecArgv() });
  } catch (error) {
    if (!rememberRefusedFlags(error)) throw error;
    return new Worker(entry, { ...options, execArgv: workerExecArgv() });
  }
}

/** Flags a worker refused and the process passed (never offered again). */
const REFUSED_FLAGS = new Set<string>();

/**
 * Adds the flags Node's `ERR_WORKER_INVALID_EXEC_ARGV` names ("…invalid execArgv flags: --a, --b=1")
 * to REFUSED_FLAGS; false when it is another error or names none the process passes (a retry
 * would fail the same way).
 */
function rememberRefusedFlags(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') return false;
  const passed = new Set(workerExecArgv());
  const named = error.message.slice(error.message.indexOf(': ') + 2).split(', ');
  const news = named.filter((flag) => passed.has(flag));
  for (const flag of news) REFUSED_FLAGS.add(flag);
  return news.length > 0;
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
 * every worker before it runs ("--input-type can only be used with string input"), and those a
 * worker refused before (`REFUSED_FLAGS`). A flag's separate value (`--title x`: execArgv holds
 * flags only, so an element not starting with `-` is the value of the flag before it) goes with it.
 */
function workerExecArgv(): string[] {
  const flags: string[] = [];
  for (let i = 0; i < process.execArgv.length; i += 1) {
    const flag = process.execArgv[i]!;
    const name = flag.includes('=') ? flag.slice(0, flag.indexOf('=')) : flag;
    const dropped = name === '--input-type' || REFUSED_FLAGS.has(flag) || REFUSED_FLAGS.has(name);
    const valued = !flag.includes('=') && i + 1 < process.execArgv.length && !process.execArgv[i + 1]!.startsWith('-');
    if (!dropped) flags.push(flag);
    else if (valued) i += 1; // its value is the next argument
  }
  return flags;
}

/**
 * Before every test file: worker threads the in-process tests start (simulate, fuzz, compare
 * through the API) run the package test/global-setup.ts compiled from these sources, instead of
 * booting tsx and transpiling the simulator in every new thread (src/harness/run/worker-entry.ts).
 * The code is the same; only the loader is spared. test/harness/run/worker-entry.test.ts still
 * boots one from sources.
 */
import { join } from 'node:path';
import { inject } from 'vitest';
import { COMPILED_WORKERS_ENV } from '../src/harness/run/worker-entry.ts';

process.env[COMPILED_WORKERS_ENV] = join(inject('compiledPackage'), 'dist');

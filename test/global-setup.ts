/**
 * Once per `vitest run`: the package compiled as users install it (test/package/compiled-package.ts),
 * shared by every test that starts the command line. The compiled CLI and its worker threads run
 * plain JavaScript; started from the sources, every CLI process and every worker thread it boots
 * would load tsx and transpile the whole simulator again (about a second of CPU each, and the CLI
 * tests start some sixty of them). One build costs about three.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { compilePackage } from './package/compiled-package.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled package's folder (package.json, dist/, scenarios/, node_modules linked). */
    compiledPackage: string;
    /** One folder for the run's temporary folders (test/cli/run-cli.ts `tempDir`), removed after it. */
    testTemp: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = compilePackage();
  project.provide('compiledPackage', dir);
  // The CLI tests' report folders, baselines and edited files: a hundred folders a run, which used
  // to stay behind in the system's temporary folder after every run.
  const temp = mkdtempSync(join(tmpdir(), 'compaction-sim-tests-'));
  project.provide('testTemp', temp);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
  };
}

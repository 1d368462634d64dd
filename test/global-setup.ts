/**
 * Once per `vitest run`: the package compiled as users install it (test/package/compiled-package.ts),
 * shared by every test that starts the command line. The compiled CLI and its worker threads run
 * plain JavaScript; started from the sources, every CLI process and every worker thread it boots
 * would load tsx and transpile the whole simulator again (about a second of CPU each, and the CLI
 * tests start some sixty of them). One build costs about three.
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { compilePackage } from './package/compiled-package.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled package's folder (package.json, dist/, scenarios/, node_modules linked). */
    compiledPackage: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = compilePackage();
  project.provide('compiledPackage', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

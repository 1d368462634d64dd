/**
 * The package as users install it, built fresh for the tests (once per run, by
 * test/global-setup.ts): src/ compiled with tsconfig.build.json into a temporary folder laid out
 * like the published package (package.json, dist/, the scenario schema), its dependencies linked
 * from this repo's node_modules. Tests run what users run, never a stale dist/ of the working tree.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function compilePackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'compaction-sim-package-'));
  // Emit only: `npm run typecheck` checks the types (in CI, before the tests), and the emitted files
  // are the same with or without the check, which costs a second of the run's start, before any test.
  execFileSync(
    join(ROOT, 'node_modules/.bin/tsc'),
    ['-p', 'tsconfig.build.json', '--noCheck', '--outDir', join(dir, 'dist')],
    { cwd: ROOT, stdio: 'pipe' },
  );
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  mkdirSync(join(dir, 'scenarios'));
  copyFileSync(join(ROOT, 'scenarios/scenario.schema.json'), join(dir, 'scenarios/scenario.schema.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

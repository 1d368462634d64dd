/**
 * One front door: the command line parses arguments and calls src/api, so it imports no module
 * that the API does not. Walked over the runtime import graph (static and dynamic imports; type-only
 * imports are erased and count for nothing), from every file of src/cli and of src/api: every
 * module the command line reaches outside src/cli must be one the API reaches too.
 *
 * What only the command line may use, and why: Node's built-ins (its own process, streams and
 * clock); yargs, which parses the command line; cli-progress, which draws the progress bar on a
 * terminal. Everything that checks, runs, judges or renders is the API's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.ts';

const SRC = join(ROOT, 'src');

/** Packages only the shell may use (argument parsing and the terminal's progress bar). */
const SHELL_ONLY = ['yargs', 'yargs/helpers', 'cli-progress'];

// `import x from '…'`, `export … from '…'`, `import '…'`, `import('…')`, `require('…')`; not `import type`/`export type`.
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** A module: a file of src/ (relative to the repo) or a package specifier. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => (match[1] ?? match[2] ?? match[3])!)
    .map((specifier) => {
      if (!specifier.startsWith('.'))
        return specifier.startsWith('node:') || builtinModules.includes(specifier)
          ? `node:${specifier.replace(/^node:/, '')}`
          : specifier;
      const target = resolve(dirname(file), specifier);
      return relative(ROOT, existsSync(target) ? target : target.replace(/\.js$/, '.ts'));
    });
}

/** Every module reached from `roots` (files followed; packages and built-ins are leaves). */
function reached(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.map((file) => relative(ROOT, file));
  while (queue.length > 0) {
    const module = queue.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    if (module.startsWith('src/')) queue.push(...importsOf(join(ROOT, module)));
  }
  return seen;
}

describe('one front door', () => {
  it('the command line imports no module that the API does not', () => {
    const cli = reached(sourceFiles(join(SRC, 'cli')));
    const api = reached(sourceFiles(join(SRC, 'api')));
    const onlyCli = [...cli].filter(
      (module) =>
        !module.startsWith('src/cli/') &&
        !module.startsWith('node:') &&
        !SHELL_ONLY.includes(module) &&
        !api.has(module),
    );
    expect(onlyCli.sort()).toEqual([]);
    // The walk saw the graph: the command line reaches the simulator, and through the API only.
    expect(cli.has('src/api/fuzz-job.ts')).toBe(true);
    expect(api.size).toBeGreaterThan(200);
  });
});

/**
 * The runtime import graph of the sources, for tests that hold a boundary: which modules a module
 * imports when it runs (type-only imports are erased and cannot run anything), following every
 * static and dynamic import, relative ones resolved to files and packages kept by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Every `.ts` module under `folder` (relative to the repository root), absolute paths. */
export function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** What a module imports at run time: relative imports as absolute paths, packages as their specifier. */
export function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(statement)) {
    const [, , typeOnly, clause, from, bare, dynamic] = match;
    const specifier = from ?? bare ?? dynamic;
    if (specifier === undefined) continue;
    // `import { type A, type B } from` is type-only too.
    if (
      typeOnly !== undefined ||
      (clause !== undefined && /^\{\s*(type\s+[\w$]+\s*(as\s+[\w$]+\s*)?,?\s*)+\}$/.test(clause.trim()))
    )
      continue;
    found.push(specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier);
  }
  return found;
}

/**
 * The shortest chain of runtime imports from `start` to an import `reached` accepts (a file path or
 * a package specifier), as paths relative to the root; null when there is none. The walk stays in src/.
 */
export function importChain(start: string, reached: (imported: string) => boolean): string[] | null {
  const seen = new Set<string>([start]);
  const queue: string[][] = [[start]];
  const sources = join(ROOT, 'src');
  while (queue.length > 0) {
    const chain = queue.shift()!;
    for (const next of runtimeImports(chain[chain.length - 1]!)) {
      if (reached(next)) return [...chain, next].map((file) => (file.startsWith('/') ? relative(ROOT, file) : file));
      if (seen.has(next) || !next.startsWith(sources)) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return null;
}

/**
 * The ruler imports nothing from the code it judges: no module of src/world/ruler, and no module
 * of src/checker, reaches src/engine through its runtime imports (type-only imports are erased and
 * cannot run engine code). The walk follows every static and dynamic relative import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const ENGINE = join(ROOT, 'src/engine') + '/';

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Relative runtime imports of a module (`import type` / `export type` left out). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(statement)) {
    const [, , typeOnly, clause, from, bare, dynamic] = match;
    const specifier = from ?? bare ?? dynamic;
    if (specifier === undefined || !specifier.startsWith('.')) continue;
    // `import { type A, type B } from` is type-only too.
    if (
      typeOnly !== undefined ||
      (clause !== undefined && /^\{\s*(type\s+[\w$]+\s*(as\s+[\w$]+\s*)?,?\s*)+\}$/.test(clause.trim()))
    )
      continue;
    found.push(resolve(dirname(file), specifier));
  }
  return found;
}

/** The chain of imports from `start` to a module of src/engine, or null when none. */
function pathToEngine(start: string): string[] | null {
  const seen = new Set<string>([start]);
  const queue: string[][] = [[start]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    for (const next of runtimeImports(chain[chain.length - 1]!)) {
      if (next.startsWith(ENGINE)) return [...chain, next].map((file) => relative(ROOT, file));
      if (seen.has(next) || !next.startsWith(join(ROOT, 'src'))) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return null;
}

describe('the ruler is independent of the engine', () => {
  it('finds an import of the engine when there is one (the walk can fail)', () => {
    expect(pathToEngine(join(ROOT, 'src/world/plugins/compaction-plugin.ts'))).not.toBeNull();
    expect(
      runtimeImports(join(ROOT, 'src/world/measure/step-recorder.ts')).some((file) =>
        file.endsWith('content-items.ts'),
      ),
    ).toBe(true);
  });

  for (const folder of ['src/world/ruler', 'src/checker']) {
    it(`no module of ${folder} reaches src/engine`, () => {
      const files = filesUnder(folder);
      expect(files.length).toBeGreaterThan(3);
      const reaching = files.map((file) => pathToEngine(file)).filter((chain) => chain !== null);
      expect(reaching.map((chain) => chain.join(' → '))).toEqual([]);
    });
  }
});

/**
 * The layers read top-down: each folder of src/ imports only the folders below it (static and
 * dynamic imports alike). The command line and the programmatic API are the top; nothing below
 * imports them, harness imports neither the fuzzer nor the ADK adapter; compare (which uses both
 * harness and fuzz) sits between them and the top.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.ts';

const SRC = join(ROOT, 'src');

/** What each layer may import (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  engine: [],
  zoo: ['engine'],
  summarizers: ['engine'],
  world: ['engine'],
  pricing: ['world'],
  checker: ['engine', 'world'],
  harness: ['engine', 'zoo', 'world', 'checker', 'summarizers', 'pricing'],
  fuzz: ['engine', 'zoo', 'world', 'checker', 'harness'],
  // verify-adk --fuzz-runs draws its scenarios with the fuzzer's generator.
  adk: ['engine', 'zoo', 'world', 'checker', 'harness', 'fuzz', 'summarizers'],
  // Real logs into scenario files: the scenario schema and the world's ruler for recorded usage.
  import: ['engine', 'world', 'checker', 'harness', 'pricing'],
  compare: ['engine', 'zoo', 'world', 'checker', 'harness', 'fuzz', 'summarizers', 'pricing'],
  // verify-adk's front door loads the ADK adapter lazily, as the command did.
  api: ['engine', 'zoo', 'world', 'checker', 'harness', 'fuzz', 'adk', 'summarizers', 'compare', 'import', 'pricing'],
  cli: [
    'engine',
    'zoo',
    'world',
    'checker',
    'harness',
    'fuzz',
    'adk',
    'summarizers',
    'api',
    'compare',
    'import',
    'pricing',
  ],
  'index.ts': ['engine'],
};

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const layerOf = (file: string): string => relative(SRC, file).split(sep)[0]!;

describe('src/ layers', () => {
  it('every import goes down (or stays in its layer)', () => {
    const upward: string[] = [];
    let imports = 0;
    for (const file of sourceFiles(SRC)) {
      const from = layerOf(file);
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = layerOf(resolve(dirname(file), (match[1] ?? match[2])!));
        imports += 1;
        if (to !== from && !(ALLOWED[from] ?? []).includes(to)) upward.push(`${relative(ROOT, file)} imports ${to}/`);
      }
    }
    expect(upward).toEqual([]);
    // Every layer of src/ is in the table, and the walk saw the imports.
    expect(
      readdirSync(SRC)
        .filter((name) => !name.endsWith('.md'))
        .sort(),
    ).toEqual(Object.keys(ALLOWED).sort());
    expect(imports).toBeGreaterThan(500);
  });

  it("the ruler and the judges never import the world's speed devices (src/world/fast/), nor the mirror its own machinery", () => {
    // Measurement reads plain contents (src/world/request-contents/): its correctness must not
    // depend on how the fast builder keeps its sources. Imports are followed transitively.
    const judges = ['world/measure', 'world/ruler', 'world/facts', 'checker'].map((dir) => join(SRC, dir));
    const mirror = join(SRC, 'world/agents/processors');
    const fast = join(SRC, 'world/fast') + sep;
    const importsOf = (file: string): string[] =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => resolve(dirname(file), (match[1] ?? match[2])!));
    const reachesFast = (start: string): string | null => {
      const seen = new Set<string>();
      const stack = [start];
      while (stack.length > 0) {
        const file = stack.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        if (file.startsWith(fast)) return file;
        if (file.startsWith(SRC) && /\.ts$/.test(file)) stack.push(...importsOf(file));
      }
      return null;
    };
    const offenders: string[] = [];
    for (const dir of [...judges, mirror]) {
      for (const file of sourceFiles(dir)) {
        const reached = reachesFast(file);
        if (reached !== null) offenders.push(`${relative(ROOT, file)} reaches ${relative(ROOT, reached)}`);
      }
    }
    expect(offenders).toEqual([]);
    // The walk can fail: the session player does reach the fast side (it chooses the builder).
    expect(reachesFast(join(SRC, 'world/run-session.ts'))).not.toBeNull();
  });
});

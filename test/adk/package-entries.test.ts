/**
 * `@google/adk` is an optional peer: only the `compaction-sim/adk` entry may load it. The core entry
 * (`src/index.ts`) and everything it imports must not, or users without ADK could not import us.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module specifier reachable from `entry` through relative imports, with the file that imports it. */
function reachableSpecifiers(entry: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else if (!found.has(specifier)) found.set(specifier, file);
    }
  }
  return found;
}

describe('package entries', () => {
  it('the core entry never reaches @google/adk', () => {
    const specifiers = reachableSpecifiers(resolve(ROOT, 'src/index.ts'));
    const adk = [...specifiers].filter(([specifier]) => specifier.startsWith('@google/adk'));
    expect(adk).toEqual([]);
    // The walk itself works: the engine's genai types are reached.
    expect(specifiers.has('@google/genai')).toBe(true);
  });

  it('the adk entry is the package subpath compaction-sim/adk', async () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(pkg.exports['./adk']).toEqual({ types: './dist/adk/index.d.ts', default: './dist/adk/index.js' });
    const entry = (await import('../../src/adk/index.ts')) as Record<string, unknown>;
    expect(typeof entry['ContextGuardPlugin']).toBe('function');
    expect(typeof entry['baseLlmSummarizer']).toBe('function');
    expect(reachableSpecifiers(resolve(ROOT, 'src/adk/index.ts')).has('@google/adk')).toBe(true);
  });
});

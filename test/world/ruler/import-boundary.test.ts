/**
 * The ruler imports nothing from the code it judges: no module of src/world/ruler, and no module
 * of src/checker, reaches src/engine through its runtime imports (type-only imports are erased and
 * cannot run engine code). The walk follows every static and dynamic relative import.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, importChain, ROOT, runtimeImports } from '../../import-graph.ts';

const ENGINE = `${join(ROOT, 'src/engine')}/`;

/** The chain of imports from `start` to a module of src/engine, or null when none. */
function pathToEngine(start: string): string[] | null {
  return importChain(start, (imported) => imported.startsWith(ENGINE));
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

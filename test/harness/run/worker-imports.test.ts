/**
 * A scenario worker (simulate, gate and every API call that plays scenarios start one per job)
 * plays scenarios the main thread already parsed: it must not load the schema library, which costs
 * a thread about 150 ms of CPU to load (zod's barrel brings every locale it ships: 95 modules),
 * paid again by every worker of every run. A module the workers need that sits beside a schema
 * (a constant such as RETENTION_BOUND) belongs in a module of its own.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importChain, ROOT } from '../../import-graph.ts';

const isZod = (imported: string): boolean => imported === 'zod' || imported.startsWith('zod/');

describe("the scenario worker's imports", () => {
  it('finds zod where a worker does load it (the walk can fail)', () => {
    // The fuzzer's case worker resolves each generated spec as a file would be: it validates it.
    expect(importChain(join(ROOT, 'src/fuzz/run/case-worker.ts'), isZod)).not.toBeNull();
  });

  it('a scenario worker never reaches zod', () => {
    expect(importChain(join(ROOT, 'src/harness/run/scenario-worker.ts'), isZod)).toBeNull();
  });
});

/**
 * Issue 32: fuzz texts come from per-kind corpora built once per process. The same seed must
 * still give byte-identical output: the corpus a fresh process builds is the very text this one
 * built, and a fuzz report does not depend on how many workers (each with its own corpora) played.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { runFuzz, type FuzzOptions } from '../../src/fuzz/run/run-fuzz.ts';
import { corpusText } from '../../src/world/content/corpus-text.ts';
import type { RealisticKind } from '../../src/world/content/realistic-text.ts';
import { rngFor } from '../../src/world/sim/prng.ts';
import fc from 'fast-check';

const KINDS: readonly RealisticKind[] = ['prose', 'json', 'logs', 'code', 'cjk', 'emoji'];

/** sha256 of texts of every kind at a few sizes and seeds (run here and in a fresh process). */
const DIGEST_SOURCE = `
import { createHash } from 'node:crypto';
import { corpusText } from './src/world/content/corpus-text.ts';
import { rngFor } from './src/world/sim/prng.ts';
const hash = createHash('sha256');
for (const kind of ['prose', 'json', 'logs', 'code', 'cjk', 'emoji'])
  for (const size of [0, 5, 999, 40000, 600000]) hash.update(corpusText(kind, size, rngFor(9, kind, size)));
console.log(hash.digest('hex'));
`;

describe('corpus texts are deterministic', () => {
  it('a fresh process generates byte-identical texts for the same seeds', () => {
    const hash = createHash('sha256');
    for (const kind of KINDS)
      for (const size of [0, 5, 999, 40000, 600000]) hash.update(corpusText(kind, size, rngFor(9, kind, size)));
    const fresh = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', DIGEST_SOURCE], {
      cwd: process.cwd(),
      encoding: 'utf8',
    }).trim();
    expect(fresh).toBe(hash.digest('hex'));
  });

  it('generated scenarios use the corpus texts', () => {
    const specs = fc.sample(scenarioSpecArbitrary(), { seed: 1, numRuns: 5 });
    for (const spec of specs) expect(spec.session?.textSource).toBe('corpus');
  });

  it('the same seed gives the same fuzz report on one worker or two', { timeout: 240_000 }, async () => {
    const base: FuzzOptions = {
      strategy: { name: 'threshold', options: {} },
      runs: 6,
      seed: 5,
      properties: ['no-overflow', 'no-loop', 'user-request-preserved'],
      outDir: null,
      cwd: process.cwd(),
      maxShrinkCandidates: 4,
    };
    const one = await runFuzz({ ...base, jobs: 1 });
    const two = await runFuzz({ ...base, jobs: 2 });
    expect(two).toEqual(one);
  });
});

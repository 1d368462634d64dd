/**
 * Issue 32: fuzz texts come from per-kind corpora built once per process. The same seed must
 * still give byte-identical output: the corpora a fresh process builds are the very texts this one
 * built, whatever order it builds them in, and a fuzz report does not depend on where its runs were
 * played (this thread's corpora, built from the sources, or two worker threads' own, each built by
 * the compiled package). Kept cheap (issue 32 wants the whole suite at 150 s of CPU): one child
 * process, a few runs, one shrink candidate.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { resolveScenario } from '../../src/harness/scenario/index.ts';
import { runFuzz, type FuzzOptions } from '../../src/fuzz/run/run-fuzz.ts';
import { corpusText } from '../../src/world/content/corpus-text.ts';
import type { RealisticKind } from '../../src/world/content/realistic-text.ts';
import { rngFor } from '../../src/world/sim/prng.ts';

const KINDS: readonly RealisticKind[] = ['prose', 'json', 'logs', 'code', 'cjk', 'emoji'];
/** 600,000 bytes is past a corpus's 512 KiB: that window covers the whole corpus and wraps. */
const SIZES = [0, 5, 999, 40_000, 600_000];

/**
 * sha256 of a text of every kind at every size (each from its own seeded stream), hashed in the
 * order of `kinds`. The fresh process takes the kinds in reverse, so it also builds the corpora in
 * the other order: a corpus that depended on which was built first would differ.
 */
const DIGEST_SOURCE = `
import { createHash } from 'node:crypto';
import { corpusText } from './src/world/content/corpus-text.ts';
import { rngFor } from './src/world/sim/prng.ts';
const kinds = JSON.parse(process.argv[1]);
const sizes = JSON.parse(process.argv[2]);
const digests = {};
for (const kind of kinds) {
  const hash = createHash('sha256');
  for (const size of sizes) hash.update(corpusText(kind, size, rngFor(9, kind, size)));
  digests[kind] = hash.digest('hex');
}
console.log(JSON.stringify(digests));
`;

function digests(kinds: readonly RealisticKind[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of kinds) {
    const hash = createHash('sha256');
    for (const size of SIZES) hash.update(corpusText(kind, size, rngFor(9, kind, size)));
    out[kind] = hash.digest('hex');
  }
  return out;
}

describe('corpus texts are deterministic', () => {
  it('a fresh process, building the corpora in another order, generates byte-identical texts', () => {
    const reversed = [...KINDS].reverse();
    const fresh = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', DIGEST_SOURCE, JSON.stringify(reversed), JSON.stringify(SIZES)],
      { cwd: process.cwd(), encoding: 'utf8' },
    );
    expect(JSON.parse(fresh)).toEqual(digests(KINDS));
  });

  it('generated scenarios use the corpus texts, their summarizer replies included', () => {
    const specs = fc.sample(scenarioSpecArbitrary(), { seed: 1, numRuns: 5 });
    for (const spec of specs) {
      expect(spec.session?.textSource).toBe('corpus');
      expect(resolveScenario(spec, { file: 'fuzz-case.yaml', baseDir: '.' }).world.summarizer.textSource).toBe(
        'corpus',
      );
    }
    const words = { name: 'words', session: { contextWindow: 8_000 }, turns: [{ user: 'ok' }] };
    expect(resolveScenario(words, { file: 'words.yaml', baseDir: '.' }).world.summarizer.textSource).toBeUndefined();
  });

  it('the same seed gives the same fuzz report in this thread and on two workers', async () => {
    // Two runs, each property failing on one of them; one shrink candidate (the failing
    // run replayed: in a worker on the isolated side) keeps each counterexample in the comparison.
    const base: FuzzOptions = {
      strategy: { name: 'threshold', options: {} },
      runs: 2,
      seed: 5,
      properties: ['no-overflow', 'no-loop', 'user-request-preserved'],
      outDir: null,
      cwd: process.cwd(),
      maxShrinkCandidates: 1,
    };
    const here = await runFuzz(base);
    expect(here.properties.every((property) => property.failed > 0 && property.counterexample !== null)).toBe(true);
    const workers = await runFuzz({ ...base, jobs: 2 });
    expect(workers).toEqual(here);
  });
});

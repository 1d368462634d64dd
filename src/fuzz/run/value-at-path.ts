/**
 * The generated value a fast-check seed + path points at (fast-check `PathWalker`): "<run>" is
 * run number <run>, each further ":<i>" a shrink step. The predicate fails on the first value it
 * sees (the one at the path) and holds for every later one, so nothing else is played.
 */
import fc from 'fast-check';

export function valueAtPath<T>(arbitrary: fc.Arbitrary<T>, seed: number, runs: number, path: string): T {
  let first: { value: T } | null = null;
  fc.check(
    fc.property(arbitrary, (value) => {
      if (first !== null) return true;
      first = { value };
      return false;
    }),
    { seed, numRuns: runs, path },
  );
  if (first === null) throw new Error(`fast-check path ${path} generated no value (seed ${seed}, ${runs} runs)`);
  return (first as { value: T }).value;
}

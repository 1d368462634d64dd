/**
 * Seeded randomness for the world. Every random choice derives from the scenario seed through a
 * named stream (VOPR style: one seed reproduces everything), and each generated item gets its own
 * stream, so what turn 7's tool returns never depends on how many draws a strategy caused earlier.
 */
import seedrandom from 'seedrandom';

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** A generator for the stream named by `seed` and `path` (e.g. `rngFor(7, 'turn', 3, 'tool', 0)`). */
export function rngFor(seed: number, ...path: readonly (string | number)[]): Rng {
  // Alea: fast to seed (we seed one stream per generated item) and well distributed.
  return new AleaRng(seedrandom.alea(`${seed}/${path.join('/')}`));
}

/** A class, not closures: the world seeds one stream per generated item, thousands per session. */
class AleaRng implements Rng {
  readonly #draw: () => number;

  constructor(draw: () => number) {
    this.#draw = draw;
  }

  next(): number {
    return this.#draw();
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.#draw() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('rng.pick: no items to pick from');
    return items[Math.floor(this.#draw() * items.length)] as T;
  }
}

/**
 * The world's time: a logical millisecond clock that only moves forward. adk-js stamps events with
 * `Date.now` and hides compacted events with a strict `timestamp > endTime`, so equal stamps are a
 * hazard (docs/adk-step-loop.md §4.3); every read here returns a strictly larger value than the one before.
 */

/** Same epoch as the differential verifier's fake clock, so both worlds stamp alike. */
export const WORLD_CLOCK_START_MS = 1_750_000_000_000;

export class LogicalClock {
  #now: number;

  constructor(startMs: number = WORLD_CLOCK_START_MS) {
    this.#now = startMs;
  }

  /** The current time, without advancing. */
  peek(): number {
    return this.#now;
  }

  /** Advances by 1 ms and returns the new time (what `Date.now` returns under the fake clock). */
  tick(): number {
    this.#now += 1;
    return this.#now;
  }

  /** Advances by `ms` (a summarizer timeout spends its deadline). */
  advance(ms: number): number {
    if (!(ms > 0)) throw new Error(`LogicalClock.advance: expected a positive duration, got ${ms}`);
    this.#now += ms;
    return this.#now;
  }
}

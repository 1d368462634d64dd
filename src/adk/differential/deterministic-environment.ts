/**
 * Makes the real adk-js 2.0.0 runtime deterministic for the differential verifier, and only there.
 *
 * adk-js reads three sources of nondeterminism (docs/adk-step-loop.md §4.3): `Date.now` / `new Date` for
 * event timestamps (llm_agent.js re-stamps the step's response shell with `new Date` + `getTime`),
 * `Math.random` for 8-character event ids, and `globalThis.crypto.randomUUID()` for invocation
 * ids and `adk-` function-call ids. While installed, the clock advances by exactly +1 ms on every
 * read (strictly increasing: adk-js hides compacted events with a strict `timestamp > endTime`, so
 * a constant clock would hide the current user message), `Math.random` is a seeded LCG and UUIDs
 * come from a counter. `install` returns the function that restores the real globals; the
 * verifier installs a fresh environment around each scenario so results never depend on order.
 */

/** Default start of the fake clock: a fixed epoch, so timestamps are equal across machines. */
export const FAKE_CLOCK_START_MS = 1_750_000_000_000;

export interface DeterministicEnvironmentOptions {
  readonly seed: number;
  readonly startMs?: number;
  /**
   * How far the clock moves per read (default 1). Only the quirk tests set 0, to show what a
   * constant (same-millisecond) clock does to adk-js compaction; the verifier never does.
   */
  readonly clockStepMs?: 0 | 1;
}

export type RestoreEnvironment = () => void;

let installed = false;

export function installDeterministicEnvironment(options: DeterministicEnvironmentOptions): RestoreEnvironment {
  if (installed) throw new Error('deterministic environment is already installed (runs must not overlap)');
  installed = true;
  const RealDate = Date; // clock-ok
  const realRandom = Math.random; // clock-ok
  const cryptoObject = globalThis.crypto;
  const ownUuid = Object.getOwnPropertyDescriptor(cryptoObject, 'randomUUID');

  let now = options.startMs ?? FAKE_CLOCK_START_MS;
  const step = options.clockStepMs ?? 1;
  const tick = (): number => {
    const read = now;
    now += step;
    return read;
  };
  const FakeDate = fakeDateClass(RealDate, tick);
  const random = seededLcg(options.seed);
  let uuidCounter = 0;

  globalThis.Date = FakeDate; // clock-ok
  Math.random = random; // clock-ok
  Object.defineProperty(cryptoObject, 'randomUUID', {
    configurable: true,
    writable: true,
    value: (): string => counterUuid(++uuidCounter), // clock-ok
  });

  return () => {
    globalThis.Date = RealDate; // clock-ok
    Math.random = realRandom; // clock-ok
    if (ownUuid === undefined) {
      delete (cryptoObject as { randomUUID?: unknown }).randomUUID;
    } else {
      Object.defineProperty(cryptoObject, 'randomUUID', ownUuid);
    }
    installed = false;
  };
}

/** A `Date` whose no-argument constructor and `now()` read the fake clock; everything else is real. */
function fakeDateClass(RealDate: DateConstructor, tick: () => number): DateConstructor {
  class FakeDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(tick());
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return tick();
    }
  }
  return FakeDate as DateConstructor;
}

/** Numerical Recipes LCG (mod 2^32), returning [0, 1): enough for adk-js's 8-char event ids. */
function seededLcg(seed: number): () => number {
  let state = (Math.imul(seed | 0, 2654435761) ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function counterUuid(counter: number): `${string}-${string}-${string}-${string}-${string}` {
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

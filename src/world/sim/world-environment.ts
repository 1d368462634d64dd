/** The nondeterminism ADK reads from globals, made explicit and seeded: ids and the clock. */
import { IdStreams } from './id-streams.ts';
import { LogicalClock } from './logical-clock.ts';

export interface WorldEnvironment {
  readonly ids: IdStreams;
  readonly clock: LogicalClock;
}

export function createWorldEnvironment(seed: number): WorldEnvironment {
  return { ids: new IdStreams(seed), clock: new LogicalClock() };
}

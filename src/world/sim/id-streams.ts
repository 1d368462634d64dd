/**
 * Deterministic identifiers in adk-js 2.0.0's formats: 8-character event ids (`createNewEventId`
 * draws from `Math.random`), `e-<uuid>` invocation ids and `adk-<uuid>` client function-call ids
 * (`crypto.randomUUID`). Event ids come from a seeded stream; UUIDs from a counter, as the
 * differential verifier's deterministic environment produces them.
 */
import { rngFor, type Rng } from './prng.ts';

const ASCII_LETTERS_AND_NUMBERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');

/** `00000000-0000-4000-8000-<n as 12 hex digits>`: a valid v4-shaped UUID from a counter. */
export function counterUuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export class IdStreams {
  readonly #eventIds: Rng;
  #uuids = 0;

  constructor(seed: number) {
    this.#eventIds = rngFor(seed, 'event-ids');
  }

  /** adk-js `createNewEventId`. */
  newEventId(): string {
    let id = '';
    for (let i = 0; i < 8; i += 1) id += this.#eventIds.pick(ASCII_LETTERS_AND_NUMBERS);
    return id;
  }

  /** adk-js `newInvocationContextId`: `e-<uuid>`. */
  newInvocationId(): string {
    return `e-${this.#nextUuid()}`;
  }

  /** adk-js `generateClientFunctionCallId`: `adk-<uuid>`. */
  newFunctionCallId(): string {
    return `adk-${this.#nextUuid()}`;
  }

  #nextUuid(): string {
    this.#uuids += 1;
    return counterUuid(this.#uuids);
  }
}

/**
 * The marker of a planted value: `FACT-` and 8 characters of Crockford base32 drawn from the
 * scenario seed and the fact's id and value number, so the same scenario always plants the same
 * markers. A draw that collides with a marker already taken is drawn again from the same stream
 * (still deterministic), so markers are unique in a session.
 */
import { rngFor } from '../sim/prng.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function factMarker(seed: number, id: string, value: number, taken: Set<string>): string {
  const rng = rngFor(seed, 'fact', id, value);
  for (;;) {
    let code = '';
    for (let i = 0; i < 8; i += 1) code += ALPHABET[rng.int(0, ALPHABET.length - 1)];
    const marker = `FACT-${code}`;
    if (!taken.has(marker)) {
      taken.add(marker);
      return marker;
    }
  }
}

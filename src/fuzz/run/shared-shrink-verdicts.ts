/**
 * The shrink candidates' verdicts, shared by the shrinks of one fuzz run. Each failing property
 * shrinks from its own first failure, but properties often fail first on the same run, and their
 * shrinks then try the very same candidates until their answers part: about half of the
 * candidates a run's shrinks tried had been played before (1,178 distinct of 2,192 for threshold,
 * 60 runs, seed 1). So a candidate is played once, judged on every property being shrunk, and its
 * verdicts are kept for the others.
 *
 * A verdict does not depend on which properties were judged beside it (each is a function of the
 * same played session), so every shrink tries the same candidates and ends exactly where it would
 * have alone. `deterministic-replay` is judged only when it is the one shrinking: its verdict needs
 * a second run, which the others would pay for nothing. Candidates are known by fast-check's own
 * rendering of the value (which tells -0 from 0 and keeps undefined fields), and the table is
 * bounded in bytes: past it, a new candidate is played without being kept. It lives as long as
 * the fuzz run's shrinking.
 */
import fc from 'fast-check';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import type { CasePlayer, CaseVerdicts } from './play-case.ts';

/** Candidate keys the table may hold: 32 MiB (two bytes a character, the worst case). */
const MAX_KEY_BYTES = 32 * 1024 * 1024;
/** Judged only when it is the property shrinking (see above). */
const REPLAY = 'deterministic-replay';

export class SharedShrinkVerdicts {
  readonly #properties: readonly PropertyName[];
  readonly #verdicts = new Map<string, CaseVerdicts>();
  #heldBytes = 0;

  /** `properties`: the ones this run shrinks. */
  constructor(properties: readonly PropertyName[]) {
    this.#properties = properties.filter((property) => property !== REPLAY);
  }

  /** `property`'s verdict on a shrink candidate, played (as a shrink candidate) unless already played. */
  async verdict(player: CasePlayer, spec: ScenarioSpec, property: PropertyName): Promise<Verdict> {
    if (!this.#properties.includes(property))
      return (await player.play(spec, [property], { shrinking: true })).get(property)!;
    const key = fc.stringify(spec);
    const known = this.#verdicts.get(key);
    if (known !== undefined) return known.get(property)!;
    const verdicts = await player.play(spec, this.#properties, { shrinking: true });
    if (this.#heldBytes + 2 * key.length <= MAX_KEY_BYTES) {
      this.#verdicts.set(key, verdicts);
      this.#heldBytes += 2 * key.length;
    }
    return verdicts.get(property)!;
  }
}

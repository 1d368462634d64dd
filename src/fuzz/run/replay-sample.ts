/**
 * Which runs `deterministic-replay` judges. The property plays a run a second time and compares
 * the trace digests, which nearly doubles the run's cost; a strategy that reads a clock,
 * `Math.random` or state kept across sessions diverges on almost every run it plays, so judging
 * one run in `sample` (runs 0, sample, 2·sample, ...: fixed by the run index, so a report never
 * depends on `--jobs`) finds it as surely at a tenth of the price. Asked for on its own, the
 * property judges every run. `--replay-sample 1` replays every run whatever else is checked.
 * Shrinking another property never replays (each candidate is judged on that property alone).
 */
import type { PropertyName } from '../../checker/properties/property.ts';

export const DEFAULT_REPLAY_SAMPLE = 10;
export const REPLAY_PROPERTY: PropertyName = 'deterministic-replay';

/** The sample when none is given: every run when deterministic-replay is the only property checked. */
export function defaultReplaySample(properties: readonly PropertyName[]): number {
  return properties.length === 1 && properties[0] === REPLAY_PROPERTY ? 1 : DEFAULT_REPLAY_SAMPLE;
}

/** The properties judged on run `run`: all of them, minus deterministic-replay off the sample. */
export function propertiesForRun(
  properties: readonly PropertyName[],
  run: number,
  sample: number,
): readonly PropertyName[] {
  if (run % sample === 0 || !properties.includes(REPLAY_PROPERTY)) return properties;
  return properties.filter((property) => property !== REPLAY_PROPERTY);
}

/** How many of `runs` runs the sample replays. */
export function replayedRuns(runs: number, sample: number): number {
  return Math.ceil(runs / sample);
}

/**
 * Known limitations, accepted on purpose. Every scenario is checked against the universal
 * properties for whatever strategy plays it; a violation fails the scenario unless an acceptance
 * names that strategy, that property and a reason. Acceptances live in the scenario file
 * (`accept:`, for the strategies its author knows) or in a per-strategy file given with
 * `--accept` (a user's own known limitations across suites they cannot edit). The reason is shown
 * in every report, so a tolerated violation is never silent.
 *
 * An acceptance tolerates the known violation, not the property: it pins the steps it was recorded
 * with, so a strategy that violates the property more, or elsewhere (a fork judged as the built-in
 * it names), fails. An acceptance that matches no violation of the strategy it names is stale and
 * fails the scenario: a tolerance nobody needs any more hides the next regression.
 */
import type { PropertyName } from '../../checker/properties/property.ts';
import type { PinnedStep } from './acceptance-steps.ts';

/** The properties a limitation may be accepted for (integrity failures never can be). */
export const ACCEPTABLE_PROPERTIES = [
  'no-overflow',
  'no-loop',
  'no-thrash',
  'no-orphans',
  'user-request-preserved',
  'summarizer-input-fits',
  'summarizer-input-budget',
  'no-summary-growth',
  'model-answers',
  'goal-preserved',
] as const satisfies readonly PropertyName[];

export type AcceptableProperty = (typeof ACCEPTABLE_PROPERTIES)[number];

export interface Acceptance {
  /** A built-in strategy name, or the `name` a module strategy reports. */
  readonly strategy: string;
  readonly property: AcceptableProperty;
  readonly reason: string;
  /**
   * The steps the violation was recorded at (acceptance-steps.ts): a violation anywhere else is
   * not tolerated. null only for an `--accept` entry written without steps (its author's own
   * strategy, any step).
   */
  readonly steps: readonly PinnedStep[] | null;
  /** The named rule it came from (acceptance-rules.ts), if any. */
  readonly rule?: string;
  /** From an `--accept` file: it names scenarios by pattern, so matching none here is not stale. */
  readonly fromFile?: boolean;
  /**
   * Set when the run replaced the file's seed (`--seed`): `steps` were recorded under this seed, so
   * where violations fall cannot be compared; the pin then bounds how many steps may violate.
   */
  readonly pinnedForSeed?: number;
  /** Written in a file of several sessions, for all of them: matching none in one session is not stale. */
  readonly sharedBySessions?: boolean;
}

/** A reported bug a scenario reproduces: played by `strategy`, `property` must break. */
export interface Reproduction {
  readonly strategy: string;
  readonly property: AcceptableProperty;
  /** Where it was reported ("owner/repo#123"). */
  readonly issue: string;
}

/** Who played the scenario, as acceptances name it. */
export interface StrategyIdentity {
  /** The built-in name, or the `name` the module strategy reports. */
  readonly name: string;
  /** A built-in: only then do acceptances written for a built-in's name apply. */
  readonly builtin: boolean;
}

/**
 * The acceptance covering `property` for `identity`, or null. An acceptance naming a built-in
 * never covers a module strategy that calls itself by the same name (a fork of `threshold` must
 * earn its own acceptances).
 */
export function findAcceptance<T extends { readonly strategy: string; readonly property: string }>(
  entries: readonly T[],
  identity: StrategyIdentity,
  property: PropertyName,
  builtinNames: ReadonlySet<string>,
): T | null {
  for (const entry of entries) {
    if (entry.property !== property || !namesStrategy(entry, identity, builtinNames)) continue;
    return entry;
  }
  return null;
}

/** Whether an entry written for `entry.strategy` applies to the strategy that played. */
export function namesStrategy(
  entry: { readonly strategy: string },
  identity: StrategyIdentity,
  builtinNames: ReadonlySet<string>,
): boolean {
  if (entry.strategy !== identity.name) return false;
  return identity.builtin || !builtinNames.has(entry.strategy);
}

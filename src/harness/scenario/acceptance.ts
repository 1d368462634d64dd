/**
 * Known limitations, accepted on purpose. Every scenario is checked against the universal
 * properties for whatever strategy plays it; a violation fails the scenario unless an acceptance
 * names that strategy, that property and a reason. Acceptances live in the scenario file
 * (`accept:`, for the strategies its author knows) or in a per-strategy file given with
 * `--accept` (a user's own known limitations across suites they cannot edit). The reason is shown
 * in every report, so a tolerated violation is never silent.
 */
import type { PropertyName } from '../../checker/properties/property.ts';

/** The properties a limitation may be accepted for (integrity failures never can be). */
export const ACCEPTABLE_PROPERTIES = [
  'no-overflow',
  'no-loop',
  'no-thrash',
  'no-orphans',
  'user-request-preserved',
  'summarizer-input-fits',
  'goal-preserved',
] as const satisfies readonly PropertyName[];

export type AcceptableProperty = (typeof ACCEPTABLE_PROPERTIES)[number];

export interface Acceptance {
  /** A built-in strategy name, or the `name` a module strategy reports. */
  readonly strategy: string;
  readonly property: AcceptableProperty;
  readonly reason: string;
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
export function namesStrategy(entry: { readonly strategy: string }, identity: StrategyIdentity, builtinNames: ReadonlySet<string>): boolean {
  if (entry.strategy !== identity.name) return false;
  return identity.builtin || !builtinNames.has(entry.strategy);
}

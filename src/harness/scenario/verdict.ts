/**
 * A scenario's verdict: what its file expects (expectations.ts), plus the universal properties
 * every scenario checks for every strategy (the fuzzer's properties, with the same infeasibility
 * rules), minus the violations an acceptance names. A strategy that overflows a window it could
 * have fitted is never reported as passing unless an acceptance names it, whatever the file
 * expects.
 *
 * - failures: what makes the scenario fail (integrity first, then the file's expectations, then
 *   the universal properties the file's expectations did not already report);
 * - accepted: violations tolerated by an acceptance, with its reason (shown in every report), only
 *   at the steps the acceptance pins: a violation elsewhere fails, naming the steps outside the pin;
 * - stale: acceptances for the strategy that played that matched no violation (each also a failure);
 * - infeasible: violations no strategy could have avoided here, with the condition that proves it;
 * - reproduced: violations the file's `reproduces` list expected of this strategy (a reported
 *   bug, shown as reproduced); a listed bug that does not reproduce fails the scenario.
 */
import { prepareRequestFloor } from '../../checker/infeasibility/measure-floor.ts';
import type { InfeasibilityReason } from '../../checker/infeasibility/infeasibility.ts';
import { propertyByName } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { SessionResult } from '../../world/session-result.ts';
import { ACCEPTABLE_PROPERTIES, findAcceptance, namesStrategy, type StrategyIdentity } from './acceptance.ts';
import { formatSteps, unpinnedSteps } from './acceptance-steps.ts';
import { checkExpectations, type ExpectationFailure } from './expectations.ts';
import { violatingSteps } from './violating-steps.ts';
import type { ResolvedScenario } from './resolved-scenario.ts';

export interface AcceptedViolation {
  readonly property: PropertyName;
  readonly strategy: string;
  readonly reason: string;
  /** What was violated, as the property reports it. */
  readonly message: string;
}

/** A violation the file said this strategy's reported bug produces: the bug reproduced. */
export interface ReproducedViolation {
  readonly property: PropertyName;
  readonly strategy: string;
  readonly issue: string;
  readonly message: string;
}

export interface InfeasibleViolation {
  readonly property: PropertyName;
  readonly reason: InfeasibilityReason;
  /** The numbers that prove it. */
  readonly detail: string;
  readonly message: string;
}

/**
 * An acceptance for the strategy that played which matched no violation in the run: the tolerance
 * is no longer needed (or the scenario no longer shows what it was written for). It fails the
 * scenario, so a stale tolerance cannot hide the next regression; reported in every format.
 */
export interface StaleAcceptance {
  readonly property: PropertyName;
  readonly strategy: string;
  readonly reason: string;
  readonly message: string;
}

export interface ScenarioVerdict {
  readonly failures: readonly ExpectationFailure[];
  readonly accepted: readonly AcceptedViolation[];
  readonly stale: readonly StaleAcceptance[];
  readonly infeasible: readonly InfeasibleViolation[];
  readonly reproduced: readonly ReproducedViolation[];
}

/** The universal properties, in report order. */
export const UNIVERSAL_PROPERTIES: readonly PropertyName[] = ACCEPTABLE_PROPERTIES;

export async function judgeScenario(
  scenario: ResolvedScenario,
  result: SessionResult,
  identity: StrategyIdentity,
  builtinNames: ReadonlySet<string>,
): Promise<ScenarioVerdict> {
  // A file's expectations may be about some strategies only (appliesTo): integrity always counts.
  const applies =
    scenario.expect.appliesTo === undefined ||
    scenario.expect.appliesTo.some((strategy) => namesStrategy({ strategy }, identity, builtinNames));
  const failures = [...checkExpectations(applies ? scenario : { ...scenario, expect: {} }, result)];
  const accepted: AcceptedViolation[] = [];
  const infeasible: InfeasibleViolation[] = [];
  const reproduced: ReproducedViolation[] = [];
  await prepareRequestFloor(scenario.world);
  for (const name of UNIVERSAL_PROPERTIES) {
    const property = propertyByName(name);
    const violation = property.check(scenario.world, result);
    const bug = findAcceptance(scenario.reproduces, identity, name, builtinNames);
    if (bug !== null) {
      // A museum scenario: the reported bug must show, as a violation some strategy could have avoided.
      if (violation !== null && violation.infeasible === null) {
        reproduced.push({
          property: name,
          strategy: bug.strategy,
          issue: bug.issue,
          message: `${name}: ${violation.message}`,
        });
      } else {
        const why =
          violation === null
            ? 'it held'
            : `its violation was infeasible (${violation.infeasible!.reason}), so it proves nothing`;
        failures.push({
          expectation: 'reproduces',
          message: `reproduces: ${bug.issue} did not reproduce: ${name} was expected to break for ${bug.strategy}, but ${why}`,
        });
      }
      continue;
    }
    if (violation === null) continue;
    const message = `${name}: ${violation.message}`;
    // A strict expectation of the file already failed on this property: say it once.
    if (property.expectKey !== null && failures.some((failure) => failure.expectation === property.expectKey)) continue;
    if (violation.infeasible !== null) {
      infeasible.push({
        property: name,
        reason: violation.infeasible.reason,
        detail: violation.infeasible.detail,
        message,
      });
      continue;
    }
    const acceptance = findAcceptance(scenario.accept, identity, name, builtinNames);
    if (acceptance !== null && acceptance.steps === null && acceptance.fromFile !== true) {
      failures.push({
        expectation: name,
        message: `${message}; the acceptance for ${acceptance.strategy} pins no steps, so it tolerates nothing: record them (npm run accept:record) and review the diff`,
      });
      continue;
    }
    if (acceptance !== null) {
      const violating = violatingSteps(acceptance.property, scenario.world, result);
      if (acceptance.pinnedForSeed !== undefined && acceptance.pinnedForSeed !== scenario.world.seed) {
        const most = acceptance.steps?.length ?? 0;
        if (violating.length <= most) {
          accepted.push({ property: name, strategy: acceptance.strategy, reason: acceptance.reason, message });
        } else {
          failures.push({
            expectation: name,
            message:
              `${message}; the acceptance for ${acceptance.strategy} was recorded under seed ${acceptance.pinnedForSeed} with ${most} violating ` +
              `step${most === 1 ? '' : 's'}, and this run (seed ${scenario.world.seed}) has ${violating.length}`,
          });
        }
        continue;
      }
      const outside = unpinnedSteps(violating, acceptance.steps);
      if (outside.length === 0) {
        accepted.push({ property: name, strategy: acceptance.strategy, reason: acceptance.reason, message });
        continue;
      }
      failures.push({
        expectation: name,
        message:
          `${message}; the acceptance for ${acceptance.strategy} tolerates steps ${formatSteps(acceptance.steps ?? [])} only, ` +
          `and this run also violates it at step${outside.length === 1 ? '' : 's'} ${formatSteps(outside)}`,
      });
      continue;
    }
    failures.push({ expectation: name, message });
  }
  const stale = staleAcceptances(scenario, identity, builtinNames, accepted, failures);
  for (const entry of stale) failures.push({ expectation: 'stale-acceptance', message: entry.message });
  return { failures, accepted, stale, infeasible, reproduced };
}

/**
 * The acceptances written for the strategy that played (not lent to a fork by `judgedAs`: a fork
 * that fixed a built-in's limitation owes nothing to the built-in's tolerances, and not an
 * `--accept` file's, which names scenarios by pattern, nor a file's shared by several sessions,
 * which may fire in another one) that matched no violation: no violation of
 * their property at all, or only an excused one. A property whose violation already failed the
 * scenario (beyond the pin, or through a strict expectation) is not stale: it still happens.
 */
function staleAcceptances(
  scenario: ResolvedScenario,
  identity: StrategyIdentity,
  builtinNames: ReadonlySet<string>,
  accepted: readonly AcceptedViolation[],
  failures: readonly ExpectationFailure[],
): StaleAcceptance[] {
  if (scenario.strategy.judgedAs !== undefined) return [];
  const stillViolated = new Set<string>([
    ...accepted.map((entry) => entry.property),
    ...failures.map((failure) => failure.expectation),
    ...UNIVERSAL_PROPERTIES.filter((name) => {
      const key = propertyByName(name).expectKey;
      return key !== null && failures.some((failure) => failure.expectation === key);
    }),
  ]);
  return scenario.accept
    .filter(
      (entry) =>
        entry.fromFile !== true &&
        entry.sharedBySessions !== true &&
        namesStrategy(entry, identity, builtinNames) &&
        !stillViolated.has(entry.property),
    )
    .filter((entry) => findAcceptance(scenario.reproduces, identity, entry.property, builtinNames) === null)
    .map((entry) => ({
      property: entry.property,
      strategy: entry.strategy,
      reason: entry.reason,
      message:
        `stale-acceptance: ${entry.property} is accepted for ${entry.strategy}${entry.rule === undefined ? '' : ` (rule ${entry.rule})`} ` +
        `but this run has no ${entry.property} violation to tolerate: remove the acceptance, or re-record it (npm run accept:record)`,
    }));
}

/**
 * A scenario's verdict: what its file expects (expectations.ts), plus the universal properties
 * every scenario checks for every strategy (the fuzzer's properties, with the same infeasibility
 * rules), minus the violations an acceptance names. A strategy that overflows a window it could
 * have fitted is never reported as passing unless an acceptance names it, whatever the file
 * expects.
 *
 * - failures: what makes the scenario fail (integrity first, then the file's expectations, then
 *   the universal properties the file's expectations did not already report);
 * - accepted: violations tolerated by an acceptance, with its reason (shown in every report);
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
import { checkExpectations, type ExpectationFailure } from './expectations.ts';
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

export interface ScenarioVerdict {
  readonly failures: readonly ExpectationFailure[];
  readonly accepted: readonly AcceptedViolation[];
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
  const applies = scenario.expect.appliesTo === undefined
    || scenario.expect.appliesTo.some((strategy) => namesStrategy({ strategy }, identity, builtinNames));
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
        reproduced.push({ property: name, strategy: bug.strategy, issue: bug.issue, message: `${name}: ${violation.message}` });
      } else {
        const why = violation === null ? 'it held' : `its violation was infeasible (${violation.infeasible!.reason}), so it proves nothing`;
        failures.push({ expectation: 'reproduces', message: `reproduces: ${bug.issue} did not reproduce: ${name} was expected to break for ${bug.strategy}, but ${why}` });
      }
      continue;
    }
    if (violation === null) continue;
    const message = `${name}: ${violation.message}`;
    // A strict expectation of the file already failed on this property: say it once.
    if (property.expectKey !== null && failures.some((failure) => failure.expectation === property.expectKey)) continue;
    if (violation.infeasible !== null) {
      infeasible.push({ property: name, reason: violation.infeasible.reason, detail: violation.infeasible.detail, message });
      continue;
    }
    const acceptance = findAcceptance(scenario.accept, identity, name, builtinNames);
    if (acceptance !== null) {
      accepted.push({ property: name, strategy: acceptance.strategy, reason: acceptance.reason, message });
      continue;
    }
    failures.push({ expectation: name, message });
  }
  return { failures, accepted, infeasible, reproduced };
}

/**
 * `compaction-sim/fuzz`: the fuzzer's building blocks for property tests in your own suite
 * (vitest with `@fast-check/vitest`, jest, `node:test` with `fc.assert`): the fast-check
 * arbitrary of whole scenarios, some of its parts, the eleven properties and `checkScenario`,
 * which plays one scenario through your strategy and judges it. The whole fuzz run (explore,
 * shrink, write counterexamples) is `fuzz()` in `compaction-sim/api`.
 */
export { scenarioSpecArbitrary } from '../fuzz/arbitraries/scenario-spec.ts';
export { contextWindowArbitrary, NOTABLE_WINDOWS } from '../fuzz/arbitraries/context-window.ts';
export { tokenRatioArbitrary } from '../fuzz/arbitraries/token-model.ts';

export { checkScenario } from './check-scenario.ts';
export type { CheckScenarioOptions, ScenarioCheck } from './check-scenario.ts';

// The properties in report order, each with its name, description and scenario-file `expect` key.
export { PROPERTIES, PROPERTY_NAMES, propertyByName } from '../checker/properties/index.ts';
export type { ExpectKey, FuzzProperty, PropertyName, PropertyViolation } from '../checker/properties/index.ts';
export type { Infeasibility, InfeasibilityReason } from '../checker/infeasibility/infeasibility.ts';
export type { Verdict } from '../checker/verdict.ts';
export type { ScenarioSpec } from '../harness/scenario/scenario-schema.ts';

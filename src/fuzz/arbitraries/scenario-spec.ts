/**
 * Whole scenarios in the scenario-file model (`ScenarioSpec`): what the fuzzer plays, and what a
 * counterexample is written as. Generated as a draft (sizes anchored to the window) and mapped to
 * plain numbers, so shrinking works on the draft and every value stays a valid scenario file.
 */
import type fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/scenario-schema.ts';
import { buildScenarioSpec } from './_internals/build-scenario-spec.ts';
import { scenarioDraftArbitrary } from './scenario-draft.ts';

export function scenarioSpecArbitrary(): fc.Arbitrary<ScenarioSpec> {
  return scenarioDraftArbitrary().map(buildScenarioSpec);
}

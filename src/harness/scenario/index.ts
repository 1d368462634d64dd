/**
 * Scenario files: the format (zod schema + generated JSON Schema), loading with located errors,
 * resolution into the world's `WorldScenario`, and expectation checks. Explicit named exports.
 */
export type {
  ExpectSpec,
  ScenarioSpec,
} from './scenario-schema.ts';
export { scenarioSchema } from './scenario-schema.ts';
export { issue, ScenarioError } from './scenario-error.ts';

export type { ResolvedScenario, ResolvedStrategy } from './resolved-scenario.ts';
export {
  resolveScenario,
  resolveScenarios,
} from './resolve-scenario.ts';
export { GO_SUMMARY_TEXT } from './profiles.ts';
export { ruleMatches } from './resolve-turns.ts';
export { parseScenarioSource } from './parse-scenario-source.ts';
export {
  displayPath,
  loadScenario,
  loadScenarioFileSource,
  loadScenarioSource,
} from './load-scenario.ts';
export { loadScenarios, matchesFilter } from './load-scenarios.ts';
export { serializeScenario } from './serialize-scenario.ts';
export { scenarioJsonSchema, scenarioJsonSchemaText } from './write-json-schema.ts';

export type { ExpectationFailure } from './expectations.ts';
export { checkExpectations, formatCount } from './expectations.ts';

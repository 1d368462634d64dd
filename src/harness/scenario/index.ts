/**
 * Scenario files: the format (zod schema + generated JSON Schema), loading with located errors,
 * resolution into the world's `WorldScenario`, and expectation checks. Explicit named exports.
 */
export type {
  AttachmentSpecInput,
  ExpectSpec,
  GeneratedTextSpec,
  IndependentSessionSpec,
  ModelResponseSpec,
  PhaseSpec,
  RuleSpec,
  ScenarioSpec,
  SessionSpec,
  SizeSpec,
  TokenModelInput,
  ToolSpec,
  TurnGroupSpec,
  UserMessageSpec,
} from './scenario-schema.ts';
export { CONTENT_KINDS, scenarioSchema } from './scenario-schema.ts';

export type { IssuePath, ScenarioErrorCode, ScenarioIssue } from './scenario-error.ts';
export { formatIssuePath, formatScenarioIssues, issue, ScenarioError } from './scenario-error.ts';

export type { ResolvedScenario, ResolvedStrategy } from './resolved-scenario.ts';
export type { ResolveOptions } from './resolve-scenario.ts';
export {
  DEFAULT_EXCEED_FACTOR,
  DEFAULT_MAX_LLM_CALLS_PER_TURN,
  DEFAULT_SEED,
  DEFAULT_THRASH,
  resolveScenario,
  resolveScenarios,
} from './resolve-scenario.ts';
export { DEFAULT_MODEL, DEFAULT_TOKEN_RATIO } from './resolve-phases.ts';
export type { ProfileName } from './profiles.ts';
export { DEFAULT_MODEL_RESPONSE_SIZE, GO_SUMMARY_TEXT } from './profiles.ts';
export { ruleMatches } from './resolve-turns.ts';
export { drawSize } from './seeded-size.ts';

export type { ParsedScenarioSource } from './parse-scenario-source.ts';
export { parseScenarioSource } from './parse-scenario-source.ts';
export type { LoadScenarioOptions } from './load-scenario.ts';
export { displayPath, loadScenario, loadScenarioFile, loadScenarioFileSource, loadScenarioSource } from './load-scenario.ts';
export type { LoadScenariosOptions } from './load-scenarios.ts';
export { isScenarioFile, loadScenarios, matchesFilter } from './load-scenarios.ts';
export type { SerializeScenarioOptions } from './serialize-scenario.ts';
export { DEFAULT_SCHEMA_PATH, serializeScenario } from './serialize-scenario.ts';
export { scenarioJsonSchema, scenarioJsonSchemaText } from './write-json-schema.ts';

export type { ExpectationFailure, Expectations } from './expectations.ts';
export { checkExpectations, formatCount } from './expectations.ts';

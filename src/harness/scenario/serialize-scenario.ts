/**
 * `ScenarioSpec` → scenario file text (YAML), e.g. a fuzzer counterexample. The result loads
 * back to the same spec; the first line points editors at the JSON Schema.
 */
import { stringify } from 'yaml';
import type { ScenarioSpec } from './scenario-schema.ts';

export interface SerializeScenarioOptions {
  /** Path or URL of `scenario.schema.json` as seen from where the file will live. */
  readonly schemaPath?: string;
}

/** Where scenario files usually live: one folder below `scenarios/`. */
export const DEFAULT_SCHEMA_PATH = '../scenario.schema.json';

export function serializeScenario(spec: ScenarioSpec, options: SerializeScenarioOptions = {}): string {
  const { $schema: _ignored, ...rest } = spec;
  const body = stringify(rest, { lineWidth: 0, aliasDuplicateObjects: false });
  return `# yaml-language-server: $schema=${options.schemaPath ?? DEFAULT_SCHEMA_PATH}\n${body}`;
}

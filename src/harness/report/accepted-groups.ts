/**
 * The accepted limitations of a run, grouped once per (strategy, reason): a suite whose every
 * scenario passes only under the same acceptance prints that reason once, with the properties it
 * covers and how many scenarios (listed when few), instead of once per scenario.
 */
import type { ScenarioRecord } from './suite-report.ts';

export interface AcceptedGroup {
  readonly strategy: string;
  readonly reason: string;
  /** The properties tolerated for this reason, in first-seen order. */
  readonly properties: readonly string[];
  /** The scenarios it was applied to, in report order, each once. */
  readonly scenarios: readonly string[];
}

/** Groups in first-seen order, so the output follows the report's scenario order. */
export function acceptedGroups(records: readonly ScenarioRecord[]): AcceptedGroup[] {
  const groups = new Map<string, { strategy: string; reason: string; properties: string[]; scenarios: string[] }>();
  for (const record of records) {
    for (const item of record.accepted) {
      const key = JSON.stringify([item.strategy, item.reason]);
      const group = groups.get(key) ?? { strategy: item.strategy, reason: item.reason, properties: [], scenarios: [] };
      if (!group.properties.includes(item.property)) group.properties.push(item.property);
      if (group.scenarios.at(-1) !== record.name) group.scenarios.push(record.name);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/**
 * A written acceptance (a scenario file's `accept` entry or an `--accept` file's) as the verdict
 * uses it: a rule's strategy, property and reason filled in, the pinned steps parsed. The schema
 * has already refused an unknown rule, a half-written entry and malformed steps.
 */
import type { AcceptableProperty, Acceptance } from './acceptance.ts';
import { acceptanceRule } from './acceptance-rules.ts';
import { parseSteps } from './acceptance-steps.ts';

export interface WrittenAcceptance {
  readonly rule?: string | undefined;
  readonly strategy?: string | undefined;
  readonly property?: AcceptableProperty | undefined;
  readonly reason?: string | undefined;
  readonly steps?: string | undefined;
}

export function resolveAcceptance(entry: WrittenAcceptance): Acceptance {
  const rule = entry.rule === undefined ? null : acceptanceRule(entry.rule);
  const strategy = rule?.strategy ?? entry.strategy;
  const property = rule?.property ?? entry.property;
  const reason = rule?.reason ?? entry.reason;
  if (strategy === undefined || property === undefined || reason === undefined) {
    throw new Error(
      `acceptance without strategy, property or reason (the schema should have refused it): ${JSON.stringify(entry)}`,
    );
  }
  const parsed = entry.steps === undefined ? null : parseSteps(entry.steps);
  if (parsed !== null && !parsed.ok) throw new Error(`acceptance steps '${entry.steps}': ${parsed.message}`);
  return {
    strategy,
    property,
    reason,
    steps: parsed === null ? null : parsed.steps,
    ...(entry.rule === undefined ? {} : { rule: entry.rule }),
  };
}

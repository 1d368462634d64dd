/**
 * Named acceptance rules: one known limitation of a built-in strategy, written once and referenced
 * by name from every scenario that shows it (`accept: [{ rule: <name>, steps: "…" }]`), instead of
 * the same reason copied into each file. A rule says who (strategy), what (property) and why
 * (reason); the scenario still pins where (the steps it was recorded with), so a rule never
 * tolerates a violation the scenario did not show.
 */
import type { AcceptableProperty } from './acceptance.ts';

export interface AcceptanceRule {
  readonly strategy: string;
  readonly property: AcceptableProperty;
  readonly reason: string;
}

export const ACCEPTANCE_RULES: Readonly<Record<string, AcceptanceRule>> = {
  'go-compat-continuation-without-user-content': {
    strategy: 'threshold',
    property: 'user-request-preserved',
    reason:
      "go-compat hides the invocation's user content from callbacks (like upstream's simulator) and ContextGuard's continuation " +
      "quotes only that content, so the steps after a compaction carry no copy of the user's message; the request the host built " +
      'still held it (the hardened strategy keeps it), so no rule excuses it (faithful to adk-utils-go).',
  },
};

/** The rule called `name`, or null. */
export function acceptanceRule(name: string): AcceptanceRule | null {
  return Object.hasOwn(ACCEPTANCE_RULES, name) ? ACCEPTANCE_RULES[name]! : null;
}

/**
 * What kind of evidence a report's verdicts are, said the same way in every format: the behaviour
 * properties every scenario was judged on (what happened in the session, measured by the world),
 * then the contract checks (what a strategy declares about itself), which `fuzz` runs and
 * `simulate` does not.
 */
import { PROPERTIES, propertyKind } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { SuiteReport } from './suite-report.ts';

export interface PropertyKindGroups {
  readonly behaviour: readonly PropertyName[];
  readonly contract: readonly PropertyName[];
}

export const BEHAVIOUR_HEADING = 'Behaviour properties (judged on what happened in each session)';
export const CONTRACT_HEADING = 'Contract checks (what a strategy declares about itself; run by fuzz, not judged here)';

/** The report's judged properties, by kind, and the contract checks it did not run; null for a report that lists none. */
export function propertyKindGroups(report: Pick<SuiteReport, 'properties'>): PropertyKindGroups | null {
  const judged = report.properties ?? [];
  if (judged.length === 0) return null;
  const names = new Set(judged.map((property) => property.name));
  return {
    behaviour: judged.filter((property) => property.kind === 'behaviour').map((property) => property.name),
    contract: [
      ...judged.filter((property) => property.kind === 'contract').map((property) => property.name),
      ...PROPERTIES.filter((property) => propertyKind(property) === 'contract' && !names.has(property.name)).map(
        (property) => property.name,
      ),
    ],
  };
}

/** The two groups as two lines of plain text ('' for a report that lists none). */
export function propertyKindsText(
  report: Pick<SuiteReport, 'properties'>,
  format: (name: string) => string = (name) => name,
): string {
  const groups = propertyKindGroups(report);
  if (groups === null) return '';
  const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.map(format).join(', '));
  return `${BEHAVIOUR_HEADING}: ${list(groups.behaviour)}.\n${CONTRACT_HEADING}: ${list(groups.contract)}.`;
}

/**
 * The one line the terminal table gives it (a first screen: the full lists are in report.md and
 * report.html); '' for a report that lists none.
 */
export function propertyKindsLine(report: Pick<SuiteReport, 'properties'>): string {
  const groups = propertyKindGroups(report);
  if (groups === null) return '';
  return (
    `Judged: ${groups.behaviour.length} behaviour properties (what happened); ` +
    `${groups.contract.length} contract checks (what a strategy declares) run in fuzz.`
  );
}

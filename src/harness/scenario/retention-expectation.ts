/**
 * `expect.retention`: the share of each kind of planted fact retained (kept verbatim or carried by
 * a summary) on the last request of the session. A number is a minimum; a string a bound such as
 * ">= 0.9". A kind bounded but never probed fails too: an expectation that cannot be checked must
 * not pass silently.
 */
import type { FactKind } from '../../world/facts/fact-types.ts';
import type { SessionResult } from '../../world/session-result.ts';
import type { RetentionExpectation } from './facts-schema.ts';
import { RETENTION_BOUND } from './retention-bound.ts';

export interface RetentionFailure {
  readonly expectation: 'retention';
  readonly message: string;
}

const HOLDS: Readonly<Record<string, (actual: number, bound: number) => boolean>> = {
  '>=': (a, b) => a >= b,
  '>': (a, b) => a > b,
  '<=': (a, b) => a <= b,
  '<': (a, b) => a < b,
  '==': (a, b) => a === b,
};

export function checkRetention(expected: RetentionExpectation | undefined, result: SessionResult): RetentionFailure[] {
  if (expected === undefined) return [];
  const failures: RetentionFailure[] = [];
  for (const [kind, bound] of Object.entries(expected) as [FactKind, number | string][]) {
    const [operator, value] = typeof bound === 'number' ? ['>=', bound] : parseBound(bound);
    const measured = result.retention?.byKind[kind];
    if (measured === undefined) {
      failures.push({
        expectation: 'retention',
        message: `retention: no ${kind} fact was probed (none planted, or the session ended before one was), expected ${operator} ${value}`,
      });
      continue;
    }
    if (HOLDS[operator]!(measured.ratio, value)) continue;
    const lost = result.retention!.facts.filter(
      (fact) => fact.kind === kind && fact.final !== 'kept' && fact.final !== 'summary',
    );
    const which = lost
      .map((fact) => `${fact.id} ${fact.final}${fact.lostAtStep === null ? '' : ` since step ${fact.lostAtStep}`}`)
      .join(', ');
    failures.push({
      expectation: 'retention',
      message: `retention: ${kind} ${measured.retained}/${measured.facts} retained on the last request (${measured.ratio}), expected ${operator} ${value}${which === '' ? '' : ` (${which})`}`,
    });
  }
  return failures;
}

function parseBound(bound: string): [string, number] {
  const match = RETENTION_BOUND.exec(bound);
  if (!match) throw new Error(`retention bound '${bound}' passed the schema but does not parse`);
  return [match[1]!, Number(match[2])];
}

/**
 * Issue 29 in `compare`: what each contender retained of the planted facts, by kind, summed over
 * the scenarios that plant them (facts retained on the last request of each session), and the
 * share that ranks contenders after correctness. Absent for suites without facts, so their
 * comparisons are unchanged.
 */
import { FACT_KINDS } from '../world/facts/fact-types.ts';
import type { RetentionByKind } from '../world/facts/retention.ts';

/** The share of all planted facts retained (null without facts): the league's order after correctness. */
export function retainedShare(byKind: RetentionByKind | undefined): number | null {
  if (byKind === undefined) return null;
  let facts = 0;
  let retained = 0;
  for (const kind of FACT_KINDS) {
    facts += byKind[kind]?.facts ?? 0;
    retained += byKind[kind]?.retained ?? 0;
  }
  return facts === 0 ? null : retained / facts;
}

/** "92.5%" of a kind, or '—' when no fact of that kind was probed. */
export function retentionPercent(
  byKind: RetentionByKind | undefined,
  kind: (typeof FACT_KINDS)[number] | 'all',
): string {
  if (byKind === undefined) return '—';
  if (kind === 'all') {
    const share = retainedShare(byKind);
    return share === null ? '—' : `${(share * 100).toFixed(1)}%`;
  }
  const item = byKind[kind];
  return item === undefined ? '—' : `${((item.retained / item.facts) * 100).toFixed(1)}%`;
}

export const RETENTION_HEADERS = ['all', ...FACT_KINDS] as const;

export const RETENTION_NOTE =
  'Planted facts (issue 29) retained on the last request of each session, kept verbatim or carried by a summary, over every scenario that plants them; the simulated summarizer keeps facts by its declared retention profile (README "What survives a compaction"). Ranked after correctness: passed, breakages, then the share retained.';

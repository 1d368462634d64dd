/**
 * Retention in fuzz reports (issue 29): what the strategy kept of the facts the generator planted,
 * summed by kind over the explored runs that planted some (each run's facts retained on its last
 * request, as the world's probe saw them). Pure; shards merge by adding the counts.
 */
import { FACT_KINDS } from '../../world/facts/fact-types.ts';
import type { FactState } from '../../world/facts/fact-types.ts';
import { sumRetention, type RetentionByKind } from '../../world/facts/retention.ts';

/** One run's retention: by kind, and each fact's state on the last request (differential fuzzing compares them). */
export interface RunRetention {
  readonly byKind: RetentionByKind;
  readonly final: Readonly<Record<string, FactState>>;
}

export interface FuzzRetention {
  /** Explored runs whose session planted facts (and was probed). */
  readonly runs: number;
  /** Facts retained on the last request, by kind, summed over those runs. */
  readonly byKind: RetentionByKind;
}

/** `total` with one more run's retention (or the first one: `total` null). */
export function addRetention(total: FuzzRetention | null, byKind: RetentionByKind): FuzzRetention {
  return sumRetentions([total ?? { runs: 0, byKind: {} }, { runs: 1, byKind }])!;
}

/** Several reports' retention summed (shards of one run); null when none has any. */
export function sumRetentions(items: readonly (FuzzRetention | null | undefined)[]): FuzzRetention | null {
  const present = items.filter((item): item is FuzzRetention => item !== null && item !== undefined);
  if (present.length === 0) return null;
  const byKind = sumRetention(present.map((item) => item.byKind)) ?? {};
  return { runs: present.reduce((sum, item) => sum + item.runs, 0), byKind };
}

/** "retention over 37 runs that planted facts (last request): goal 92.0% (23/25), artifact 40.0% (8/20)". */
export function retentionLine(retention: FuzzRetention): string {
  const kinds = FACT_KINDS.flatMap((kind) => {
    const item = retention.byKind[kind];
    return item ? [`${kind} ${((item.retained / item.facts) * 100).toFixed(1)}% (${item.retained}/${item.facts})`] : [];
  });
  return `retention over ${retention.runs} run${retention.runs === 1 ? '' : 's'} that planted facts (on the last request): ${kinds.join(', ')}`;
}

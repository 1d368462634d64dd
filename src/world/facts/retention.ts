/**
 * Retention read-outs of a session with planted facts, from the probes on its steps: per fact its
 * state on the last request and the first step it was not retained (lost or stale), and per kind
 * the share retained at the end and on each step that compacted (the summarizer was called, or
 * the request was cut without a summary; a step that only re-injects a stored summary is not one). Pure over the step records.
 */
import { FACT_KINDS, isRetained, type FactKind, type FactState, type WorldFact } from './fact-types.ts';

export interface StepFacts {
  readonly step: number;
  /** The step compacted: it called the summarizer, or shrank the request without a summary (`trimmed`). */
  readonly compaction: boolean;
  readonly facts?: Readonly<Record<string, FactState>>;
}

export interface FactOutcome {
  readonly id: string;
  readonly kind: FactKind;
  /** The first step that probed it (its value had reached the session). */
  readonly fromStep: number;
  /** Its state on the last request probed. */
  readonly final: FactState;
  /** The first step it was lost or stale; null when it never was. */
  readonly lostAtStep: number | null;
}

export interface KindRetention {
  readonly facts: number;
  readonly retained: number;
  /** retained / facts, to 3 decimals. */
  readonly ratio: number;
}

export type RetentionByKind = Partial<Record<FactKind, KindRetention>>;

export interface SessionRetention {
  readonly facts: readonly FactOutcome[];
  /** At the end of the session: the last request probed. */
  readonly byKind: RetentionByKind;
  /** On each step that compacted (after it had planted facts). */
  readonly atCompactions: readonly { readonly step: number; readonly byKind: RetentionByKind }[];
}

/** undefined when the scenario plants no facts or none was probed. */
export function sessionRetention(
  facts: readonly WorldFact[],
  steps: readonly StepFacts[],
): SessionRetention | undefined {
  const probed = steps.filter((step) => step.facts !== undefined);
  if (facts.length === 0 || probed.length === 0) return undefined;
  const last = probed[probed.length - 1]!.facts!;
  const outcomes: FactOutcome[] = [];
  for (const fact of facts) {
    const first = probed.find((step) => step.facts![fact.id] !== undefined);
    if (!first) continue;
    const lost = probed.find((step) => {
      const state = step.facts![fact.id];
      return state !== undefined && !isRetained(state);
    });
    outcomes.push({
      id: fact.id,
      kind: fact.kind,
      fromStep: first.step,
      final: last[fact.id] ?? 'lost',
      lostAtStep: lost?.step ?? null,
    });
  }
  const kindOf = new Map(facts.map((fact) => [fact.id, fact.kind]));
  return {
    facts: outcomes,
    byKind: byKind(last, kindOf),
    atCompactions: probed
      .filter((step) => step.compaction)
      .map((step) => ({ step: step.step, byKind: byKind(step.facts!, kindOf) })),
  };
}

function byKind(states: Readonly<Record<string, FactState>>, kindOf: ReadonlyMap<string, FactKind>): RetentionByKind {
  const counts = new Map<FactKind, { facts: number; retained: number }>();
  for (const [id, state] of Object.entries(states)) {
    const kind = kindOf.get(id);
    if (!kind) continue;
    const count = counts.get(kind) ?? { facts: 0, retained: 0 };
    count.facts += 1;
    if (isRetained(state)) count.retained += 1;
    counts.set(kind, count);
  }
  const result: RetentionByKind = {};
  for (const kind of FACT_KINDS) {
    const count = counts.get(kind);
    if (count) result[kind] = { ...count, ratio: Math.round((count.retained / count.facts) * 1000) / 1000 };
  }
  return result;
}

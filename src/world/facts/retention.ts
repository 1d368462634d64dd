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
  /** The model answered this step with a recovery call for a needed fact. */
  readonly recovery?: { readonly fact: string; readonly attempt: number };
  /** Real tokens of the request this step sent (what a recovery step costs). */
  readonly realTokens?: number;
}

/** What forgetting cost one needed fact: the recovery calls the agent made for it. */
export interface FactRecovery {
  readonly id: string;
  readonly kind: FactKind;
  /** Recovery calls (steps whose answer was the re-read). */
  readonly calls: number;
  /** Real tokens of the requests those steps sent. */
  readonly tokens: number;
  /** The first step after the last re-read carried the fact (false: the strategy dropped it again every time). */
  readonly recovered: boolean;
}

/**
 * Forgetting has a price: every recovery the scripted agent made. A need with more than one call
 * is a re-read loop: the strategy dropped the re-read before the agent could use it.
 */
export interface SessionRecoveries {
  readonly calls: number;
  readonly tokens: number;
  /** Needs that took more than one recovery call. */
  readonly rereadLoops: number;
  readonly facts: readonly FactRecovery[];
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

/** Retention by kind summed over several sessions or runs (undefined when none has any). */
export function sumRetention(items: readonly (RetentionByKind | undefined)[]): RetentionByKind | undefined {
  const present = items.filter((item): item is RetentionByKind => item !== undefined);
  if (present.length === 0) return undefined;
  const total: RetentionByKind = {};
  for (const kind of FACT_KINDS) {
    let facts = 0;
    let retained = 0;
    for (const item of present) {
      facts += item[kind]?.facts ?? 0;
      retained += item[kind]?.retained ?? 0;
    }
    if (facts > 0) total[kind] = { facts, retained, ratio: Math.round((retained / facts) * 1000) / 1000 };
  }
  return total;
}

export interface SessionRetention {
  readonly facts: readonly FactOutcome[];
  /** At the end of the session: the last request probed. */
  readonly byKind: RetentionByKind;
  /** On each step that compacted (after it had planted facts). */
  readonly atCompactions: readonly { readonly step: number; readonly byKind: RetentionByKind }[];
  /** Present when the agent recovered a needed fact at least once. */
  readonly recoveries?: SessionRecoveries;
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
  const recoveries = sessionRecoveries(facts, steps);
  return {
    facts: outcomes,
    byKind: byKind(last, kindOf),
    atCompactions: probed
      .filter((step) => step.compaction)
      .map((step) => ({ step: step.step, byKind: byKind(step.facts!, kindOf) })),
    ...(recoveries === undefined ? {} : { recoveries }),
  };
}

function sessionRecoveries(facts: readonly WorldFact[], steps: readonly StepFacts[]): SessionRecoveries | undefined {
  const made: FactRecovery[] = [];
  for (const fact of facts) {
    const at = steps.flatMap((step, i) => (step.recovery?.fact === fact.id ? [i] : []));
    if (at.length === 0) continue;
    const after = steps[at[at.length - 1]! + 1]?.facts?.[fact.id];
    made.push({
      id: fact.id,
      kind: fact.kind,
      calls: at.length,
      tokens: at.reduce((sum, i) => sum + (steps[i]!.realTokens ?? 0), 0),
      recovered: after !== undefined && isRetained(after),
    });
  }
  if (made.length === 0) return undefined;
  return {
    calls: made.reduce((sum, fact) => sum + fact.calls, 0),
    tokens: made.reduce((sum, fact) => sum + fact.tokens, 0),
    rereadLoops: made.filter((fact) => fact.calls > 1).length,
    facts: made,
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

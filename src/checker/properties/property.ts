/**
 * The contract every fuzz property implements: a pure check over one played scenario.
 *
 * A property returns `null` when it holds, or a violation naming the step. A violation the
 * scenario makes unavoidable carries `infeasible` (the documented condition that proves it): the
 * fuzzer reports those as infeasible, never as passes and never as failures.
 */
import type { CompactionStrategy } from '../../engine/types.ts';
import type { SessionResult } from '../../world/session-result.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import type { Infeasibility } from '../infeasibility/infeasibility.ts';

export type PropertyName =
  | 'no-overflow'
  | 'no-loop'
  | 'no-thrash'
  | 'no-orphans'
  | 'user-request-preserved'
  | 'summarizer-input-fits'
  | 'declared-trigger'
  | 'estimate-precision'
  | 'summarizer-input-budget'
  | 'declared-summarizer-cut'
  | 'no-summary-growth'
  | 'events-immutable'
  | 'session-completes'
  | 'deterministic-replay'
  | 'model-answers'
  | 'goal-preserved';

export interface PropertyViolation {
  readonly property: PropertyName;
  /** The LLM step where it broke (null when the property is about the whole session). */
  readonly step: number | null;
  readonly turn: number | null;
  /** One line, naming the step and the numbers that broke. */
  readonly message: string;
  /** Set when no strategy could have satisfied the property here; null for a real failure. */
  readonly infeasible: Infeasibility | null;
}

/** The scenario-file `expect` keys a counterexample sets so `simulate` fails the same way. */
export type ExpectKey =
  | 'noOverflow'
  | 'noLoop'
  | 'noThrash'
  | 'noOrphans'
  | 'userRequestPreserved'
  | 'summarizerInputFits'
  | 'goalPreserved';

/**
 * What a property's verdict rests on. `behaviour`: what happened in the session (the requests sent,
 * the summarizer calls made, the events), measured by the world. `contract`: what the strategy
 * declares about itself (its trigger, its estimator, its summarizer cut), checked against the
 * world: a broken contract is a real bug, but a strategy that declares nothing is not judged, and
 * a kept contract proves nothing about the session.
 */
export type PropertyKind = 'behaviour' | 'contract';

export interface FuzzProperty {
  readonly name: PropertyName;
  /** Default `behaviour` (`propertyKind`). */
  readonly kind?: PropertyKind;
  /** What must hold, one sentence (shown by `fuzz --help` and in reports). */
  readonly description: string;
  /**
   * The `expect` key that asserts this property in a scenario file; null when `simulate` checks
   * it whatever `expect` says (strategy threw/hung, events mutated) or cannot check it (replay).
   */
  readonly expectKey: ExpectKey | null;
  /** True when `check` needs a second, independent run of the same scenario. */
  readonly needsRerun: boolean;
  /** Absent: judges every strategy. Else a strategy it does not apply to is not judged (not-checked). */
  readonly appliesTo?: (strategy: CompactionStrategy) => boolean;
  /** `strategy`: the instance that played `result` (what it declares; absent where the caller has none). */
  check(
    scenario: WorldScenario,
    result: SessionResult,
    rerun?: SessionResult,
    strategy?: CompactionStrategy,
  ): PropertyViolation | null;
}

/** Builds a violation; `infeasible` defaults to null (a real failure). */
export function violation(
  property: PropertyName,
  at: { readonly step: number | null; readonly turn: number | null },
  message: string,
  infeasible: Infeasibility | null = null,
): PropertyViolation {
  return { property, step: at.step, turn: at.turn, message, infeasible };
}

/** "step 12 (turn 5, tool-results)": how every message names where it broke. */
export function describeStep(step: { readonly step: number; readonly turn: number; readonly label: string }): string {
  return `step ${step.step} (turn ${step.turn}, ${step.label})`;
}

/** A property's kind: `behaviour` unless it says `contract`. */
export function propertyKind(property: Pick<FuzzProperty, 'kind'>): PropertyKind {
  return property.kind ?? 'behaviour';
}

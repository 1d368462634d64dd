/**
 * Differential verdicts: one run judged for two strategies on the same scenario. A property
 * "differs" on a run when one strategy fails it where the other holds it: the other passes, or
 * meets a violation the scenario made unavoidable (infeasible excuses hold for every strategy), or
 * breaks it too but LATER in the same conversation (both still on the scenario's script there:
 * checker/scripted-steps.ts). Every property reports its first violating step, and a property
 * broken at step s is broken by the first s + 1 steps alone; so a strategy whose first violation
 * comes later held the property through step s, where the other broke it. Without that, a change
 * that loses the user's request one step sooner than the reference, which loses it too, would hide
 * among the reference's own failures (issue 18). A run either strategy could not play
 * (not-checked) never differs: there is nothing to compare.
 */
import type { PropertyName } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';
import type { CasePlayer, CaseVerdicts } from '../run/play-case.ts';

type Side = 'mine' | 'reference';

/** Holds: passed or infeasible (never a failure of the strategy). */
export function holds(verdict: Verdict): boolean {
  return verdict.status === 'passed' || verdict.status === 'infeasible';
}

/** `failing` fails the property where `holding` holds it (at that point of the conversation). */
export function differs(failing: Verdict, holding: Verdict): boolean {
  if (failing.status !== 'failed') return false;
  if (holds(holding)) return true;
  return holding.status === 'failed' && failsEarlier(failing, holding);
}

type Failure = { readonly violation: { readonly step: number | null }; readonly scriptedSteps?: number };

/**
 * Both fail, and `failing` first broke the property at a step where `holding` had not yet: an
 * earlier step, within both sessions' scripted prefix (the same point of the same conversation).
 */
export function failsEarlier(failing: Failure, holding: Failure): boolean {
  const step = failing.violation.step;
  const later = holding.violation.step;
  if (step === null || later === null || step >= later) return false;
  if (failing.scriptedSteps === undefined || holding.scriptedSteps === undefined) return false;
  return step < failing.scriptedSteps && step < holding.scriptedSteps;
}

export interface PairedVerdicts {
  readonly mine: CaseVerdicts;
  readonly reference: CaseVerdicts;
}

/** Plays a scenario with both strategies. */
export function pairedPlayer(
  mine: CasePlayer,
  reference: CasePlayer,
): { play(...args: Parameters<CasePlayer['play']>): Promise<PairedVerdicts> } {
  return {
    async play(spec, only, options) {
      return { mine: await mine.play(spec, only, options), reference: await reference.play(spec, only, options) };
    },
  };
}

/**
 * A player whose verdict on each property is "failed" exactly when mine fails it and the reference
 * holds it (mine's violation), else "passed": what shrinking keeps while it makes the scenario
 * smaller, so the counterexample is one where the difference persists.
 */
export function differencePlayer(
  mine: CasePlayer,
  reference: CasePlayer,
  properties: readonly PropertyName[],
): CasePlayer {
  const paired = pairedPlayer(mine, reference);
  return {
    async play(spec, only, options) {
      // (`options`: a shrink candidate is judged as one on both sides: play-case.ts PlayOptions.)
      const both = await paired.play(spec, only, options);
      return new Map(
        (only ?? properties).map((property): [PropertyName, Verdict] => {
          const own = both.mine.get(property)!;
          return [property, differs(own, both.reference.get(property)!) ? own : { status: 'passed' }];
        }),
      );
    },
  };
}

/**
 * How the holding side's verdict reads next to the failing side's violation: it holds, or it is
 * excused, or it breaks the property too, only later in the conversation.
 */
export function describeHolding(failing: { readonly step: number | null }, holding: Verdict): string {
  if (holding.status !== 'failed') return describeVerdict(holding);
  return `holds it at step ${failing.step} and breaks it only later: ${holding.violation.message}`;
}

/** How a verdict reads in a report and a counterexample's description. */
export function describeVerdict(verdict: Verdict): string {
  switch (verdict.status) {
    case 'passed':
      return 'holds';
    case 'infeasible':
      return `infeasible (${verdict.violation.infeasible!.reason}: no strategy could hold it)`;
    case 'failed':
      return `fails: ${verdict.violation.message}`;
    case 'not-checked':
      return `not checked (${verdict.reason})`;
  }
}

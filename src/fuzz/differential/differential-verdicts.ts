/**
 * Differential verdicts: one run judged for two strategies on the same scenario. A property
 * "differs" on a run when one strategy fails it and the other holds it (passes, or meets a
 * violation the scenario made unavoidable: infeasible excuses hold for every strategy). A run
 * either strategy could not play (not-checked) never differs: there is nothing to compare.
 */
import type { PropertyName } from '../../checker/properties/property.ts';
import type { Verdict } from '../../checker/verdict.ts';
import type { CasePlayer, CaseVerdicts } from '../run/play-case.ts';

export type Side = 'mine' | 'reference';

/** Holds: passed or infeasible (never a failure of the strategy). */
export function holds(verdict: Verdict): boolean {
  return verdict.status === 'passed' || verdict.status === 'infeasible';
}

/** `failing` fails the property where `holding` holds it. */
export function differs(failing: Verdict, holding: Verdict): boolean {
  return failing.status === 'failed' && holds(holding);
}

export interface PairedVerdicts {
  readonly mine: CaseVerdicts;
  readonly reference: CaseVerdicts;
}

/** Plays a scenario with both strategies. */
export function pairedPlayer(mine: CasePlayer, reference: CasePlayer): { play(...args: Parameters<CasePlayer['play']>): Promise<PairedVerdicts> } {
  return {
    async play(spec, only) {
      return { mine: await mine.play(spec, only), reference: await reference.play(spec, only) };
    },
  };
}

/**
 * A player whose verdict on each property is "failed" exactly when mine fails it and the reference
 * holds it (mine's violation), else "passed": what shrinking keeps while it makes the scenario
 * smaller, so the counterexample is one where the difference persists.
 */
export function differencePlayer(mine: CasePlayer, reference: CasePlayer, properties: readonly PropertyName[]): CasePlayer {
  const paired = pairedPlayer(mine, reference);
  return {
    async play(spec, only) {
      const both = await paired.play(spec, only);
      return new Map((only ?? properties).map((property): [PropertyName, Verdict] => {
        const own = both.mine.get(property)!;
        return [property, differs(own, both.reference.get(property)!) ? own : { status: 'passed' }];
      }));
    },
  };
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

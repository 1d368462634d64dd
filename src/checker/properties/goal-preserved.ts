/**
 * Issue 29: the session's goal and constraints (planted facts of those kinds) reach every request
 * sent after they are planted, verbatim or carried by a summary: the agent that forgets what it
 * is for, or a rule it was given, after a compaction (Codex #31659, opencode #41358, crush #3867)
 * fails it. A newer value that is missing while an older one is present (stale) fails it too.
 *
 * Excused only when no request could have carried them: the turn's user message, the goal and
 * constraints planted so far (quoted as their statements) and the system instruction and tool
 * declarations exceed the window (`goal-over-window`, checker/infeasibility/goal-floor.ts).
 * Vacuous for a scenario that plants no goal or constraint.
 */
import { isRetained, type FactValue, type WorldFact } from '../../world/facts/fact-types.ts';
import { goalFloorRealTokens } from '../infeasibility/goal-floor.ts';
import type { StepRecord } from '../../world/session-result.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

/** The session's goals and constraints: the facts this property watches. */
export function watchedFacts(scenario: WorldScenario): WorldFact[] {
  return (scenario.facts ?? []).filter((fact) => fact.kind === 'goal' || fact.kind === 'constraint');
}

/** The watched facts a request left out (planted by then, neither kept nor carried by a summary). */
export function missingFacts(watched: readonly WorldFact[], step: StepRecord): WorldFact[] {
  if (step.shortCircuited || step.facts === undefined) return [];
  return watched.filter((fact) => step.facts![fact.id] !== undefined && !isRetained(step.facts![fact.id]!));
}

export const goalPreserved: FuzzProperty = {
  name: 'goal-preserved',
  description:
    "the session's goal and constraints reach every later request, verbatim or in a summary, unless provably unable to fit",
  expectKey: 'goalPreserved',
  needsRerun: false,
  check(scenario, result) {
    const watched = watchedFacts(scenario);
    if (watched.length === 0) return null;
    for (const step of result.steps) {
      const missing = missingFacts(watched, step);
      if (missing.length === 0) continue;
      const what = missing.map((fact) => `${fact.kind} '${fact.id}' ${step.facts![fact.id]}`).join(', ');
      const message = `${describeStep(step)} sent a request without the session's ${what}`;
      // The newest value of every goal and constraint planted so far, as a summary would quote it.
      const planted: FactValue[] = watched.flatMap((fact) => {
        const state = step.facts![fact.id];
        if (state === undefined) return [];
        const values = fact.values.filter((value) => value.site.turn <= step.turn);
        return values.length === 0 ? [] : [values[values.length - 1]!];
      });
      const floor = goalFloorRealTokens(scenario, step.turn, planted);
      const infeasible =
        floor > step.contextWindow
          ? {
              reason: 'goal-over-window' as const,
              detail: `the user's message, ${planted.length} goal/constraint statement(s), system instruction and tools need ${floor} real tokens > ${step.contextWindow}`,
            }
          : null;
      return violation('goal-preserved', step, message, infeasible);
    }
    return null;
  },
};

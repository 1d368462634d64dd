/**
 * How far a session followed its scenario's script: the number of leading steps that are exactly
 * the steps the script plans, in order (each turn's `user` step, then `tool-results` after parallel
 * calls or one `tool-chain-<k>` per sequential call), with no short-circuited step (a callback
 * answered: the script did not advance), no `retry` and no turn that ended before its script did.
 *
 * Within that prefix, step number s is the same point of the same conversation for every strategy
 * played on the scenario: what lets differential fuzzing say that one strategy broke a property
 * EARLIER than another that breaks it too (differential-verdicts.ts), instead of counting the run
 * as "both fail" and hiding the regression among the reference's own failures.
 */
import type { SessionResult } from '../world/session-result.ts';
import type { WorldScenario, WorldTurn } from '../world/world-scenario.ts';

export function scriptedSteps(scenario: Pick<WorldScenario, 'turns'>, result: Pick<SessionResult, 'steps'>): number {
  let scripted = 0;
  let turn: number | null = null;
  let stepsInTurn = 0;
  for (const step of result.steps) {
    if (step.turn !== turn) {
      // A new turn starts only after the previous one ran all its planned steps, and in order.
      if (turn !== null && (step.turn !== turn + 1 || stepsInTurn !== plannedSteps(scenario.turns[turn]))) break;
      turn = step.turn;
      stepsInTurn = 0;
    }
    if (step.shortCircuited || step.label === 'retry') break;
    stepsInTurn += 1;
    scripted += 1;
  }
  return scripted;
}

/** The steps a turn's script makes (step-labels.ts): the user step, then the tool results. */
function plannedSteps(turn: WorldTurn | undefined): number {
  if (turn === undefined) return -1;
  const calls = turn.toolCalls.length;
  if (calls === 0) return 1;
  return turn.sequential ? calls + 1 : 2;
}

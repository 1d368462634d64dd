/**
 * Every user turn gets a model answer: the model was called for it and the turn's last invocation
 * ended with the model's final response. Judged from what the world saw happen (the model calls
 * the step loop made for each turn, and the event the turn ended on: `SessionResult.turnAnswers`),
 * never from what the strategy declares. A strategy whose hook ends every invocation before the
 * model is called sends nothing, so it overflows nothing and loses nothing: without this property
 * it would pass with zero LLM steps.
 *
 * Not judged: a turn the scenario marks `unanswered` (a stop by design), and a turn that ended on
 * the step loop's error event: the provider refused the request (judged by `no-overflow`, with its
 * infeasibility rules) or the turn reached the scenario's `maxLlmCallsPerTurn` (the scenario's
 * own bound, whatever the strategy does). Judged again: a turn whose last request the provider
 * refused although it fit the scenario's window (`session.provider.limit` below it): no window
 * was passed, so `no-overflow` says nothing, and the turn is left without an answer, as a session
 * stuck on a refusal its strategy did not recognise (anomalyco/opencode#50574). A strategy that
 * keeps its requests further below the window, or recovers from the refusal, gets it answered.
 *
 * No infeasibility rule: no turn exists that no strategy could get answered. A strategy can always
 * let the step loop call the model (do nothing in its hooks, end no invocation), and the world's
 * model answers every request it receives, except that a refusing provider answers an over-window
 * request with an error, which is left to `no-overflow` above.
 */
import type { SessionResult, TurnAnswer } from '../../world/session-result.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import { isRefusedUnderWindow } from '../../world/measure/definitions/provider-refusal.ts';
import { violation, type FuzzProperty } from './property.ts';

/** The turns the property judges that were left without the model's answer, in order. */
export function unansweredTurns(scenario: WorldScenario, result: SessionResult): TurnAnswer[] {
  return (result.turnAnswers ?? [])
    .filter((answer) => scenario.turns[answer.turn]?.unanswered !== true)
    .filter((answer) => answer.ending !== 'model-error' || refusedUnderWindow(scenario, result, answer.turn))
    .filter((answer) => answer.modelCalls === 0 || answer.ending !== 'model-response');
}

/** Whether the turn's last request was one the provider refused below the scenario's window. */
function refusedUnderWindow(scenario: WorldScenario, result: SessionResult, turn: number): boolean {
  if (!scenario.provider) return false;
  const last = result.steps.findLast((record) => record.turn === turn);
  return last !== undefined && isRefusedUnderWindow(scenario, last);
}

export const modelAnswers: FuzzProperty = {
  name: 'model-answers',
  description:
    'every user turn gets a model answer: the model is called for it and the turn ends with its final response',
  expectKey: null,
  needsRerun: false,
  check(scenario, result) {
    for (const answer of unansweredTurns(scenario, result)) {
      const how =
        answer.ending === 'model-error'
          ? `its last request was refused by the provider below the window (the error ended the turn after ${answer.modelCalls} model call(s))`
          : answer.modelCalls === 0
            ? 'the model was never called for it (the invocation was ended or answered before the model)'
            : `the model was called ${answer.modelCalls} time(s), but the turn ended without its final response (the invocation was ended or answered in its place)`;
      const step = result.steps.findLast((record) => record.turn === answer.turn)?.step ?? null;
      return violation('model-answers', { step, turn: answer.turn }, `turn ${answer.turn} got no model answer: ${how}`);
    }
    return null;
  },
};

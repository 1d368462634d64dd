/**
 * Whether the model answered each user turn, watched from the step loop itself: a step observer
 * standing in front of the session's recorder (every call is passed on unchanged) counts the
 * requests that reached the model, and the session driver shows it every event the runner yields.
 * Nothing here asks the strategy: a hook that ends the invocation before the model is called
 * (docs/peer-strategies.md X9's `endInvocation`), or a callback that answers in the model's place, leaves a turn
 * with no model call or with a last event the model did not write, whatever the strategy says.
 */
import type { LlmRequest } from '../../engine/types.ts';
import type { InvocationContext } from '../agents/invocation-context.ts';
import type { StepObserver } from '../agents/step-observer.ts';
import { isFinalResponse, type Event } from '../events/event.ts';
import type { TurnAnswer, TurnEnding } from '../session-result.ts';

export class TurnAnswerWatch implements StepObserver {
  readonly answers: TurnAnswer[] = [];
  readonly #inner: StepObserver;
  readonly #agentName: string;
  #modelCalls = 0;
  #invocations = 0;
  /** The step in progress made a model call (reset at each step's start). */
  #stepCalledModel = false;
  /** How the current invocation's last yielded (non-partial) event would end it. */
  #ending: TurnEnding = 'no-answer';

  constructor(inner: StepObserver, agentName: string) {
    this.#inner = inner;
    this.#agentName = agentName;
  }

  beginTurn(): void {
    this.#modelCalls = 0;
    this.#invocations = 0;
  }

  /** Each invocation of the turn (the first, then each follow-up): only the last one's ending counts. */
  beginInvocation(): void {
    this.#invocations += 1;
    this.#ending = 'no-answer';
  }

  /** Every event the runner yields, in order. */
  onYielded(event: Event): void {
    if (event.partial) return;
    this.#ending = endingOf(event, this.#agentName, this.#stepCalledModel);
  }

  endTurn(turn: number): void {
    this.answers.push({ turn, invocations: this.#invocations, modelCalls: this.#modelCalls, ending: this.#ending });
  }

  onStepStart(invocationContext: InvocationContext, request: LlmRequest): void {
    this.#stepCalledModel = false;
    this.#inner.onStepStart(invocationContext, request);
  }

  onShortCircuit(): void {
    this.#inner.onShortCircuit();
  }

  onModelRequest(request: LlmRequest): void {
    this.#modelCalls += 1;
    this.#stepCalledModel = true;
    this.#inner.onModelRequest(request);
  }

  onEventAppended(event: Event): void {
    this.#inner.onEventAppended(event);
  }

  onStepEnd(): void {
    this.#inner.onStepEnd();
  }
}

/**
 * The model's answer is a final response (no call, no function response) the agent authored in a
 * step that called the model, carrying content: a compaction record or a state-only event a hook
 * appended (no content) is not one, and neither is an answer a callback gave before the model.
 */
function endingOf(event: Event, agentName: string, stepCalledModel: boolean): TurnEnding {
  if (event.errorCode !== undefined) return 'model-error';
  const answered =
    stepCalledModel &&
    event.author === agentName &&
    event.content !== undefined &&
    event.actions.compaction === undefined &&
    isFinalResponse(event);
  return answered ? 'model-response' : 'no-answer';
}

/**
 * How the world watches one `runOneStep` without changing it: the request as the processors built
 * it (before any callback), the request the model received (or a short-circuit), every appended
 * event, and the end of the step.
 */
import type { LlmRequest } from '../../engine/types.ts';
import type { Event } from '../events/event.ts';
import type { InvocationContext } from './invocation-context.ts';

export interface StepObserver {
  onStepStart(invocationContext: InvocationContext, request: LlmRequest): void;
  onShortCircuit(): void;
  /** Right before the model is called, with the request it receives. */
  onModelRequest(request: LlmRequest): void;
  onEventAppended(event: Event): void;
  onStepEnd(): void;
}

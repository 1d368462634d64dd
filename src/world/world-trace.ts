/**
 * The step-by-step record the differential verifier compares with a real @google/adk run: per LLM
 * step, the request as the processors built it (before any callback), what the model received
 * (null when a callback answered instead), the events appended during the step (tool-response
 * events included) and the persisted session state afterwards; then the final session events.
 */
import type { LlmRequest } from '../engine/types.ts';
import type { Event } from './events/event.ts';

export interface WorldTraceStep {
  readonly step: number;
  readonly turn: number;
  readonly label: string;
  /** Snapshot of the request after the request processors and tool declarations, before any callback. */
  readonly pluginRequest: LlmRequest;
  /** Snapshot of the request the model received; null when a before-model callback short-circuited. */
  readonly modelRequest: LlmRequest | null;
  readonly appendedEvents: readonly Event[];
  /** The persisted session state after the step (what `getSession` returns: no `temp:` keys). */
  readonly stateAfter: Readonly<Record<string, unknown>>;
}

export interface WorldTrace {
  readonly steps: readonly WorldTraceStep[];
  /** Every event of the stored session, in order (user events included). */
  readonly events: readonly Event[];
}

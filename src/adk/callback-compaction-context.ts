/**
 * Builds the engine's `CompactionContext` from an adk-js 2.0.0 callback `Context`.
 *
 * State goes through `callbackContext.state` (adk-js `State`): `get` reads the step's delta first,
 * then the working session state; `set` writes both, so the write is visible at once in this
 * invocation and is persisted on the model-response event's `actions.stateDelta` when the runner
 * appends it (docs/adk-step-loop.md §2.7). That is how ContextGuard's summary and watermark survive turns.
 */
import type { Context } from '@google/adk';
import type { SessionEvent } from '../engine/hook-types.ts';
import type { CompactionContext, Content, SummarizerModel } from '../engine/types.ts';

export function compactionContextFor(
  callbackContext: Context,
  summarizer: SummarizerModel,
  contextWindow: number,
  /** What strategies see as the invocation's user content (normally `callbackContext.userContent`). */
  userContent: Content | undefined,
): CompactionContext {
  const state = callbackContext.state;
  return {
    agentName: callbackContext.agentName,
    state: {
      get: (key: string): unknown => state.get(key),
      set: (key: string, value: unknown): void => state.set(key, value),
    },
    userContent,
    summarizer,
    contextWindow,
    // For the optional hooks (docs/peer-strategies.md §B): the working session's events and the invocation id.
    events: callbackContext.invocationContext.session.events as unknown as readonly SessionEvent[],
    invocationId: callbackContext.invocationId,
  };
}

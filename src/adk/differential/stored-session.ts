/** Reading a real adk-js session back as plain data: the persisted state, events, history size. */
import type { Event as AdkEvent, InMemorySessionService } from '@google/adk';
import type { Content } from '@google/genai';
import { contentsQuarterTokens } from '../../world/ruler/quarter-byte-count.ts';
import { cloneValue } from '../../world/request-contents/clone-content.ts';
import type { PlainEvent } from './adk-step-meter.ts';

/**
 * The persisted state, read from the service's storage session. adk-js 2.0.0 keeps it in the
 * (TypeScript-private) `sessions` map; `getSession` would deep-clone the whole history on every
 * step. The working copy's state is not the same thing: a step that ends in an error event keeps
 * its callbacks' writes in the working copy only.
 */
export function storedState(
  service: InMemorySessionService,
  appName: string,
  userId: string,
  sessionId: string,
): () => Readonly<Record<string, unknown>> {
  const sessions = (
    service as unknown as {
      sessions?: Record<string, Record<string, Record<string, { state: Record<string, unknown> }>>>;
    }
  ).sessions;
  const session = sessions?.[appName]?.[userId]?.[sessionId];
  if (!session)
    throw new Error('adk-js InMemorySessionService internals changed: cannot read the stored session state');
  return () => ({ ...session.state });
}

/** An adk-js event as plain JSON-like data (drops the symbol brand; null-prototype deltas become plain). */
export function plainEvent(event: AdkEvent): PlainEvent {
  return cloneValue({ ...event }) as PlainEvent;
}

/** ContextGuard heuristic of every stored event adk-js would send (role set, first part not empty text). */
export function historyTokens(events: readonly AdkEvent[]): number {
  const contents = events
    .map((event) => event.content)
    .filter(
      (content): content is Content =>
        content?.role !== undefined && content.role !== '' && content.parts?.[0]?.text !== '',
    );
  return contentsQuarterTokens(contents);
}

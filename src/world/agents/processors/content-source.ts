/**
 * What a request content is made from. For a session event this is its content with client
 * `adk-` function-call ids stripped (adk-js `removeClientFunctionCallId`), frozen and built once,
 * with its measurements cached: the world re-sends the same immutable history every step, so a
 * step costs little more than its new content.
 */
import type { Content } from '@google/genai';
import { AF_FUNCTION_CALL_ID_PREFIX, type Event } from '../../events/event.ts';
import { deepFreeze } from '../../sessions/deep-freeze.ts';
import { isFrozenJsonData } from '../../sessions/frozen-json-data.ts';
import { contentQuarterTokens } from '../../ruler/quarter-byte-count.ts';
import { cloneValue } from './clone-content.ts';

export class ContentSource {
  /**
   * The ruler's `len/4` count of `content` (ruler/quarter-byte-count.ts), made once: the world
   * memoizes its own ruler's per-content counts, never the engine's.
   */
  readonly heuristic: number;
  #realTokens: Map<string, number> | undefined;
  /** The measurement item of an untouched copy of this source (shared: no allocation per step). */
  readonly untouched: { readonly content: undefined; readonly source: ContentSource };

  constructor(readonly content: Content) {
    deepFreeze(content);
    this.heuristic = contentQuarterTokens(content);
    this.untouched = Object.freeze({ content: undefined, source: this });
  }

  /** Real-token counts by token model key (tokenizer-based models fill it; created on first use). */
  get realTokens(): Map<string, number> {
    return (this.#realTokens ??= new Map());
  }
}

/**
 * Sources by event, while sessions play: a Map emptied once no session plays in this thread
 * (`forgetEventSources`, run-session.ts), not a WeakMap, whose entries (one per event, alive for
 * the whole session) are ephemerons the garbage collector traces again at every collection, a cost
 * that grew with the session's length.
 */
const eventSources = new Map<Event, ContentSource>();

/** Forgets every event's source (the world calls it once no session plays in this thread). */
export function forgetEventSources(): void {
  eventSources.clear();
}

/**
 * The (cached) source of an appended, frozen event that has content. When there is no client id
 * to strip, the event's own deep-frozen content is the source: sharing immutable data is
 * indistinguishable from copying it (every request element is still cloned from it).
 */
export function sourceOfEvent(event: Event): ContentSource {
  let source = eventSources.get(event);
  if (!source) {
    const original = event.content as Content;
    let content: Content;
    // Only the content is shared, so only the content must be unchangeable.
    if (!hasClientFunctionCallId(original) && isFrozenJsonData(original)) {
      content = original;
    } else {
      content = cloneValue(original);
      removeClientFunctionCallId(content);
    }
    source = new ContentSource(content);
    eventSources.set(event, source);
  }
  return source;
}

function hasClientFunctionCallId(content: Content): boolean {
  for (const part of content.parts ?? []) {
    if (part.functionCall?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) return true;
    if (part.functionResponse?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) return true;
  }
  return false;
}

/** adk-js `removeClientFunctionCallId` / adk-go `RemoveClientFunctionCallID`: ids ADK invented are not sent. */
export function removeClientFunctionCallId(content: Content): void {
  for (const part of content.parts ?? []) {
    if (part.functionCall?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) part.functionCall.id = undefined;
    if (part.functionResponse?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) part.functionResponse.id = undefined;
  }
}

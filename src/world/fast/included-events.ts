/**
 * The events that make request contents, kept incrementally for one session. Session history is
 * append-only and frozen, so the filtered list only grows; the rearrangement passes are the
 * identity as long as every response event directly follows the call event it answers (what the
 * step loop produces), which is tracked as events arrive. Anything else falls back to the full ADK
 * algorithms (content-processor-utils.ts).
 *
 * A step's sources are handed out as a `ContentSourceList`: the first `length` entries of the
 * (append-only, shared) array plus their heuristic total from a running prefix sum, so listing a
 * step's sources costs O(new events), not O(history). Each event's source is made once (its
 * content is frozen: sharing it is indistinguishable from copying it, since every request element
 * is cloned from it). Everything here lives as long as the session's builder, no longer.
 */
import type { Content } from '@google/genai';
import { AF_FUNCTION_CALL_ID_PREFIX, getFunctionCalls, getFunctionResponses, type Event } from '../events/event.ts';
import type { Flavour } from '../world-scenario.ts';
import {
  isZeroPart,
  rearrangeEventsForAsyncFunctionResponsesInHistory,
  rearrangeEventsForLatestFunctionResponse,
  requestContentOf,
  shouldIncludeEvent,
} from '../agents/processors/content-processor-utils.ts';
import { ContentSource } from '../request-contents/content-source.ts';
import { sourceListOf, type ContentSourceList } from '../request-contents/content-source-list.ts';
import { isFrozenJsonData } from '../sessions/frozen-json-data.ts';
import { clonePlanOf, type ClonePlan } from './content-clone.ts';

interface IncludedEvents {
  /** The first event of the history scanned (identity check that the history is the same). */
  first: Event | undefined;
  /** How many session events have been scanned. */
  scanned: number;
  /** The last scanned event (identity check that the history is the same). */
  lastScanned: Event | undefined;
  readonly included: Event[];
  /** The content source of each included event, in step (kept alongside `included`). */
  readonly sources: ContentSource[];
  /** How each source is copied into a request (content-clone.ts), chosen once per source. */
  readonly plans: ClonePlan[];
  /** heuristicPrefix[k] = heuristic tokens of sources[0..k). */
  readonly heuristicPrefix: number[];
  /** False once a response arrived anywhere but right after its call event (or twice). */
  canonical: boolean;
  readonly answeredIds: Set<string>;
}

export class IncludedEventsCache {
  readonly #byFlavour = new Map<Flavour, IncludedEvents>();
  readonly #eventSources = new Map<Event, ContentSource>();

  /** The sources of the session's append-only history (incremental). */
  list(events: readonly Event[], flavour: Flavour): ContentSourceList {
    let state = this.#byFlavour.get(flavour);
    const stale =
      !state ||
      state.first !== events[0] ||
      state.scanned > events.length ||
      (state.scanned > 0 && events[state.scanned - 1] !== state.lastScanned);
    if (!state || stale) {
      state = emptyIncludedEvents();
      this.#byFlavour.set(flavour, state);
    }
    return this.#listOf(this.#scan(state, events, flavour), flavour);
  }

  /** The copy plans of `sources` when it is one of the lists this cache keeps (plans[i] is for sources[i]). */
  plansOf(sources: readonly ContentSource[]): readonly ClonePlan[] | undefined {
    for (const state of this.#byFlavour.values()) if (state.sources === sources) return state.plans;
    return undefined;
  }

  /** The sources of any event list (nothing kept but the events' sources). */
  listUncached(events: readonly Event[], flavour: Flavour): ContentSourceList {
    return this.#listOf(this.#scan(emptyIncludedEvents(), events, flavour), flavour);
  }

  #listOf(included: IncludedEvents, flavour: Flavour): ContentSourceList {
    if (included.canonical) {
      const length = included.sources.length;
      return {
        sources: included.sources,
        length,
        extra: undefined,
        heuristic: included.heuristicPrefix[length] as number,
      };
    }
    const list = rearrangeEventsForAsyncFunctionResponsesInHistory(
      rearrangeEventsForLatestFunctionResponse(included.included, flavour),
    );
    return sourceListOf(list.map((event) => this.#sourceFor(event, flavour)));
  }

  #scan(state: IncludedEvents, events: readonly Event[], flavour: Flavour): IncludedEvents {
    for (let i = state.scanned; i < events.length; i += 1) {
      const event = events[i] as Event;
      if (shouldIncludeEvent(event, flavour)) {
        noteCanonical(state, event);
        const source = this.#sourceFor(event, flavour);
        state.included.push(event);
        state.sources.push(source);
        state.plans.push(clonePlanOf(source.content));
        state.heuristicPrefix.push(
          (state.heuristicPrefix[state.heuristicPrefix.length - 1] as number) + source.heuristic,
        );
      }
    }
    state.first = events[0];
    state.scanned = events.length;
    state.lastScanned = events[events.length - 1];
    return state;
  }

  #sourceFor(event: Event, flavour: Flavour): ContentSource {
    if (flavour === 'adk-go' && event.content?.parts?.some(isZeroPart))
      return new ContentSource(requestContentOf(event, flavour));
    let source = this.#eventSources.get(event);
    if (!source) {
      const original = event.content as Content;
      // When there is no client id to strip, the event's own deep-frozen content is the source.
      source = new ContentSource(
        !hasClientFunctionCallId(original) && isFrozenJsonData(original) ? original : requestContentOf(event, flavour),
      );
      this.#eventSources.set(event, source);
    }
    return source;
  }
}

function emptyIncludedEvents(): IncludedEvents {
  return {
    first: undefined,
    scanned: 0,
    lastScanned: undefined,
    included: [],
    sources: [],
    plans: [],
    heuristicPrefix: [0],
    canonical: true,
    answeredIds: new Set(),
  };
}

function hasClientFunctionCallId(content: Content): boolean {
  for (const part of content.parts ?? []) {
    if (part.functionCall?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) return true;
    if (part.functionResponse?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) return true;
  }
  return false;
}

function noteCanonical(state: IncludedEvents, event: Event): void {
  const responses = getFunctionResponses(event);
  if (responses.length === 0) return;
  const previous = state.included[state.included.length - 1];
  const callIds = new Set(previous ? getFunctionCalls(previous).map((call) => call.id) : []);
  for (const response of responses) {
    if (!response.id || !callIds.has(response.id) || state.answeredIds.has(response.id)) state.canonical = false;
    if (response.id) state.answeredIds.add(response.id);
  }
}

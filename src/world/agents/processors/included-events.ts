/**
 * The events that make request contents, kept incrementally. Session history is append-only and
 * frozen, so the filtered list only grows; the rearrangement passes are the identity as long as
 * every response event directly follows the call event it answers (what the step loop produces),
 * which is tracked as events arrive. Anything else falls back to the full ADK algorithms.
 *
 * A step's sources are handed out as a `ContentSourceList`: the first `length` entries of the
 * (append-only, shared) cached array plus their heuristic total from a running prefix sum, so
 * building a step costs O(new events), not O(history).
 */
import { getFunctionCalls, getFunctionResponses, type Event } from '../../events/event.ts';
import type { Flavour } from '../../world-scenario.ts';
import { cloneValue } from './clone-content.ts';
import {
  isZeroPart,
  rearrangeEventsForAsyncFunctionResponsesInHistory,
  rearrangeEventsForLatestFunctionResponse,
  shouldIncludeEvent,
} from './content-processor-utils.ts';
import { ContentSource, removeClientFunctionCallId, sourceOfEvent } from './content-source.ts';

interface IncludedEvents {
  /** How many session events have been scanned. */
  scanned: number;
  /** The last scanned event (identity check that the history is the same). */
  lastScanned: Event | undefined;
  readonly included: Event[];
  /** The content source of each included event, in step (kept alongside `included`). */
  readonly sources: ContentSource[];
  /** heuristicPrefix[k] = heuristic tokens of sources[0..k). */
  readonly heuristicPrefix: number[];
  /** False once a response arrived anywhere but right after its call event (or twice). */
  canonical: boolean;
  readonly answeredIds: Set<string>;
}

const cache = new WeakMap<readonly Event[], Map<Flavour, IncludedEvents>>();
/** Working copies of one history share a cache through the first event object. */
const cacheByFirstEvent = new WeakMap<Event, Map<Flavour, IncludedEvents>>();

/**
 * The sources of a request, in order: `sources[0..length)` then `extra` (adk-go's synthetic
 * continue turn) when set. `sources` may be longer than `length` (it is the shared cache, which
 * only grows): read it through `sourceAt`.
 */
export interface ContentSourceList {
  readonly sources: readonly ContentSource[];
  readonly length: number;
  readonly extra: ContentSource | undefined;
  /** ContextGuard heuristic tokens of all the sources. */
  readonly heuristic: number;
}

export function sourceAt(list: ContentSourceList, index: number): ContentSource | undefined {
  if (index < list.length) return list.sources[index];
  return index === list.length ? list.extra : undefined;
}

export function sourceCount(list: ContentSourceList): number {
  return list.extra === undefined ? list.length : list.length + 1;
}

/** A list over a plain array (every entry used). */
export function sourceListOf(sources: readonly ContentSource[]): ContentSourceList {
  let heuristic = 0;
  for (const source of sources) heuristic += source.heuristic;
  return { sources, length: sources.length, extra: undefined, heuristic };
}

export function contentSourceListFor(events: readonly Event[], flavour: Flavour): ContentSourceList {
  return sourceListOfIncluded(includedEvents(events, flavour), flavour);
}

function sourceListOfIncluded(included: IncludedEvents, flavour: Flavour): ContentSourceList {
  if (included.canonical) {
    const length = included.sources.length;
    return { sources: included.sources, length, extra: undefined, heuristic: included.heuristicPrefix[length] as number };
  }
  const list = rearrangeEventsForAsyncFunctionResponsesInHistory(rearrangeEventsForLatestFunctionResponse(included.included, flavour));
  return sourceListOf(list.map((event) => sourceFor(event, flavour)));
}

/** The sources as a fresh array. */
export function contentSourcesFor(events: readonly Event[], flavour: Flavour): ContentSource[] {
  const list = contentSourceListFor(events, flavour);
  return list.sources.slice(0, list.length);
}

function sourceFor(event: Event, flavour: Flavour): ContentSource {
  const parts = event.content?.parts ?? [];
  if (flavour === 'adk-go' && parts.some(isZeroPart)) {
    const content = cloneValue(event.content!);
    content.parts = parts.filter((part) => !isZeroPart(part)).map(cloneValue);
    removeClientFunctionCallId(content);
    return new ContentSource(content);
  }
  return sourceOfEvent(event);
}

/**
 * `contentSourceListFor` without the incremental cache, for an event list that is not an
 * append-only session history (a projection over compaction records rewrites its middle).
 */
export function contentSourceListUncached(events: readonly Event[], flavour: Flavour): ContentSourceList {
  return sourceListOfIncluded(scan(emptyIncludedEvents(), events, flavour), flavour);
}

function emptyIncludedEvents(): IncludedEvents {
  return { scanned: 0, lastScanned: undefined, included: [], sources: [], heuristicPrefix: [0], canonical: true, answeredIds: new Set() };
}

function includedEvents(events: readonly Event[], flavour: Flavour): IncludedEvents {
  const first = events[0];
  const byFlavour = (first && cacheByFirstEvent.get(first)) ?? cache.get(events) ?? new Map<Flavour, IncludedEvents>();
  if (first) cacheByFirstEvent.set(first, byFlavour);
  let state = byFlavour.get(flavour);
  const fresh = !state || state.scanned > events.length || (state.scanned > 0 && events[state.scanned - 1] !== state.lastScanned);
  if (!state || fresh) {
    state = emptyIncludedEvents();
    byFlavour.set(flavour, state);
  }
  return scan(state, events, flavour);
}

function scan(state: IncludedEvents, events: readonly Event[], flavour: Flavour): IncludedEvents {
  for (let i = state.scanned; i < events.length; i += 1) {
    const event = events[i] as Event;
    if (shouldIncludeEvent(event, flavour)) {
      noteCanonical(state, event);
      const source = sourceFor(event, flavour);
      state.included.push(event);
      state.sources.push(source);
      state.heuristicPrefix.push((state.heuristicPrefix[state.heuristicPrefix.length - 1] as number) + source.heuristic);
    }
  }
  state.scanned = events.length;
  state.lastScanned = events[events.length - 1];
  return state;
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

/**
 * Building request contents from session events: the filtering and rearrangement rules of
 * adk-js 2.0.0 (`agents/processors/content_processor_utils.js`) and adk-go
 * (`internal/llminternal/contents_processor.go`), over a single agent's events (no foreign-agent
 * rewrite: every event is from the user or this agent, so `convertForeignEvent` never applies).
 *
 * Differences by flavour (docs/adk-step-loop.md §1.7, §2.6):
 * - inclusion: adk-js drops events with no `content.role` or whose FIRST part's text is "" (an
 *   empty parts array is kept); adk-go drops nil content, empty role or zero parts, and deletes
 *   zero-value parts, skipping contents left with none;
 * - `rearrangeEventsForLatestFunctionResponse`: adk-js drops every intervening event between the
 *   matching call and the latest response; adk-go keeps intervening call events and unrelated
 *   responses.
 */
import type { Content, Part } from '@google/genai';
import { getFunctionCalls, getFunctionResponses, type Event } from '../../events/event.ts';
import { cloneValue } from '../../request-contents/clone-content.ts';
import { removeClientFunctionCallId } from '../functions.ts';
import { mergeFunctionResponseEvents } from './merge-function-response-events.ts';
import type { Flavour } from '../../world-scenario.ts';

/**
 * adk-js `getContents` (adk-go `buildContentsDefault`) for the world's single agent: the events
 * that contribute, rearranged so every function response follows its call, each content a deep
 * copy (adk-js `cloneDeep`) without ADK's client function-call ids. adk-go also deletes zero-value
 * parts from the copy.
 */
export function getContents(events: readonly Event[], flavour: Flavour): Content[] {
  const filteredEvents = events.filter((event) => shouldIncludeEvent(event, flavour));
  const resultEvents = rearrangeEventsForAsyncFunctionResponsesInHistory(
    rearrangeEventsForLatestFunctionResponse(filteredEvents, flavour),
  );
  return resultEvents.map((event) => requestContentOf(event, flavour));
}

/** One event's request content: a deep copy, client ids removed (adk-go: zero-value parts deleted). */
export function requestContentOf(event: Event, flavour: Flavour): Content {
  const content = cloneValue(event.content as Content);
  if (flavour === 'adk-go' && content.parts?.some(isZeroPart))
    content.parts = content.parts.filter((part) => !isZeroPart(part));
  removeClientFunctionCallId(content);
  return content;
}

const EXCLUDED_FUNCTION_NAMES = new Set(['adk_request_credential', 'adk_request_confirmation', 'adk_request_input']);

/** Whether `event` contributes a content to the request (auth/confirmation/input events never do). */
export function shouldIncludeEvent(event: Event, flavour: Flavour): boolean {
  const content = event.content;
  if (!content?.role) return false;
  const parts = content.parts;
  if (flavour === 'adk-go') {
    if (!parts || !parts.some((part) => !isZeroPart(part))) return false;
  } else if (parts?.[0]?.text === '') {
    return false;
  }
  for (const part of parts ?? []) {
    if (
      EXCLUDED_FUNCTION_NAMES.has(part.functionCall?.name ?? '') ||
      EXCLUDED_FUNCTION_NAMES.has(part.functionResponse?.name ?? '')
    ) {
      return false;
    }
  }
  return true;
}

/**
 * A Go zero-value part: every field unset, "" or false (Gemini 3's empty last streaming chunk);
 * adk-go deletes them.
 */
export function isZeroPart(part: Part): boolean {
  for (const key of Object.keys(part)) {
    const value = (part as Record<string, unknown>)[key];
    if (value !== undefined && value !== null && value !== '' && value !== false && value !== 0) return false;
  }
  return true;
}

/**
 * When the latest event holds function responses whose call is not the event just before it,
 * move (merged) responses right after the call. Throws like ADK when no call event matches.
 */
export function rearrangeEventsForLatestFunctionResponse(events: readonly Event[], flavour: Flavour): Event[] {
  const latest = events[events.length - 1];
  if (!latest) return [...events];
  const responses = getFunctionResponses(latest);
  if (responses.length === 0) return [...events];
  const responseIds = new Set(responses.flatMap((r) => (r.id ? [r.id] : [])));
  const secondLatest = events[events.length - 2];
  if (secondLatest && getFunctionCalls(secondLatest).some((call) => call.id && responseIds.has(call.id)))
    return [...events];

  const match = findCallEvent(events, responseIds);
  const related: Event[] = [];
  const kept: Event[] = [];
  for (let idx = match.eventIdx + 1; idx < events.length - 1; idx += 1) {
    const event = events[idx] as Event;
    const eventResponses = getFunctionResponses(event);
    if (eventResponses.some((r) => r.id && match.callIds.has(r.id))) related.push(event);
    else if (flavour === 'adk-go' && (getFunctionCalls(event).length > 0 || eventResponses.length > 0))
      kept.push(event);
  }
  related.push(latest);
  return [...events.slice(0, match.eventIdx + 1), ...kept, mergeFunctionResponseEvents(related)];
}

function findCallEvent(
  events: readonly Event[],
  responseIds: ReadonlySet<string>,
): { eventIdx: number; callIds: Set<string> } {
  for (let idx = events.length - 2; idx >= 0; idx -= 1) {
    const calls = getFunctionCalls(events[idx] as Event);
    if (!calls.some((call) => call.id && responseIds.has(call.id))) continue;
    const callIds = new Set(calls.flatMap((call) => (call.id ? [call.id] : [])));
    if (![...responseIds].every((id) => callIds.has(id))) {
      throw new Error(
        `Last response event should only contain the responses for the function calls in the same function call event. Function call ids found : ${[...callIds].join(', ')}, function response ids provided: ${[...responseIds].join(', ')}`,
      );
    }
    return { eventIdx: idx, callIds };
  }
  throw new Error(`No function call event found for function responses ids: ${[...responseIds].join(', ')}`);
}

/**
 * Puts every call event's responses right after it (merging several response events), dropping
 * response events from their original positions; response events that answer no call disappear
 * (adk-js `rearrangeEventsForAsyncFunctionResponsesInHistory`, adk-go `...InHistory`).
 */
export function rearrangeEventsForAsyncFunctionResponsesInHistory(events: readonly Event[]): Event[] {
  const responseEventIndexByCallId = new Map<string, number>();
  events.forEach((event, i) => {
    for (const response of getFunctionResponses(event)) if (response.id) responseEventIndexByCallId.set(response.id, i);
  });
  const result: Event[] = [];
  for (const event of events) {
    if (getFunctionResponses(event).length > 0) continue;
    result.push(event);
    const indices = new Set<number>();
    for (const call of getFunctionCalls(event)) {
      const index = call.id === undefined ? undefined : responseEventIndexByCallId.get(call.id);
      if (index !== undefined) indices.add(index);
    }
    if (indices.size === 1) result.push(events[[...indices][0] as number] as Event);
    else if (indices.size > 1)
      result.push(mergeFunctionResponseEvents([...indices].sort((a, b) => a - b).map((i) => events[i] as Event)));
  }
  return result;
}

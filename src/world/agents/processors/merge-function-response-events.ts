/**
 * adk-js `mergeFunctionResponseEvents` / adk-go `mergeFunctionResponseEvents`: a copy of the first
 * event whose parts are the union of all events' parts; a later response with an id already
 * present replaces the earlier one, new ids and non-response parts are appended.
 */
import type { Part } from '@google/genai';
import type { Event } from '../../events/event.ts';
import { cloneValue } from '../../request-contents/clone-content.ts';

export function mergeFunctionResponseEvents(events: readonly Event[]): Event {
  const first = events[0];
  if (!first) throw new Error('Cannot merge an empty list of events.');
  const parts: Part[] = cloneValue(first.content?.parts ?? []);
  if (parts.length === 0) throw new Error('There should be at least one function_response part.');
  const indexById = new Map<string, number>();
  parts.forEach((part, i) => {
    if (part.functionResponse?.id) indexById.set(part.functionResponse.id, i);
  });
  for (const event of events.slice(1)) {
    if (!event.content?.parts) throw new Error('There should be at least one function_response part.');
    for (const part of event.content.parts) {
      const copy = cloneValue(part);
      const id = copy.functionResponse?.id;
      if (id && indexById.has(id)) parts[indexById.get(id) as number] = copy;
      else {
        parts.push(copy);
        if (id) indexById.set(id, parts.length - 1);
      }
    }
  }
  return { ...first, content: { ...cloneValue(first.content), parts } } as Event;
}

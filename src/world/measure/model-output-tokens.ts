/**
 * The output tokens of what the model answered on one step: the texts and function calls of the
 * model-authored events the step appended (a function call costs its name and its JSON arguments,
 * as providers bill the serialized call). Function responses and user events are not output.
 * Counted with the turn's token model, the same ruler as the request sizes.
 */
import type { Event } from '../events/event.ts';

export function modelOutputTokens(appended: readonly Event[], countText: (text: string) => number): number {
  let total = 0;
  for (const event of appended) {
    if (event.author === 'user' || event.content?.role !== 'model') continue;
    for (const part of event.content.parts ?? []) {
      if (typeof part.text === 'string') total += countText(part.text);
      if (part.functionCall)
        total += countText(part.functionCall.name ?? '') + countText(JSON.stringify(part.functionCall.args ?? {}));
    }
  }
  return total;
}

/**
 * What a request content is made from. For a session event this is its content with client
 * `adk-` function-call ids stripped (adk-js `removeClientFunctionCallId`), frozen and built once,
 * with its measurements cached: the world re-sends the same immutable history every step, so a
 * step costs little more than its new content.
 */
import type { Content } from '@google/genai';
import { estimateContentTokens } from '../../../engine/tokens/estimate-tokens.ts';
import { AF_FUNCTION_CALL_ID_PREFIX, type Event } from '../../events/event.ts';
import { deepFreeze } from '../../sessions/deep-freeze.ts';
import { cloneValue } from './clone-content.ts';

export class ContentSource {
  /** ContextGuard heuristic tokens of `content`. */
  readonly heuristic: number;
  /** Real-token counts by token model key (filled lazily by tokenizer-based models). */
  readonly realTokens = new Map<string, number>();
  /** Hash of the canonical serialization (filled lazily by the trace digest). */
  digest: string | undefined;
  /** The measurement item of an untouched copy of this source (shared: no allocation per step). */
  readonly untouched: { readonly content: undefined; readonly source: ContentSource };

  constructor(readonly content: Content) {
    deepFreeze(content);
    this.heuristic = estimateContentTokens([content]);
    this.untouched = Object.freeze({ content: undefined, source: this });
  }
}

const eventSources = new WeakMap<Event, ContentSource>();

/** The (cached) source of an appended, frozen event that has content. */
export function sourceOfEvent(event: Event): ContentSource {
  let source = eventSources.get(event);
  if (!source) {
    const content = cloneValue(event.content as Content);
    removeClientFunctionCallId(content);
    source = new ContentSource(content);
    eventSources.set(event, source);
  }
  return source;
}

/** adk-js `removeClientFunctionCallId` / adk-go `RemoveClientFunctionCallID`: ids ADK invented are not sent. */
export function removeClientFunctionCallId(content: Content): void {
  for (const part of content.parts ?? []) {
    if (part.functionCall?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) part.functionCall.id = undefined;
    if (part.functionResponse?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) part.functionResponse.id = undefined;
  }
}

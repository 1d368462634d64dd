/**
 * CONTENT_REQUEST_PROCESSOR (adk-js 2.0.0 `content_request_processor.js`; adk-go
 * `ContentsRequestProcessor`): every step, `request.contents` is rebuilt from ALL session events,
 * as fresh copies that never alias the events (adk-js `cloneDeep` + `removeClientFunctionCallId`).
 *
 * adk-go only: when the last content is not from the user, a synthetic user turn
 * "Continue processing previous requests as instructed. Exit or provide a summary if no more
 * outputs are needed." is appended, and plugins see it. (adk-js adds its own "continue" text only
 * inside the Gemini model class, after the plugins; a custom model never sees it.)
 *
 * A session holding compaction records (docs/peer-strategies.md X4) is projected first (compaction-records.ts).
 */
import type { Content } from '@google/genai';
import type { Event } from '../../events/event.ts';
import type { Flavour } from '../../world-scenario.ts';
import type { InvocationContext } from '../invocation-context.ts';
import type { LlmRequest } from '../../../engine/types.ts';
import type { BaseLlmRequestProcessor } from './base-llm-processor.ts';
import { ContentSource } from './content-source.ts';
import { CompactionProjectionError, projectedEvents, sessionHasCompactionRecords } from './compaction-records.ts';
import { contentSourceListFor, contentSourceListUncached, type ContentSourceList } from './included-events.ts';
import { lazyContentsOf } from './lazy-contents.ts';

export const GO_CONTINUE_TEXT =
  'Continue processing previous requests as instructed. Exit or provide a summary if no more outputs are needed.';

class ContentRequestProcessor implements BaseLlmRequestProcessor {
  // eslint-disable-next-line require-yield
  async *runAsync(invocationContext: InvocationContext, llmRequest: LlmRequest): AsyncGenerator<Event, void, undefined> {
    this.run(invocationContext, llmRequest);
  }

  run(invocationContext: InvocationContext, llmRequest: LlmRequest): void {
    llmRequest.contents = lazyContentsOf(buildContentSourceList(invocationContext.session.events, invocationContext.flavour));
  }
}

export const CONTENT_REQUEST_PROCESSOR = new ContentRequestProcessor();

/**
 * The sources of this step's contents, in order (adk-go: plus the synthetic continue turn).
 * `cached: false` builds them without the incremental cache (for an event list that is not the
 * session's own append-only history).
 */
export function buildContentSourceList(events: readonly Event[], flavour: Flavour, options: { readonly cached?: boolean } = {}): ContentSourceList {
  const list = sessionHasCompactionRecords(events)
    ? projectedSourceList(events, flavour)
    : options.cached === false
      ? contentSourceListUncached(events, flavour)
      : contentSourceListFor(events, flavour);
  if (flavour === 'adk-go') {
    const last = list.length > 0 ? list.sources[list.length - 1] : undefined;
    if (last !== undefined && last.content.role !== 'user') {
      const extra = new ContentSource(goContinueContent());
      return { ...list, extra, heuristic: list.heuristic + extra.heuristic };
    }
  }
  return list;
}

/** ADK's rules over the projected events; their failure is the strategy's (its records broke them). */
function projectedSourceList(events: readonly Event[], flavour: Flavour): ContentSourceList {
  try {
    return contentSourceListUncached(projectedEvents(events), flavour);
  } catch (error) {
    throw new CompactionProjectionError(error);
  }
}

/** `buildContentSourceList` as a fresh array. */
export function buildContentSources(events: readonly Event[], flavour: Flavour): ContentSource[] {
  const list = buildContentSourceList(events, flavour);
  const sources = list.sources.slice(0, list.length);
  if (list.extra) sources.push(list.extra);
  return sources;
}

function goContinueContent(): Content {
  return { role: 'user', parts: [{ text: GO_CONTINUE_TEXT }] };
}

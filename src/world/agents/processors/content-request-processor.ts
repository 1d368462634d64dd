/**
 * CONTENT_REQUEST_PROCESSOR (adk-js 2.0.0 `content_request_processor.js`; adk-go
 * `ContentsRequestProcessor`): every step, `request.contents` is rebuilt from ALL session events,
 * as fresh copies that never alias the events (adk-js `getContents`: `cloneDeep` +
 * `removeClientFunctionCallId`, content-processor-utils.ts).
 *
 * How the copies are made is the session's `RequestContentsBuilder` (the one seam between this
 * mirror and the world's speed devices, request-contents/request-contents-builder.ts): the
 * reference builder runs `getContents` as written; the fast one hands out the same contents from
 * sources kept across steps.
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
import { CompactionProjectionError, projectedEvents, sessionHasCompactionRecords } from './compaction-records.ts';

export const GO_CONTINUE_TEXT =
  'Continue processing previous requests as instructed. Exit or provide a summary if no more outputs are needed.';

class ContentRequestProcessor implements BaseLlmRequestProcessor {
  // biome-ignore lint/correctness/useYield: as in adk-js, this processor edits the request and yields no event
  async *runAsync(
    invocationContext: InvocationContext,
    llmRequest: LlmRequest,
  ): AsyncGenerator<Event, void, undefined> {
    llmRequest.contents = invocationContext.requestContents.build(
      invocationContext.session.events,
      invocationContext.flavour,
    ).contents;
  }
}

export const CONTENT_REQUEST_PROCESSOR = new ContentRequestProcessor();

/** How a builder finds and projects compaction records: plainly (below), or from its own caches. */
export interface CompactionRecordsView {
  has(events: readonly Event[]): boolean;
  project(events: readonly Event[]): Event[];
}

const PLAIN_RECORDS: CompactionRecordsView = {
  has: sessionHasCompactionRecords,
  project: (events) => projectedEvents(events),
};

/**
 * The events the contents are built from, and how: `build(events, appendOnly)` over the session's
 * own history, or over its projection when it holds compaction records (a rewritten list, not
 * append-only; ADK's rules throwing over it is the strategy's failure: its records broke them).
 */
export function withContentEvents<T>(
  events: readonly Event[],
  build: (events: readonly Event[], appendOnly: boolean) => T,
  options: { readonly appendOnly?: boolean; readonly projectRecords?: boolean } = {},
  records: CompactionRecordsView = PLAIN_RECORDS,
): T {
  const appendOnly = options.appendOnly !== false;
  if (options.projectRecords === false || !records.has(events)) return build(events, appendOnly);
  try {
    return build(records.project(events), false);
  } catch (error) {
    throw new CompactionProjectionError(error);
  }
}

/** adk-go's synthetic continue turn, when the contents' last role is not `user` (else undefined). */
export function goContinueContent(flavour: Flavour, lastRole: string | undefined): Content | undefined {
  if (flavour !== 'adk-go' || lastRole === undefined || lastRole === 'user') return undefined;
  return { role: 'user', parts: [{ text: GO_CONTINUE_TEXT }] };
}

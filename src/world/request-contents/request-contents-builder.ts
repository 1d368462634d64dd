/**
 * The one seam between the ADK mirror and the world's speed devices: how a step's
 * `llmRequest.contents` is built from the session's events (adk-js `getContents`, reached from the
 * content request processor). Chosen once per session (`run-session.ts`, option `contentsBuilder`):
 *  - `reference` (agents/reference-request-contents.ts): adk-js's algorithm as written, every step
 *    from scratch over the whole history;
 *  - `fast` (fast/fast-request-contents.ts): the same contents, from sources kept incrementally
 *    across the session's steps.
 * Both hand the plugins a plain array of fresh deep clones, and must agree exactly:
 * test/world/fast-vs-reference.test.ts plays the suites through both.
 */
import type { Event } from '../events/event.ts';
import type { Flavour } from '../world-scenario.ts';
import type { BuiltContents } from './built-contents.ts';
import type { ContentSourceList } from './content-source-list.ts';

export type ContentsBuilderKind = 'reference' | 'fast';

export interface SourcesOptions {
  /** false for an event list that is not the session's own append-only history (e.g. the history without some events). */
  readonly appendOnly?: boolean;
  /** false: ADK's rules over the raw events, compaction records not projected (the stored history as it is). */
  readonly projectRecords?: boolean;
}

export interface RequestContentsBuilder {
  readonly kind: ContentsBuilderKind;
  /** The step's contents from the session's (append-only) events: a fresh plain array of fresh clones. */
  build(events: readonly Event[], flavour: Flavour): BuiltContents;
  /** The sources `build` would clone, without cloning. */
  sources(events: readonly Event[], flavour: Flavour, options?: SourcesOptions): ContentSourceList;
  /** The build that made `contents` (the array as the processors set it), if this builder made it this step. */
  builtFor(contents: unknown): BuiltContents | undefined;
}

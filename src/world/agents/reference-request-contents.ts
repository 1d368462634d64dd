/**
 * The reference `RequestContentsBuilder`: request contents exactly as adk-js builds them, every
 * step from scratch over the whole history (`getContents`: filter, rearrange, deep-copy each
 * content, strip client ids; adk-go's continue turn), handed to the plugins as a plain array of
 * those fresh copies. Nothing is kept between steps but the last build (for measurement to find).
 *
 * Measurement needs each element's source (a frozen copy with its counts): here a source is made
 * per content per step, and the element is a deep copy of it.
 */
import type { Event } from '../events/event.ts';
import type { Flavour } from '../world-scenario.ts';
import { BuiltContents } from '../request-contents/built-contents.ts';
import { cloneValue } from '../request-contents/clone-content.ts';
import { ContentSource } from '../request-contents/content-source.ts';
import { sourceListOf, type ContentSourceList } from '../request-contents/content-source-list.ts';
import type { RequestContentsBuilder, SourcesOptions } from '../request-contents/request-contents-builder.ts';
import { getContents } from './processors/content-processor-utils.ts';
import { goContinueContent, withContentEvents } from './processors/content-request-processor.ts';

export class ReferenceRequestContents implements RequestContentsBuilder {
  readonly kind = 'reference';
  #last: BuiltContents | undefined;

  build(events: readonly Event[], flavour: Flavour): BuiltContents {
    const sources = this.sources(events, flavour);
    const contents = [];
    for (const source of sources.sources) contents.push(cloneValue(source.content));
    if (sources.extra) contents.push(cloneValue(sources.extra.content));
    return (this.#last = new BuiltContents(contents, sources));
  }

  sources(events: readonly Event[], flavour: Flavour, options: SourcesOptions = {}): ContentSourceList {
    return withContentEvents(
      events,
      (contentEvents) => {
        const contents = getContents(contentEvents, flavour);
        const extra = goContinueContent(flavour, contents.at(-1)?.role);
        return sourceListOf(
          contents.map((content) => new ContentSource(content)),
          extra && new ContentSource(extra),
        );
      },
      options,
    );
  }

  builtFor(contents: unknown): BuiltContents | undefined {
    return this.#last !== undefined && this.#last.contents === contents ? this.#last : undefined;
  }
}

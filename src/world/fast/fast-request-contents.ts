/**
 * The fast `RequestContentsBuilder`: the same contents as the reference builder
 * (agents/reference-request-contents.ts), from the sources `IncludedEventsCache` keeps across the
 * session's steps, so a step scans only the events appended since the last one and each event's
 * source (frozen copy, counts) is made once. The plugins still get a plain array of fresh deep
 * clones, as in adk-js: anything a strategy may do with it (mutate, `structuredClone`, JSON)
 * behaves exactly as there.
 */
import type { Content } from '@google/genai';
import type { Event } from '../events/event.ts';
import type { Flavour } from '../world-scenario.ts';
import { goContinueContent, withContentEvents } from '../agents/processors/content-request-processor.ts';
import { BuiltContents } from '../request-contents/built-contents.ts';
import { cloneValue } from '../request-contents/clone-content.ts';
import { ContentSource } from '../request-contents/content-source.ts';
import { sourceAt, type ContentSourceList } from '../request-contents/content-source-list.ts';
import type { RequestContentsBuilder, SourcesOptions } from '../request-contents/request-contents-builder.ts';
import { CompactionRecordsCache } from './compaction-records-cache.ts';
import { cloneByPlan } from './content-clone.ts';
import { IncludedEventsCache } from './included-events.ts';

export class FastRequestContents implements RequestContentsBuilder {
  readonly kind = 'fast';
  readonly #included = new IncludedEventsCache();
  readonly #records = new CompactionRecordsCache();
  #last: BuiltContents | undefined;

  build(events: readonly Event[], flavour: Flavour): BuiltContents {
    const sources = this.sources(events, flavour);
    const count = sources.extra === undefined ? sources.length : sources.length + 1;
    const contents: Content[] = new Array(count);
    const plans = this.#included.plansOf(sources.sources);
    if (plans === undefined)
      for (let i = 0; i < count; i += 1) contents[i] = cloneValue((sourceAt(sources, i) as ContentSource).content);
    else {
      const list = sources.sources;
      for (let i = 0; i < sources.length; i += 1)
        contents[i] = cloneByPlan((list[i] as ContentSource).content, plans[i]!);
      if (sources.extra !== undefined) contents[sources.length] = cloneValue(sources.extra.content);
    }
    return (this.#last = new BuiltContents(contents, sources));
  }

  sources(events: readonly Event[], flavour: Flavour, options: SourcesOptions = {}): ContentSourceList {
    return withContentEvents(
      events,
      (contentEvents, appendOnly) => {
        const list = appendOnly
          ? this.#included.list(contentEvents, flavour)
          : this.#included.listUncached(contentEvents, flavour);
        const last = list.length > 0 ? list.sources[list.length - 1] : undefined;
        const extra = goContinueContent(flavour, last?.content.role);
        if (extra === undefined) return list;
        const source = new ContentSource(extra);
        return { ...list, extra: source, heuristic: list.heuristic + source.heuristic };
      },
      options,
      this.#records,
    );
  }

  builtFor(contents: unknown): BuiltContents | undefined {
    return this.#last !== undefined && this.#last.contents === contents ? this.#last : undefined;
  }
}

/**
 * Request contents as measurement sees them: each element with the source it is an unmodified
 * copy of, if any (its counts are then cached on the source). Reads plain arrays of plain objects
 * only; an element counts as a copy of a source only when it is a clone the step's build made from
 * that source AND still deep-equals it (a strategy may edit a clone in place).
 */
import type { Content } from '@google/genai';
import { deepEqual } from './clone-content.ts';
import type { BuiltContents } from './built-contents.ts';
import type { ContentSource } from './content-source.ts';

/** One element of a request's contents, as measurement sees it. */
export interface ContentItem {
  /** The content object (undefined when it is an unmodified copy of `source`). */
  readonly content: Content | undefined;
  /** The source this element is an unmodified copy of, if any. */
  readonly source: ContentSource | undefined;
}

/** The content of an item (an unmodified copy reads its frozen source: never write to it). */
export function itemContent(item: ContentItem): Content | undefined {
  return item.content ?? item.source?.content;
}

/** The items of `contents`; `built` is the step's build, whose clones are recognised wherever they moved. */
export function contentItems(contents: readonly (Content | undefined | null)[], built?: BuiltContents): ContentItem[] {
  // `length` read once: what the ruler measures is one reading of the list, as a provider's SDK
  // serializes it once, even when a strategy's array-like answers differently on each read.
  const count = contents.length;
  const items: ContentItem[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const content = contents[i] ?? undefined;
    const source =
      built !== undefined && content !== undefined && typeof content === 'object'
        ? built.sourceOfClone(content)
        : undefined;
    items[i] =
      source !== undefined && deepEqual(content, source.content) ? source.untouched : { content, source: undefined };
  }
  return items;
}

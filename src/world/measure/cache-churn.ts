/**
 * Prompt-cache churn: how many leading contents of the previous request sent are no longer
 * unchanged at the same position (a provider's prefix cache is reusable only up to the first
 * difference). Appending new turns costs 0; rewriting history from position k costs everything
 * from k on; a changed system instruction or tool list invalidates the whole prefix.
 */
import type { Content } from '@google/genai';
import { deepEqual } from '../request-contents/clone-content.ts';
import { itemContent, type ContentItem } from '../request-contents/content-items.ts';

export interface SentPrefix {
  readonly items: readonly ContentItem[];
  /** Identity of everything before the contents (system instruction + tools). */
  readonly preamble: string;
}

export function cacheChurn(previous: SentPrefix | undefined, current: SentPrefix): number {
  if (!previous) return 0;
  if (previous.preamble !== current.preamble) return previous.items.length;
  return previous.items.length - sharedContents(previous, current);
}

/** How many leading contents `current` shares with `previous` (same preamble assumed). */
export function sharedContents(previous: SentPrefix, current: SentPrefix): number {
  let same = 0;
  while (
    same < previous.items.length &&
    same < current.items.length &&
    sameItem(previous.items[same]!, current.items[same]!)
  )
    same += 1;
  return same;
}

function sameItem(a: ContentItem, b: ContentItem): boolean {
  if (a.source && a.source === b.source) return true;
  return deepEqual(itemContent(a) as Content | undefined, itemContent(b) as Content | undefined);
}

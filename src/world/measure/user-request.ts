/**
 * Is the latest user request still in front of the model? True when a content's text contains it
 * verbatim: the user's own message, or a continuation/summary that quotes it (ContextGuard's
 * continuation quotes the user's text when it has the user content).
 */
import type { ContentItem } from '../agents/processors/lazy-contents.ts';
import { itemContent } from '../agents/processors/lazy-contents.ts';
import type { ContentSource } from '../agents/processors/content-source.ts';

export function userRequestPresent(items: readonly ContentItem[], userText: string, userSource: ContentSource | undefined): boolean {
  if (userText === '') return true;
  // The user's own message is usually near the end: look there first.
  for (let i = items.length - 1; i >= 0; i -= 1) if (userSource && items[i]?.source === userSource) return true;
  for (const item of items) {
    for (const part of itemContent(item)?.parts ?? []) {
      if (typeof part.text === 'string' && part.text.includes(userText)) return true;
    }
  }
  return false;
}

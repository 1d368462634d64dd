/**
 * Is the latest user request still in front of the model? True when a content is an unmodified
 * copy of the user's own message, or when a content's text contains it verbatim and whole (a
 * continuation/summary that quotes it: ContextGuard's continuation quotes the user's text when it
 * has the user content), or when text the strategy added to the system instruction contains it.
 */
import type { Content } from '@google/genai';
import { deepEqual } from '../request-contents/clone-content.ts';
import { itemContent, type ContentItem } from '../request-contents/content-items.ts';

export function userRequestPresent(
  items: readonly ContentItem[],
  userText: string,
  userContent: Content | undefined,
  addedSystemText = '',
): boolean {
  if (userText === '') return true;
  // Pinned to the system instruction by the strategy (added-system-text.ts): the model reads it there.
  if (quotes(addedSystemText, userText)) return true;
  // The user's own message is usually near the end: look there first.
  if (userContent) {
    for (let i = items.length - 1; i >= 0; i -= 1) {
      const source = items[i]?.source;
      if (source && source.content.role === userContent.role && deepEqual(source.content, userContent)) return true;
    }
  }
  for (const item of items) {
    for (const part of itemContent(item)?.parts ?? []) {
      if (typeof part.text === 'string' && quotes(part.text, userText)) return true;
    }
  }
  return false;
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * `text` holds `quoted` whole: not as the inside of a longer word. A short request ("ok", "run
 * it") is otherwise found in any text that spells a word around it ("book", "truncated"), and a
 * strategy that dropped it passed.
 */
function quotes(text: string, quoted: string): boolean {
  const openWord = WORD.test(quoted[0]!);
  const closeWord = WORD.test(quoted[quoted.length - 1]!);
  for (let at = text.indexOf(quoted); at >= 0; at = text.indexOf(quoted, at + 1)) {
    if (openWord && at > 0 && WORD.test(text[at - 1]!)) continue;
    const end = at + quoted.length;
    if (closeWord && end < text.length && WORD.test(text[end]!)) continue;
    return true;
  }
  return false;
}

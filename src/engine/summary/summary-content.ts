/**
 * How a summary enters the request (adk-utils-go `injectSummary`, `replaceSummary`,
 * `injectContinuation`, docs/contextguard.md §7). Every function replaces `req.contents` with a new array and
 * never edits a Content it was given: the request is the only thing a callback may change.
 */
import type { Content } from '@google/genai';
import type { LlmRequest } from '../types.ts';

/** First line of every summary content; also how an already-injected summary is recognised. */
export const SUMMARY_PREFIX = '[Previous conversation summary]';
/** Closing line (ASCII hyphen at upstream HEAD; an em dash before commit 716cdce). */
export const SUMMARY_SUFFIX = '[End of summary - conversation continues below]';

/** The text of the summary content: prefix, summary, suffix, newline separated. */
export function summaryText(summary: string): string {
  return `${SUMMARY_PREFIX}\n${summary}\n${SUMMARY_SUFFIX}`;
}

/** A fresh `{role: "user"}` content holding the wrapped summary. */
export function summaryContent(summary: string): Content {
  return { role: 'user', parts: [{ text: summaryText(summary) }] };
}

/** True when the content is a user content whose first part's text starts with {@link SUMMARY_PREFIX}. */
export function isSummaryContent(content: Content | undefined | null): boolean {
  if (!content || content.role !== 'user' || !content.parts || content.parts.length === 0) return false;
  const text = content.parts[0]?.text;
  return typeof text === 'string' && text !== '' && text.startsWith(SUMMARY_PREFIX);
}

/**
 * Puts the stored summary in front of the request. If `0 < watermark <= contents.length` the first
 * `watermark` contents (already summarized) are dropped; otherwise the summary is just prepended.
 * A request that already starts with a summary is left unchanged (nothing is stripped then).
 */
export function injectSummary(req: LlmRequest, summary: string, watermark: number): void {
  if (req.contents.length > 0 && isSummaryContent(req.contents[0])) return;
  const head = summaryContent(summary);
  // One copy of the kept contents (slice), then the head in front: no second pass over them.
  const kept = watermark > 0 && watermark <= req.contents.length ? req.contents.slice(watermark) : req.contents.slice();
  kept.unshift(head);
  req.contents = kept;
}

/** `req.contents = [summary content, ...recent]`. */
export function replaceSummary(req: LlmRequest, summary: string, recent: readonly Content[] = []): void {
  req.contents = [summaryContent(summary), ...recent];
}

/**
 * The continuation instruction appended after a compaction, byte for byte as upstream. Without a
 * user text it is the generic 187-byte message (46 heuristic tokens).
 */
export function continuationText(userText?: string): string {
  if (userText) {
    return (
      '[System: The conversation was compacted because it exceeded the context window. ' +
      `The summary above contains all prior context. The user's current request is: \`${userText}\`. ` +
      'Continue working on this request without asking the user to repeat anything.]'
    );
  }
  return (
    '[System: The conversation was compacted because it exceeded the context window. ' +
    'The summary above contains all prior context. ' +
    'Continue working without asking the user to repeat anything.]'
  );
}

/** Appends a user content with {@link continuationText} of the first non-empty text of `userContent`. */
export function injectContinuation(req: LlmRequest, userContent: Content | undefined | null): void {
  let text = '';
  for (const part of userContent?.parts ?? []) {
    if (part && typeof part.text === 'string' && part.text !== '') {
      text = part.text;
      break;
    }
  }
  req.contents = [...req.contents, { role: 'user', parts: [{ text: continuationText(text) }] }];
}

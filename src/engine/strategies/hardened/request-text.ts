/**
 * The user's current request, so it reaches the model on every step (ContextGuard quotes it only
 * on the step that compacts, and not at all when the host hides the user content:
 * scenarios/regressions/threshold-continuation-lost-after-compaction.yaml). From the invocation's
 * user content when the host exposes it; otherwise from the request as the host built it, where
 * the user's message is the last user content carrying text (not a tool result, not a host's
 * synthetic nudge), unless a model answer comes after it (then this turn's message was empty).
 */
import type { Content } from '@google/genai';
import { contentHasFunctionCall, contentHasFunctionResponse } from '../../split/split-index.ts';
import { SUMMARY_PREFIX } from '../../summary/summary-content.ts';

/** adk-go's stand-in for an empty user message (flows/llmflows/contents: "Continue processing…"). */
const HOST_NUDGE = 'Continue processing previous requests as instructed.';
const CONTINUATION_PREFIX = '[System: The conversation was compacted';

export function firstText(content: Content | undefined | null): string {
  for (const part of content?.parts ?? []) {
    if (part && typeof part.text === 'string' && part.text !== '') return part.text;
  }
  return '';
}

/** The request text of this step: '' when there is none to keep (an empty message). */
export function currentRequestText(userContent: Content | undefined, built: readonly Content[]): string {
  if (userContent !== undefined) return firstText(userContent);
  for (let i = built.length - 1; i >= 0; i -= 1) {
    const content = built[i];
    if (!content) continue;
    // A model answer without a call ended an earlier turn: this turn's message was empty (the
    // host left it out), so there is no request text to keep.
    if (content.role === 'model' && !contentHasFunctionCall(content)) return '';
    if (content.role !== 'user' || contentHasFunctionResponse(content)) continue;
    const text = firstText(content);
    if (
      text === '' ||
      text.startsWith(HOST_NUDGE) ||
      text.startsWith(SUMMARY_PREFIX) ||
      text.startsWith(CONTINUATION_PREFIX)
    )
      continue;
    return text;
  }
  return '';
}

/** Whether some content of `contents` carries `text` verbatim (the message itself, or a quote). */
export function carriesText(contents: readonly (Content | undefined | null)[], text: string): boolean {
  if (text === '') return true;
  for (const content of contents) {
    for (const part of content?.parts ?? []) {
      if (part && typeof part.text === 'string' && part.text.includes(text)) return true;
    }
  }
  return false;
}

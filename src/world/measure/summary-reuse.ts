/**
 * Tells, for a step whose request the strategy changed without calling the summarizer, whether it
 * re-used a stored summary (a `reinjection`) or shrank the request without one (`trimmed`: history
 * dropped or cut, nothing summarized). Counting every changed request as a re-injection made a
 * strategy that never summarizes show hundreds of "re-injections" and summary markers.
 *
 * A stored summary is recognised by its text, for any strategy: a content the strategy added
 * (not a copy of a session event) whose text holds a reply the summarizer gave earlier in the
 * session, or equals a text the strategy added on a step that summarized (a mechanical fallback
 * summary, written without the summarizer's words). Both step meters (the world's and the
 * differential one over real adk-js) classify through this one class.
 */
import type { Content } from '@google/genai';

export interface StepRewrite {
  /** Texts of the contents the strategy added (not copies of session events), '' ones skipped. */
  readonly addedTexts: readonly string[];
  readonly summarized: boolean;
  /** The plugins changed the request (contents, system instruction or tools). */
  readonly changed: boolean;
  /** The sent request is smaller (heuristic tokens) than the one the processors built. */
  readonly shrunk: boolean;
}

export class SummaryReuse {
  readonly #replies: string[] = [];
  readonly #injected = new Set<string>();

  /** A successful summarizer reply. */
  noteReply(text: string): void {
    if (text !== '') this.#replies.push(text);
  }

  classify(step: StepRewrite): { readonly reinjection: boolean; readonly trimmed: boolean } {
    if (step.summarized) {
      for (const text of step.addedTexts) this.#injected.add(text);
      return { reinjection: false, trimmed: false };
    }
    if (!step.changed) return { reinjection: false, trimmed: false };
    const reused = step.addedTexts.some(
      (text) => this.#injected.has(text) || this.#replies.some((reply) => text.includes(reply)),
    );
    return { reinjection: reused, trimmed: !reused && step.shrunk };
  }
}

/** The text parts of a content, joined ('' for none, or for something that is not a content). */
export function contentText(content: Content | undefined | null): string {
  const parts = (content as { parts?: unknown } | undefined | null)?.parts;
  if (!Array.isArray(parts)) return '';
  let text = '';
  for (const part of parts) {
    const value = (part as { text?: unknown } | null)?.text;
    if (typeof value === 'string') text += value;
  }
  return text;
}
